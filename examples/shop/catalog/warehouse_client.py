"""Client for the warehouse service.

Retry policy for this hop lives here and nowhere else:
- the httpx client has no transport retries,
- the mesh is told not to retry (deploy/k8s/virtual-services.yaml),
- only connection failures are retried (the request never reached warehouse),
- waits are jittered so catalog pods don't retry in lockstep,
- writes carry an Idempotency-Key, chosen by the caller so every attempt sends the same one.
"""
import os

import httpx
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential

WAREHOUSE_URL = os.environ.get("WAREHOUSE_URL", "http://warehouse.shop.svc.cluster.local:8080")

_client = httpx.Client(
    base_url=WAREHOUSE_URL,
    timeout=httpx.Timeout(1.0, connect=0.3),
)


@retry(
    retry=retry_if_exception_type((httpx.ConnectError, httpx.ConnectTimeout)),
    stop=stop_after_attempt(3),
    wait=wait_random_exponential(multiplier=0.1, max=0.5),
    reraise=True,
)
def stock_level(sku: str) -> int:
    resp = _client.get(f"/stock/{sku}")
    resp.raise_for_status()
    return resp.json()["available"]


@retry(
    retry=retry_if_exception_type((httpx.ConnectError, httpx.ConnectTimeout)),
    stop=stop_after_attempt(3),
    wait=wait_random_exponential(multiplier=0.1, max=0.5),
    reraise=True,
)
def hold_stock(sku: str, quantity: int, idempotency_key: str) -> dict:
    resp = _client.post(
        "/holds",
        json={"sku": sku, "quantity": quantity},
        headers={"Idempotency-Key": idempotency_key},
    )
    resp.raise_for_status()
    return resp.json()
