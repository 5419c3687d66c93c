import threading

from flask import Flask, jsonify, request

app = Flask(__name__)

_lock = threading.Lock()
STOCK = {"mug-classic": 140, "tee-logo": 32}
HOLDS_BY_KEY = {}  # Idempotency-Key -> hold, so a repeated request returns the first result


@app.get("/stock/<sku>")
def stock(sku):
    return jsonify({"sku": sku, "available": STOCK.get(sku, 0)})


@app.post("/holds")
def create_hold():
    key = request.headers.get("Idempotency-Key")
    if not key:
        return jsonify({"error": "Idempotency-Key header is required"}), 400
    body = request.get_json()
    with _lock:
        if key in HOLDS_BY_KEY:
            return jsonify(HOLDS_BY_KEY[key])
        if STOCK.get(body["sku"], 0) < body["quantity"]:
            return jsonify({"error": "insufficient stock"}), 409
        STOCK[body["sku"]] -= body["quantity"]
        hold = {"hold_id": f"h-{len(HOLDS_BY_KEY) + 1}", "sku": body["sku"], "quantity": body["quantity"]}
        HOLDS_BY_KEY[key] = hold
    return jsonify(hold), 201
