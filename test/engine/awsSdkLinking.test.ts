/**
 * AWS SDK clients across the linker (reference §1.6, §2.7): calls on SDK clients are hops to
 * "aws:<service>" through the client's retry layer, and the service's manifest environment
 * (AWS_MAX_ATTEMPTS counts attempts; AWS_RETRY_MODE picks a mode's default) applies where the
 * code left the setting to the environment — never over a count written in code.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

describe("AWS SDK linking", () => {
  test("boto3: AWS_MAX_ATTEMPTS in docker-compose counts attempts; a count in code wins", async () => {
    const result = await checkFixture(`
//! rules RL001
//- docker-compose.yml
services:
  orders:
    build: ./orders
    environment:
      AWS_MAX_ATTEMPTS: "2"
//- orders/store.py
import boto3
from botocore.config import Config

ddb = boto3.client("dynamodb")
# ^ layer ×2
s3 = boto3.client("s3", config=Config(retries={"max_attempts": 3}))
# ^ layer ×4 RL001


def save(order):
    ddb.put_item(TableName="orders", Item=order)
    s3.put_object(Bucket="b", Key="k", Body=b"")
//! path 2 aws:dynamodb
//! path 4 aws:s3
`);
    assert.match(layerAt(result, "orders/store.py:4").attemptsNote, /AWS_MAX_ATTEMPTS=2/);
  });

  test("boto3: AWS_RETRY_MODE=standard turns the legacy DynamoDB default (10) into 3", async () => {
    await checkFixture(`
//! rules RL001
//- docker-compose.yml
services:
  orders:
    build: ./orders
    environment:
      - AWS_RETRY_MODE=standard
//- orders/store.py
import boto3

ddb = boto3.client("dynamodb")
# ^ layer ×3


def save(order):
    ddb.put_item(TableName="orders", Item=order)
//! path 3 aws:dynamodb
`);
  });

  test("AWS SDK JS v3: AWS_MAX_ATTEMPTS in a Kubernetes Deployment; DocumentClient calls go through the base client", async () => {
    await checkFixture(`
//! rules RL001
//- deploy/ledger.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ledger
spec:
  template:
    metadata:
      labels:
        app: ledger
    spec:
      containers:
        - name: ledger
          image: ledger:1
          env:
            - name: AWS_MAX_ATTEMPTS
              value: "5"
//- ledger/package.json
{ "name": "ledger" }
//- ledger/src/store.ts
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

const base = new DynamoDBClient({});
// ^ layer ×5 RL001
const doc = DynamoDBDocumentClient.from(base);

export async function get(id: string) {
  return doc.get({ TableName: "ledger", Key: { id } });
}
//! path 5 aws:dynamodb
`);
  });

  test("stamina RetryingCaller around a function that calls a boto3 client: stacked retries (RL009)", async () => {
    await checkFixture(`
//! rules RL009
//- jobs/notify.py
import boto3
import stamina
from botocore.exceptions import ClientError

sns = boto3.client("sns", config=boto3.session.Config(retries={"total_max_attempts": 2}))
# ^ layer ×2
caller = stamina.RetryingCaller(attempts=3).on(ClientError)
# ^ layer ×3 RL009


def publish(message):
    sns.publish(TopicArn="arn", Message=message)


def main(message):
    caller(publish, message)
//! path 6 aws:sns
`);
  });

  test("a method that does not call the service (get_paginator) is not a hop", async () => {
    await checkFixture(`
//! rules RL001
//- jobs/scan.py
import boto3

s3 = boto3.client("s3")
# ^ layer ×5


def pages():
    return s3.get_paginator("list_objects_v2")
//! paths 0
`);
  });
});
