"""Infrastructure shared by every Cypher service and the gateway; no domain code lives here."""
