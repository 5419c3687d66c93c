import os

from celery import Celery

app = Celery("worker", broker=os.environ.get("BROKER_URL", "redis://localhost:6379/0"))
app.conf.task_acks_late = True
# broker connection retries are start-up concerns, not retries of a task
app.conf.broker_connection_retry_on_startup = True
