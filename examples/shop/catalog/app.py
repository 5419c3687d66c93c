from flask import Flask, jsonify, request

from catalog.warehouse_client import hold_stock, stock_level

app = Flask(__name__)

PRODUCTS = {
    "mug-classic": {"name": "Classic mug", "price_cents": 1200},
    "tee-logo": {"name": "Logo tee", "price_cents": 2500},
}


@app.get("/api/products/<sku>")
def product(sku):
    item = PRODUCTS.get(sku)
    if item is None:
        return jsonify({"error": "unknown sku"}), 404
    return jsonify({"sku": sku, **item, "available": stock_level(sku)})


# "Reserve for 15 minutes" button on the product page.
@app.post("/api/products/<sku>/holds")
def reserve(sku):
    body = request.get_json()
    # The cart id makes the key stable across client resubmits as well as our own retries.
    key = f"hold:{body['cartId']}:{sku}"
    hold = hold_stock(sku, body["quantity"], idempotency_key=key)
    return jsonify(hold), 201
