/**
 * A fix never uses an option the pinned library version lacks (docs/reference/urllib3.md):
 * urllib3 `Retry(backoff_jitter=…)` exists from 2.0.0 on. With `urllib3<2` (requirements.txt,
 * pyproject.toml, a lock file) the backoff fix is backoff_factor alone and no jitter fix is offered.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseFixture } from "../harness";
import { fixCases } from "./fixCases";
import { MemoryWorkspace } from "./fixHarness";

const CODE = `
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=2, status_forcelist=[502, 503, 504])))
//- catalog/prices.py
from platform.http import session


def price(sku):
    return session.get(f"http://pricing:8080/prices/{sku}", timeout=1).json()
`;

fixCases("urllib3 pins", [
  {
    name: "urllib3<2 in requirements.txt: backoff without backoff_jitter",
    workspace: `//- requirements.txt\nrequests==2.31.0\nurllib3<2\n${CODE}`,
    finding: "RL003 platform/http.py:6",
    fix: "preferred",
    safety: "safe",
    after: `
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=2, status_forcelist=[502, 503, 504], backoff_factor=0.5)))
`,
  },
  {
    name: "urllib3 2.x pinned: backoff with backoff_jitter",
    workspace: `//- requirements.txt\nurllib3>=2.0,<3\n${CODE}`,
    finding: "RL003 platform/http.py:6",
    fix: "preferred",
    safety: "safe",
    after: `
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=2, status_forcelist=[502, 503, 504], backoff_factor=0.5, backoff_jitter=0.5)))
`,
  },
]);

const JITTER = `
//- platform/__init__.py
//- platform/http.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util import Retry

session = requests.Session()
session.mount("https://", HTTPAdapter(max_retries=Retry(total=2, backoff_factor=0.3, status_forcelist=[502, 503])))
//- catalog/prices.py
from platform.http import session


def price(sku):
    return session.get(f"https://pricing:8443/prices/{sku}", timeout=1).json()
`;

const PINS: Array<[name: string, files: string, jitterOffered: boolean]> = [
  ["pyproject (Poetry) ^1.26", `//- pyproject.toml\n[tool.poetry.dependencies]\npython = "^3.9"\nurllib3 = "^1.26"\n`, false],
  ["PEP 621 urllib3<2.0", `//- pyproject.toml\n[project]\nname = "shop"\ndependencies = ["urllib3<2.0", "requests"]\n`, false],
  ["uv.lock 1.26.19 beats an open range", `//- requirements.txt\nurllib3>=1.25\n//- uv.lock\nversion = 1\n\n[[package]]\nname = "urllib3"\nversion = "1.26.19"\n`, false],
  ["Pipfile.lock 2.2.1", `//- Pipfile.lock\n{"default": {"urllib3": {"version": "==2.2.1"}}}\n`, true],
  ["not pinned", "", true],
];

for (const [name, pins, offered] of PINS) {
  test(`urllib3 jitter fix (RL004) with ${name}: ${offered ? "offered" : "not offered"}`, async () => {
    const ws = new MemoryWorkspace(parseFixture(`${pins}${JITTER}`).files);
    const result = await ws.analyze();
    const finding = result.findings.find((f) => f.rule === "RL004" && f.file === "platform/http.py");
    assert.ok(finding, "RL004 on the Retry");
    const fixes = ws.fixes(result, finding);
    const jitter = fixes.filter((f) => f.edits.some((e) => e.newText.includes("backoff_jitter")));
    assert.equal(jitter.length > 0, offered, fixes.map((f) => f.title).join("; "));
  });
}
