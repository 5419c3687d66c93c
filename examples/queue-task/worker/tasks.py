import requests
from botocore.exceptions import ClientError

from worker import invoices, mailer
from worker.celery_app import app


# "Just retry the task if anything goes wrong": max_retries is not set, so Celery's default of
# 3 retries applies (4 executions), each one re-running everything below.
@app.task(autoretry_for=(requests.RequestException,), retry_backoff=True)
def render_invoice(order_id):
    return invoices.fetch_invoice(order_id)


@app.task(autoretry_for=(ClientError,), retry_backoff=True)
def email_receipt(pdf, order_id):
    mailer.send_receipt_email(order_id, pdf)
