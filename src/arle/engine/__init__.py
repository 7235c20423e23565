"""The rules of Fields of Arle.  Importing this package registers every rules module."""

from arle.engine import core, farm, spaces, buildings, vehicles, inventory  # noqa: F401
