import os

import requests
from requests.adapters import HTTPAdapter
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_random_exponential
from urllib3.util import Retry

INVOICES_URL = os.environ.get("INVOICES_URL", "https://invoices.partner.example")

session = requests.Session()
session.mount("https://", HTTPAdapter(max_retries=Retry(total=3, backoff_factor=0.5, backoff_jitter=0.5, status_forcelist=[502, 503, 504])))


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(multiplier=0.5, max=4), retry=retry_if_exception_type(requests.ConnectionError))
def fetch_invoice(order_id):
    resp = session.get(f"{INVOICES_URL}/v1/invoices/{order_id}.pdf", timeout=10)
    resp.raise_for_status()
    return resp.content
