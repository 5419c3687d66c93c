"""Charge ledger in Postgres."""
import os

import backoff
import psycopg

DATABASE_URL = os.environ["DATABASE_URL"]


# Ride out a primary failover (~10 s on our managed Postgres).
@backoff.on_exception(backoff.expo, psycopg.OperationalError, max_tries=4, max_value=8)
def record_charge(charge_id: str, order_id: str, amount_cents: int, status: str) -> None:
    with psycopg.connect(DATABASE_URL, connect_timeout=3) as conn:
        conn.execute(
            "INSERT INTO charges (id, order_id, amount_cents, status) VALUES (%s, %s, %s, %s)",
            (charge_id, order_id, amount_cents, status),
        )
