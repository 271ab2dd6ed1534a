"""The API gateway."""
