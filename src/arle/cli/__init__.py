"""The ``arle`` command line."""
