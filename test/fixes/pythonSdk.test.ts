/**
 * Fixes on boto3 clients, stamina and google-api-core (reference §1.6–§1.8): boto3's
 * `max_attempts` counts retries and `total_max_attempts` every attempt (an existing key keeps its
 * unit, a new one is total_max_attempts); stamina `attempts` counts attempts and `wait_jitter=0`
 * turns its jitter off; google-api-core has no count, so it can only be turned off per call.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeWorkspace } from "../../server/src/engine/analyze";
import { layerEdit } from "../../server/src/fixes/layers/index";
import { applyEdits } from "../../server/src/fixes/types";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";
import { fixCases } from "./fixCases";

const PENDING = "";

fixCases("boto3, stamina", [
  {
    name: "boto3 Config max_attempts counts retries: lowered to threshold − 1",
    workspace: `
//- svc/db.py
import boto3
from botocore.config import Config

db = boto3.client("dynamodb", config=Config(retries={"mode": "standard", "max_attempts": 4}))


def item(key):
    return db.get_item(TableName="t", Key=key)
//! threshold 2
`,
    finding: "RL001 svc/db.py:4",
    fix: "Lower to 2 attempts",
    safety: "unsafe",
    after: `
//- svc/db.py
import boto3
from botocore.config import Config

db = boto3.client("dynamodb", config=Config(retries={"mode": "standard", "max_attempts": 1}))


def item(key):
    return db.get_item(TableName="t", Key=key)
`,
  },
  {
    name: "boto3 client without config: config=Config(retries={'total_max_attempts': 1}) and the import; CRLF kept",
    crlf: true,
    workspace: `
//- svc/store.py
import boto3

s3 = boto3.client('s3', region_name='eu-west-1')


def obj(key):
    return s3.get_object(Bucket='b', Key=key)
//! threshold 2
`,
    finding: "RL001 svc/store.py:3",
    fix: "Turn off boto3 retries",
    after: `
//- svc/store.py
import boto3
from botocore.config import Config

s3 = boto3.client('s3', region_name='eu-west-1', config=Config(retries={'total_max_attempts': 1}))


def obj(key):
    return s3.get_object(Bucket='b', Key=key)
`,
  },
  {
    name: "boto3 Config without retries, one argument per line: retries added in that layout",
    workspace: `
//- svc/queue.py
import boto3
from botocore.config import Config

sqs = boto3.client(
    "sqs",
    config=Config(
        connect_timeout=2,
        read_timeout=2,
    ),
)


def send(body):
    return sqs.send_message(QueueUrl="q", MessageBody=body)
//! threshold 2
`,
    finding: "RL001 svc/queue.py:4",
    fix: "Lower to 2 attempts",
    after: `
//- svc/queue.py
import boto3
from botocore.config import Config

sqs = boto3.client(
    "sqs",
    config=Config(
        connect_timeout=2,
        read_timeout=2,
        retries={"total_max_attempts": 2},
    ),
)


def send(body):
    return sqs.send_message(QueueUrl="q", MessageBody=body)
`,
  },
  {
    name: "stamina wait_jitter=0: stamina's default jitter restored",
    workspace: `
//- svc/stock.py
import httpx
import stamina


@stamina.retry(on=httpx.HTTPError, attempts=3, wait_jitter=0)
def stock(sku):
    return httpx.get(f"http://inventory:8080/stock/{sku}", timeout=2)
`,
    finding: "RL004 svc/stock.py:5",
    fix: "preferred",
    safety: "safe",
    after: `
//- svc/stock.py
import httpx
import stamina


@stamina.retry(on=httpx.HTTPError, attempts=3, wait_jitter=1.0)
def stock(sku):
    return httpx.get(f"http://inventory:8080/stock/{sku}", timeout=2)
`,
  },
  {
    name: "stamina attempts=None, timeout=None: attempts=3",
    workspace: `
//- svc/price.py
import httpx
import stamina


@stamina.retry(on=httpx.HTTPError, attempts=None, timeout=None)
def price(sku):
    return httpx.get(f"http://pricing:8080/price/{sku}", timeout=2)
`,
    finding: "RL002 svc/price.py:5",
    fix: "preferred",
    after: `
//- svc/price.py
import httpx
import stamina


@stamina.retry(on=httpx.HTTPError, attempts=3, timeout=None)
def price(sku):
    return httpx.get(f"http://pricing:8080/price/{sku}", timeout=2)
`,
  },
  {
    name: "stamina over the threshold (default 10 attempts): attempts=2 added",
    workspace: `
//- svc/tax.py
import httpx
import stamina


@stamina.retry(on=httpx.HTTPError)
def tax(order):
    return httpx.get(f"http://tax:8080/tax/{order}", timeout=2)
//! threshold 2
`,
    finding: "RL001 svc/tax.py:5",
    fix: "Lower to 2 attempts",
    after: `
//- svc/tax.py
import httpx
import stamina


@stamina.retry(on=httpx.HTTPError, attempts=2)
def tax(order):
    return httpx.get(f"http://tax:8080/tax/{order}", timeout=2)
`,
  },
]);

async function googleOff(text: string): Promise<string | null> {
  const result = await analyzeWorkspace([{ path: "svc/g.py", text }], DEFAULT_SETTINGS);
  const layer = result.model.layers.find((l) => l.kind === "google-api-core");
  assert.ok(layer, "a google-api-core layer");
  const e = layerEdit("disable", layer, text, { callLibraries: [], exists: () => false, namespaceOf: () => null });
  return e ? applyEdits(text, e.edits) : null;
}

test("google-api-core has no count: off is retry=None for an inline policy, the @Retry removed with its import", async () => {
  const inline = "from google.api_core import retry\nfrom google.cloud import storage\n\nclient = storage.Client()\n\n\ndef blob(name):\n    return client.get_bucket(name, retry=retry.Retry(timeout=30))\n";
  assert.equal(await googleOff(inline), inline.replace("retry=retry.Retry(timeout=30)", "retry=None"));
  const decorated = "from google.api_core.retry import Retry\nimport requests\n\n\n@Retry(timeout=30)\ndef stock(sku):\n    return requests.get(f\"http://inventory/stock/{sku}\", timeout=2)\n";
  assert.equal(await googleOff(decorated), "import requests\n\n\ndef stock(sku):\n    return requests.get(f\"http://inventory/stock/{sku}\", timeout=2)\n");
  // a policy in a variable may be passed to several calls: no edit
  const shared = "from google.api_core import retry\nfrom google.cloud import storage\n\nclient = storage.Client()\npolicy = retry.Retry(timeout=30)\n\n\ndef blob(name):\n    return client.get_bucket(name, retry=policy)\n";
  assert.equal(await googleOff(shared), null);
  // and no count to lower
  const result = await analyzeWorkspace([{ path: "svc/g.py", text: inline }], DEFAULT_SETTINGS);
  const layer = result.model.layers.find((l) => l.kind === "google-api-core")!;
  assert.equal(layerEdit("cap", layer, inline, { callLibraries: [], exists: () => false, namespaceOf: () => null, attempts: 2 }), null);
});
