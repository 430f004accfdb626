"""Game rules modules: each has ``check(game) -> list[Violation]``."""
