from redis import Redis
from rq import Queue, Retry

from worker.jobs import restock
from worker.tasks import audit, reindex, sync_stock

queue = Queue(connection=Redis("redis", retry=None))


def order_placed(sku):
    sync_stock.send(sku)
    audit.send(sku)
    reindex(sku)
    queue.enqueue(restock, sku, retry=Retry(max=5))
