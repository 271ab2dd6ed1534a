"""`identity` command: operator tasks that have no API on purpose.

uv run identity set-platform-admin someone@example.com [--revoke]
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from sqlalchemy import update

from identity.config import Settings
from identity.models import Account
from kit.db import create_engine, create_sessionmaker, transaction


async def set_platform_admin(email: str, value: bool) -> bool:
    settings = Settings()
    engine = create_engine(settings.database_url, pool_size=1)
    try:
        async with transaction(create_sessionmaker(engine)) as session:
            result = await session.execute(
                update(Account).where(Account.email == email.strip().lower()).values(is_platform_admin=value)
            )
            return bool(result.rowcount)
    finally:
        await engine.dispose()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="identity")
    commands = parser.add_subparsers(dest="command", required=True)
    admin = commands.add_parser("set-platform-admin", help="grant (or --revoke) the platform-admin flag")
    admin.add_argument("email")
    admin.add_argument("--revoke", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "set-platform-admin":
        found = asyncio.run(set_platform_admin(args.email, not args.revoke))
        if not found:
            print(f"no account with email {args.email}", file=sys.stderr)
            return 1
        print(
            f"{args.email}: platform admin {'revoked' if args.revoke else 'granted'} "
            "(effective at the next token refresh)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
