"""The rules of Fields of Arle.  Importing this package registers every rules module."""

from arle.engine import core, frames, farm, spaces, buildings, vehicles, harbor, inventory  # noqa: F401
from arle.engine import tt_buildings, three  # noqa: F401

core.check_registries()
