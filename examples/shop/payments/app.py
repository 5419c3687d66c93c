import uuid

from flask import Flask, jsonify, request

from payments.ledger import record_charge

app = Flask(__name__)


def authorize(card_token: str, amount_cents: int) -> bool:
    """Stand-in for the card processor call; tokens starting with tok_decline_ fail."""
    return not card_token.startswith("tok_decline_")


@app.post("/v1/charges")
def create_charge():
    body = request.get_json()
    charge_id = f"ch_{uuid.uuid4().hex[:16]}"
    approved = authorize(body["card_token"], body["amount_cents"])
    status = "succeeded" if approved else "declined"
    record_charge(charge_id, body["order_id"], body["amount_cents"], status)
    if not approved:
        return jsonify({"charge_id": charge_id, "status": status}), 402
    return jsonify({"charge_id": charge_id, "status": status}), 201
