"""genpnp: print-and-play PDFs from YAML game content, with a rules validator."""

__version__ = "0.1.0"
