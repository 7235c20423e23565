"""The rules of Fields of Arle.  Importing this package registers every rules module."""

from arle.engine import core, frames, farm, spaces, buildings, vehicles, inventory  # noqa: F401

core.check_registries()
