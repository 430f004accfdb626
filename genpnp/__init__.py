"""genpnp: print-and-play PDFs from YAML game content, with a rules validator."""

__version__ = "0.1.0"

# Compiled dataclass methods are kept between runs (genpnp/codecache.py): installed before any
# genpnp module makes its classes.
from genpnp import codecache as _codecache  # noqa: E402

_codecache.install()
