/**
 * Python imports that keep the `src` folder in the module name (`from src.core.networking import
 * session`, code run from the repository root with `src` a package): the resolver indexes a module
 * both without its `src` prefix (detectors/python/index.ts pythonModuleName) and with it
 * (engine/resolve.ts), so a decorator around a call through an imported shared Session links to the
 * Retry mounted on it.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

const NETWORKING = `//- src/core/networking.py
import functools

import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

session = requests.Session()
session.request = functools.partial(session.request, timeout=30)
retry_strategy = Retry(total=7, backoff_factor=0.5, backoff_jitter=1)
# ^ layer ×8 RL001
adapter = HTTPAdapter(max_retries=retry_strategy)
session.mount("https://", adapter)
`;

describe("Python: imports through the src package", () => {
  for (const spelling of ["src.core.networking", "core.networking"]) {
    test(`backoff (max_time only) around session.request, session from ${spelling}: one path, unbounded`, async () => {
      const result = await checkFixture(`
//! rules RL001
//! paths 1
${NETWORKING}//- src/core/views/proxy.py
import backoff
import requests
from ${spelling} import session


def proxy_view(request, api_path):
    return _robust_request(method=request.method, url=f"https://api.example.com/{api_path}")


@backoff.on_exception(wait_gen=backoff.expo, exception=requests.ConnectionError, max_time=15)
# ^ layer ×∞ RL001
def _robust_request(*args, **kwargs):
    return session.request(*args, **kwargs)
`);
      // the URL reaches session.request only through **kwargs: the target stays unresolved
      assert.deepEqual(result.model.paths.map((p) => [p.layers.map((id) => result.model.layers.find((l) => l.id === id)?.file), p.product]), [[["src/core/views/proxy.py", "src/core/networking.py"], null]]);
    });
  }
});
