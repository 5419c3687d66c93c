import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2))
def reserve(sku):
    return requests.get(f"http://inventory:8080/stock/{sku}", timeout=2)


@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=2))
def charge(order_id):
    return requests.get(f"http://payments:8080/charges/{order_id}", timeout=2)
