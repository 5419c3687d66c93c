/**
 * Python: a method called on a parameter annotated with a workspace class reaches every subclass
 * that defines it (engine/pythonDispatch.ts). Each implementation is its own path; classes are
 * matched through imports, never by bare name.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

const BASE = `//- app/models/base.py
from abc import ABC, abstractmethod


class BaseModel(ABC):
    @abstractmethod
    def run(self, text):
        pass
`;

const IMPLEMENTATIONS = `//- app/models/remote.py
import requests
from requests.adapters import HTTPAdapter
from urllib3.util import Retry

from .base import BaseModel

session = requests.Session()
session.mount("http://", HTTPAdapter(max_retries=Retry(total=2)))
# ^ layer ×3 RL001


class RemoteModel(BaseModel):
    def run(self, text):
        return session.post("http://inference/run", json={"text": text})


class FastRemoteModel(RemoteModel):
    def run(self, text):
        return session.post("http://fast-inference/run", json={"text": text})
//- app/models/local.py
from app.models import base


class LocalModel(base.BaseModel):
    def run(self, text):
        return text
`;

const worker = (annotation: string, imports = "from app.models.base import BaseModel") => `//- app/pipeline.py
${imports}


def process(model${annotation}, text):
    return model.run(text)
//- app/worker.py
import os
import tenacity
from app.pipeline import process
from app.models.remote import RemoteModel, FastRemoteModel
from app.models.local import LocalModel


@tenacity.retry(stop=tenacity.stop_after_attempt(4))
# ^ layer ×4 RL001
def handle(text):
    model = {"remote": RemoteModel, "fast": FastRemoteModel, "local": LocalModel}[os.environ["MODEL"]]()
    return process(model, text)
`;

describe("Python: methods called on a parameter annotated with a workspace class", () => {
  test("model: BaseModel reaches every subclass's run: 4 × 3 to each remote implementation, one path each", async () => {
    const result = await checkFixture(`
//! rules RL001
${BASE}${IMPLEMENTATIONS}${worker(": BaseModel")}//! path 12 inference
//! path 12 fast-inference
//! paths 2
`);
    assert.ok(result.model.paths.every((p) => p.layers.length === 2), "the implementations are alternatives, not multiplied together");
  });

  // the annotation forms that name the class, and the ones that must not dispatch
  const forms: Array<[string, string, string | undefined, number]> = [
    ["Optional[X]", ": Optional[BaseModel] = None", "from typing import Optional\nfrom app.models.base import BaseModel", 2],
    ["X | None", ": BaseModel | None", undefined, 2],
    ['a string forward reference "X"', ': "BaseModel"', undefined, 2],
    ["the module imported, the class dotted", ": base.BaseModel", "from app.models import base", 2],
    ["a subclass as the annotation: only it and its own subclasses", ": RemoteModel", "from app.models.remote import RemoteModel", 2],
    ["the leaf subclass: only its own method", ": FastRemoteModel", "from app.models.remote import FastRemoteModel", 1],
    ["no annotation: no dispatch", "", undefined, 0],
    ["a library class of the same name: no dispatch", ": BaseModel", "from thirdparty.models import BaseModel", 0],
    ["a name nothing imports: no dispatch (never matched by bare name)", ": BaseModel", "", 0],
  ];
  for (const [name, annotation, imports, paths] of forms) {
    test(`${name}: ${paths} path(s)`, async () => {
      const result = await checkFixture(`
//! rules none
${BASE}${IMPLEMENTATIONS}${worker(annotation, imports)}`);
      // an implementation the call does not reach stays a path of its own (an entry nobody calls): ×3 only
      const wrapped = result.model.paths.filter((p) => p.product === 12);
      assert.equal(wrapped.length, paths, result.model.paths.map((p) => `${p.product}→${p.target}`).join(", "));
      assert.equal(result.model.paths.length, 2, "each remote implementation is on exactly one path");
    });
  }
});
