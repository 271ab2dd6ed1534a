"""Why a social sign-in failed, as the code /login receives (`?social=error&reason=…`). Only a code travels
in the URL: free text there would let anyone link to our login page showing words of their choosing. The
SPA turns the code into the sentence (docs/product/accounts-and-profiles.md)."""

from __future__ import annotations

from enum import StrEnum


class SignInFailure(StrEnum):
    CANCELLED = "cancelled"  # the user said no at Google
    REFUSED = "refused"  # Google refused for another reason (policy, disabled account, …)
    EXPIRED = "expired"  # the sign-in took too long or was started in another browser
    UNVERIFIED = "unverified"  # Google does not vouch for the account's email address
    FAILED = "failed"  # anything else: a network or token problem, details in the log


def provider_refusal(error: str) -> SignInFailure:
    """The provider sent the browser back with an OAuth error code (RFC 6749 section 4.1.2.1)."""
    return SignInFailure.CANCELLED if error == "access_denied" else SignInFailure.REFUSED
