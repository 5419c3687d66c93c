/**
 * AWS SDK clients made by helper functions, factories and module-level singletons imported
 * elsewhere (reference §1.6, §2.7): calls through them are hops to "aws:<service>" through the
 * client's retry layer, wherever the client was built.
 */
import { describe, test } from "node:test";
import { checkFixture } from "../harness";

describe("AWS SDK clients from helpers and singletons", () => {
  test("boto3: a helper returning the client, called chained and bound, in this and another module", async () => {
    await checkFixture(`
//! rules RL009
//- app/aws.py
import boto3


def get_client():
    return boto3.client("s3")
# ^ layer ×5


def get_table():
    ddb = boto3.resource("dynamodb")
# ^ layer ×10
    return ddb.Table("orders")
//- app/store.py
from app.aws import get_client, get_table


def save(order):
    get_client().put_object(Bucket="b", Key="k", Body=b"")


def load(order_id):
    s3 = get_client()
    return s3.get_object(Bucket="b", Key=order_id)


def put(order):
    table = get_table()
    table.put_item(Item=order)
//! path 5 aws:s3
//! path 5 aws:s3
//! path 10 aws:dynamodb
`);
  });

  test("boto3: a module-level singleton imported elsewhere", async () => {
    await checkFixture(`
//! rules RL009
//- app/clients.py
import boto3

sqs = boto3.client("sqs")
# ^ layer ×5
//- app/jobs.py
from app.clients import sqs
from app import clients


def send(body):
    sqs.send_message(QueueUrl="q", MessageBody=body)


def send2(body):
    clients.sqs.send_message(QueueUrl="q", MessageBody=body)
//! path 5 aws:sqs
//! path 5 aws:sqs
`);
  });

  test("AWS SDK JS v3: an arrow factory, a function factory and an exported singleton", async () => {
    await checkFixture(`
//! rules RL009
//- api/package.json
{ "name": "api" }
//- api/src/aws.ts
import { S3Client } from "@aws-sdk/client-s3";
import { SQSClient } from "@aws-sdk/client-sqs";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";

export const makeS3 = () => new S3Client({});
// ^ layer ×3
export function makeSqs() {
  return new SQSClient({ maxAttempts: 5 });
// ^ layer ×5
}
export const ddb = new DynamoDBClient({ maxAttempts: 2 });
// ^ layer ×2
//- api/src/handler.ts
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { SendMessageCommand } from "@aws-sdk/client-sqs";
import { PutItemCommand } from "@aws-sdk/client-dynamodb";
import { makeS3, makeSqs, ddb } from "./aws";

export async function upload(body: string) {
  const s3 = makeS3();
  await s3.send(new PutObjectCommand({ Bucket: "b", Key: "k", Body: body }));
}
export async function enqueue(body: string) {
  await makeSqs().send(new SendMessageCommand({ QueueUrl: "q", MessageBody: body }));
}
export async function save(item: any) {
  await ddb.send(new PutItemCommand({ TableName: "t", Item: item }));
}
//! path 3 aws:s3
//! path 5 aws:sqs
//! path 2 aws:dynamodb
`);
  });

  test("an injected workload's SDK calls (aws:s3, api.stripe.com) are passthrough: no Istio default on them", async () => {
    await checkFixture(`
//! rules RL009
//- deploy/ns.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
  labels:
    istio-injection: enabled
//- deploy/api.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  namespace: shop
spec:
  template:
    metadata:
      labels:
        app: api
    spec:
      containers:
        - name: api
          image: api:1
//- api/package.json
{ "name": "api", "dependencies": { "stripe": "^18.0.0" } }
//- api/src/handler.ts
import { S3Client, PutObjectCommand } from "@aws-sdk/client-s3";
import Stripe from "stripe";

const s3 = new S3Client({});
// ^ layer ×3
const stripe = new Stripe("sk");
// ^ layer ×3

export async function handle(body: string) {
  await s3.send(new PutObjectCommand({ Bucket: "b", Key: "k", Body: body }));
  await stripe.customers.create({ email: "a@b.c" });
}
//! path 3 aws:s3
//! path 3 api.stripe.com
//! paths 2
`);
  });

  test("boto3: a class's static factory method and a cached client getter", async () => {
    await checkFixture(`
//! rules RL009
//- app/aws.py
import functools

import boto3


class Clients:
    @staticmethod
    def sqs():
        return boto3.client("sqs")
# ^ layer ×5


@functools.lru_cache
def kms():
    return boto3.client("kms")
# ^ layer ×5
//- app/jobs.py
from app.aws import Clients, kms


def send(body):
    Clients.sqs().send_message(QueueUrl="q", MessageBody=body)


def decrypt(blob):
    return kms().decrypt(CiphertextBlob=blob)
//! path 5 aws:sqs
//! path 5 aws:kms
`);
  });
});

