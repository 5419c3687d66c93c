from celery import chain
from flask import Flask

from worker.tasks import email_receipt, render_invoice

app = Flask(__name__)


@app.post("/orders/<order_id>/receipt")
def receipt(order_id):
    # the request returns at once; the worker renders the invoice, then mails it
    chain(render_invoice.s(order_id), email_receipt.s(order_id)).delay()
    return "", 202
