"""Identity: accounts, credentials, access tokens (JWKS), profiles."""
