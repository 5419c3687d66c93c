/**
 * Istio injection turned on by a command (reference §4.1 "Which pods have a sidecar"):
 * `kubectl label namespace … istio-injection=enabled | istio.io/rev=…` in shell scripts and in
 * commands written inside YAML (skaffold hooks), read with tree-sitter-bash.
 */
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { initTreeSitter } from "../../../server/src/parsing/treeSitter";
import { shellCommands } from "../../../server/src/parsing/shell";
import { extractShell } from "../../../server/src/detectors/shell/index";
import { extractYaml } from "../../../server/src/detectors/yaml/index";
import { checkFixture } from "../../harness";

before(async () => {
  await initTreeSitter();
});

const labels = (script: string) => extractShell("deploy/setup.sh", script).namespaces.map((n) => [n.name, n.sidecarInjection?.enabled, n.span.line]);

describe("shell commands", () => {
  test("words are known through literal assignments, exports and ${X:-default}; others are null", () => {
    const cmds = shellCommands(['export NS="shop"', "OTHER=$(whoami)", 'kubectl label ns "$NS" ${MISSING:-edge} $OTHER x="a b"'].join("\n"));
    assert.deepEqual(cmds.map((c) => [c.words, c.line]), [
      [["whoami"], 2],
      [["kubectl", "label", "ns", "shop", "edge", null, "x=a b"], 3],
    ]);
  });
});

describe("namespaces labelled for injection", () => {
  test("istio-injection=enabled and istio.io/rev=… turn it on; the label line is the anchor", () => {
    assert.deepEqual(labels("set -e\nkubectl label namespace shop istio-injection=enabled --overwrite\n"), [["shop", true, 2]]);
    assert.deepEqual(labels("kubectl label ns/edge istio.io/rev=asm-managed\n"), [["edge", true, 1]]);
    // the old label removed and a revision set on one line: injected (by that revision)
    assert.deepEqual(labels('export NAMESPACE="default"\nkubectl label namespace ${NAMESPACE} istio-injection- istio.io/rev=asm-managed --overwrite\n'), [["default", true, 2]]);
    assert.deepEqual(labels("oc label namespace a b istio-injection=enabled\n"), [["a", true, 1], ["b", true, 1]]);
    // inside control flow and a function
    assert.deepEqual(labels("setup() {\n  if [ -n \"$X\" ]; then\n    kubectl label namespace shop istio-injection=enabled\n  fi\n}\n"), [["shop", true, 3]]);
  });

  test("disabled or removed: a namespace known to run without sidecars", () => {
    assert.deepEqual(labels("kubectl label namespace legacy istio-injection=disabled\n"), [["legacy", false, 1]]);
    assert.deepEqual(labels("kubectl label namespace legacy istio-injection-\n"), [["legacy", false, 1]]);
  });

  test("near misses: other resources, other labels, an unknown namespace, a command that is only echoed", () => {
    assert.deepEqual(labels("kubectl label pods web istio-injection=enabled\n"), []);
    assert.deepEqual(labels("kubectl label namespace shop team=payments\n"), []);
    assert.deepEqual(labels("kubectl label namespace $(cat ns.txt) istio-injection=enabled\n"), []);
    assert.deepEqual(labels("echo 'kubectl label namespace shop istio-injection=enabled'\n# kubectl label namespace shop istio-injection=enabled\n"), []);
  });

  test("a skaffold hook's command string in YAML; a block scalar counts lines from its first line", () => {
    const facts = extractYaml(
      "skaffold.yaml",
      [
        "apiVersion: skaffold/v4beta6", // 1
        "kind: Config", //                  2
        "deploy:", //                       3
        "  kubectl:", //                    4
        "    hooks:", //                    5
        "      before:", //                 6
        '        - host: { command: ["sh", "-c", "kubectl label namespace default istio-injection=enabled --overwrite"] }', // 7
        "      after:", //                  8
        "        - host:", //               9
        "            command:", //          10
        "              - sh", //            11
        "              - -c", //            12
        "              - |", //             13
        "                echo done", //     14
        "                kubectl label ns shop istio.io/rev=stable", // 15
      ].join("\n") + "\n",
    );
    assert.deepEqual(facts.namespaces.map((n) => [n.name, n.sidecarInjection?.enabled, n.span.line]), [["default", true, 7], ["shop", true, 15]]);
  });
});

describe("on paths", () => {
  test("a namespace labelled by a script gives its workloads the Istio default (×3) on their hops", async () => {
    await checkFixture(`
//- orders/app.py
import requests
from tenacity import retry, stop_after_attempt

@retry(stop=stop_after_attempt(2))
# ^ layer ×2
def reserve():
    return requests.put("http://inventory:8080/reservations")
//- k8s/orders.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
  namespace: shop
spec:
  template:
    spec:
      containers: [{name: orders}]
//- scripts/install.sh
#!/usr/bin/env bash
NS=shop
kubectl create namespace "$NS"
kubectl label namespace "$NS" istio-injection=enabled --overwrite
# ^ layer ×3
//! rules none
//! path 6 inventory
//! paths 1
`);
  });
});
