import dramatiq
import ray
import requests
from huey import RedisHuey
from prefect import flow, task

huey = RedisHuey("shop")


@dramatiq.actor(max_retries=5)
def sync_stock(sku):
    requests.get(f"http://inventory/items/{sku}", timeout=5)


@dramatiq.actor(max_retries=None)
def audit(sku):
    requests.get(f"http://inventory/audit/{sku}", timeout=5)


@huey.task(retries=4, retry_delay=10)
def reindex(sku):
    requests.get(f"http://inventory/index/{sku}", timeout=5)


@task(retries=3)
def price(sku):
    requests.get(f"http://inventory/prices/{sku}", timeout=5)


@flow(retries=2, retry_delay_seconds=30)
def nightly(skus):
    for sku in skus:
        price.submit(sku)


@ray.remote(max_retries=-1, retry_exceptions=True)
def scan(sku):
    requests.get(f"http://inventory/scan/{sku}", timeout=5)
