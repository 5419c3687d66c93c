"""Client for the payments service."""
import os

import requests
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_exponential

from libs.outbound import session

PAYMENTS_URL = os.environ.get("PAYMENTS_URL", "http://payments:8080")


class PaymentDeclined(Exception):
    pass


# Payments has been flaky during its own deploys; give each charge a few chances.
@retry(
    stop=stop_after_attempt(3),
    wait=wait_exponential(multiplier=0.5, max=4),
    retry=retry_if_exception_type(requests.RequestException),
    reraise=True,
)
def charge(order_id: str, card_token: str, amount_cents: int) -> dict:
    resp = session.post(
        f"{PAYMENTS_URL}/v1/charges",
        json={"order_id": order_id, "card_token": card_token, "amount_cents": amount_cents},
        timeout=3,
    )
    resp.raise_for_status()
    return resp.json()
