/**
 * Fixes on SDK clients whose retries are a count option (issue #10: Stripe, AWS SDK JS v2,
 * googleapiclient, Twilio, @google-cloud/storage, Firebase event functions): every option counts
 * RETRIES, so turning retries off writes 0 (or the library's own off switch where 0 means the
 * default) and lowering to N attempts writes N − 1.
 */
import { fixCases } from "./fixCases";

fixCases("SDK clients (Stripe, aws-sdk v2, googleapiclient, Twilio, GCS, Firebase)", [
  {
    name: "stripe-node under p-retry: turn the SDK's retries off with maxNetworkRetries: 0",
    workspace: `
//- pay/package.json
{ "name": "pay", "dependencies": { "stripe": "^18.1.1" } }
//- pay/src/charge.ts
import Stripe from "stripe";
import pRetry from "p-retry";

const stripe = new Stripe(process.env.KEY as string, { apiVersion: "2023-10-16" });

export async function charge(c: string) {
  return pRetry(() => stripe.paymentIntents.create({ amount: 1, currency: "eur", customer: c }), { retries: 2, randomize: true });
}
`,
    finding: "RL001 pay/src/charge.ts:4",
    fix: "Turn off stripe retries",
    after: `
//- pay/src/charge.ts
import Stripe from "stripe";
import pRetry from "p-retry";

const stripe = new Stripe(process.env.KEY as string, { apiVersion: "2023-10-16", maxNetworkRetries: 0 });

export async function charge(c: string) {
  return pRetry(() => stripe.paymentIntents.create({ amount: 1, currency: "eur", customer: c }), { retries: 2, randomize: true });
}
`,
  },
  {
    name: "stripe-python global default under tenacity: stripe.max_network_retries = 0 after the imports",
    workspace: `
//- shop/billing.py
import stripe
from tenacity import retry, stop_after_attempt, wait_random_exponential


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=5))
def charge(customer):
    return stripe.PaymentIntent.create(amount=100, currency="eur", customer=customer)
`,
    finding: "RL001 shop/billing.py:1",
    fix: "Turn off stripe retries",
    after: `
//- shop/billing.py
import stripe
from tenacity import retry, stop_after_attempt, wait_random_exponential

stripe.max_network_retries = 0


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=5))
def charge(customer):
    return stripe.PaymentIntent.create(amount=100, currency="eur", customer=customer)
`,
  },
  {
    name: "aws-sdk v2 DynamoDB default 10 retries alone: lowered to 3 attempts (maxRetries: 2)",
    workspace: `
//- app/src/db.ts
import AWS from "aws-sdk";

const ddb = new AWS.DynamoDB();

export async function get(id: string) {
  return ddb.getItem({ TableName: "t", Key: { id: { S: id } } }).promise();
}
`,
    finding: "RL001 app/src/db.ts:3",
    fix: "Lower to 3 attempts",
    after: `
//- app/src/db.ts
import AWS from "aws-sdk";

const ddb = new AWS.DynamoDB({ maxRetries: 2 });

export async function get(id: string) {
  return ddb.getItem({ TableName: "t", Key: { id: { S: id } } }).promise();
}
`,
  },
  {
    name: "googleapiclient execute(num_retries=5) alone: lowered to 3 attempts",
    workspace: `
//- app/drive.py
from googleapiclient.discovery import build

service = build("drive", "v3")


def get_file(file_id):
    return service.files().get(fileId=file_id).execute(num_retries=5)
`,
    finding: "RL001 app/drive.py:7",
    fix: "Lower to 3 attempts",
    after: `
//- app/drive.py
from googleapiclient.discovery import build

service = build("drive", "v3")


def get_file(file_id):
    return service.files().get(fileId=file_id).execute(num_retries=2)
`,
  },
  {
    name: "twilio-node autoRetry with maxRetries 5: lowered to 3 attempts",
    workspace: `
//- sms/src/send.ts
import twilio from "twilio";

const client = twilio("sid", "token", { autoRetry: true, maxRetries: 5 });

export async function send(to: string) {
  return client.messages.create({ to, from: "+1", body: "hi" });
}
`,
    finding: "RL001 sms/src/send.ts:3",
    fix: "Lower to 3 attempts",
    after: `
//- sms/src/send.ts
import twilio from "twilio";

const client = twilio("sid", "token", { autoRetry: true, maxRetries: 2 });

export async function send(to: string) {
  return client.messages.create({ to, from: "+1", body: "hi" });
}
`,
  },
  {
    name: "@google-cloud/storage default 3 retries alone: lowered to 3 attempts in retryOptions",
    workspace: `
//- up/package.json
{ "name": "up" }
//- up/src/store.ts
import { Storage } from "@google-cloud/storage";

const storage = new Storage({ projectId: "p" });

export async function read(name: string) {
  return storage.bucket("b").file(name).download();
}
`,
    finding: "RL001 up/src/store.ts:3",
    fix: "Lower to 3 attempts",
    after: `
//- up/src/store.ts
import { Storage } from "@google-cloud/storage";

const storage = new Storage({ projectId: "p", retryOptions: { maxRetries: 2 } });

export async function read(name: string) {
  return storage.bucket("b").file(name).download();
}
`,
  },
]);
