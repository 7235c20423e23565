"""The rules of Fields of Arle.  Importing this package registers every rules module.

The modules form layers, each importing only those before it: ``ditches``, ``core``,
``farm``, ``harbor``, ``spaces``, ``buildings``, ``tt_buildings``, ``three``, ``vehicles``,
``inventory``; then ``setup`` and ``catalog`` (imported on their own).  The frames are
:mod:`arle.frames`, below the state.  Where a lower module's rules hand over to a
higher one (the turn loop to the placements, a space to the buildings), the higher
module links its functions into the lower one when it is imported.
"""

# (in the order the rules register, which orders their tables)
from arle.engine import core, farm, harbor, spaces, buildings  # noqa: F401
from arle.engine import tt_buildings, vehicles, inventory, three  # noqa: F401

core.check_registries()
assert spaces.linked() and harbor.linked(), "arle.engine: a rule is not linked"
