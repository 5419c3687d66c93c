import uuid

import requests
from flask import Flask, jsonify, request

from orders.payments_client import charge

app = Flask(__name__)
ORDERS = {}


@app.post("/orders")
def place_order():
    body = request.get_json()
    order_id = str(uuid.uuid4())
    ORDERS[order_id] = {"cart_id": body["cartId"], "status": "pending"}

    try:
        receipt = charge(order_id, body["cardToken"], body["totalCents"])
    except requests.HTTPError as err:
        if err.response is not None and err.response.status_code == 402:
            ORDERS[order_id]["status"] = "declined"
            return jsonify({"orderId": order_id, "status": "declined"}), 402
        raise

    ORDERS[order_id].update(status="paid", charge_id=receipt["charge_id"])
    return jsonify({"orderId": order_id, "status": "paid"}), 201


@app.get("/orders/<order_id>")
def get_order(order_id):
    order = ORDERS.get(order_id)
    if order is None:
        return jsonify({"error": "not found"}), 404
    return jsonify({"orderId": order_id, **order})
