import requests


def restock(sku):
    requests.get(f"http://inventory/restock/{sku}", timeout=5)
