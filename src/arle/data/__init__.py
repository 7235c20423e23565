"""Static game data (the catalog): no rules logic lives here."""
