import boto3

# no Config(retries=…): botocore's default (legacy mode) makes 5 attempts per call
ses = boto3.client("ses")


def send_receipt_email(order_id, pdf):
    ses.send_raw_email(RawMessage={"Data": pdf}, Destinations=[f"order-{order_id}@example.com"])
