// Microsoft Graph Go (docs/reference/msgraph.md "Go"): the default chain's kiota-http-go RetryHandler
// retries 3 times → 4 attempts (429/503/504, Retry-After); RetryHandlerOptions.MaxRetries counts
// retries, but below 1 it reads as the default 3 (0 does not turn retries off) and above 10 as 10.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go } from "./helpers";
import { checkFixture } from "../../harness";

const file = (body: string) => `package mail

import (
	"context"

	azidentity "github.com/Azure/azure-sdk-for-go/sdk/azidentity"
	khttp "github.com/microsoft/kiota-http-go"
	msgraphsdk "github.com/microsoftgraph/msgraph-sdk-go"
	msgraphcore "github.com/microsoftgraph/msgraph-sdk-go-core"
)

${body}
`;

describe("msgraph-sdk-go attempts", () => {
  const custom = (opts: string) => `func New(auth any) *msgraphsdk.GraphServiceClient {
	mw := khttp.GetDefaultMiddlewaresWithOptions(&khttp.RetryHandlerOptions{${opts}})
	adapter, _ := msgraphsdk.NewGraphRequestAdapterWithParseNodeFactoryAndSerializationWriterFactoryAndHttpClient(auth, nil, nil, khttp.GetDefaultClient(mw...))
	client := msgraphsdk.NewGraphServiceClient(adapter)
	return client
}`;
  const cases: Array<[string, string, number, "config" | "default"]> = [
    ["NewGraphServiceClientWithCredentials: default 3 → 4", `func New(cred *azidentity.DefaultAzureCredential) { client, _ := msgraphsdk.NewGraphServiceClientWithCredentials(cred, []string{"https://graph.microsoft.com/.default"}); _ = client }`, 4, "default"],
    ["NewGraphServiceClient(adapter) without options: default", `func New(adapter any) { client := msgraphsdk.NewGraphServiceClient(adapter); _ = client }`, 4, "default"],
    ["RetryHandlerOptions{MaxRetries: 5} counts retries → 6", custom("MaxRetries: 5"), 6, "config"],
    // the trap: kiota-http-go reads MaxRetries < 1 as the default, so 0 does not turn retries off
    ["MaxRetries: 0 reads as the default 3 → 4", custom("MaxRetries: 0"), 4, "config"],
    ["MaxRetries: 20 is clamped to 10 → 11", custom("MaxRetries: 20"), 11, "config"],
  ];
  for (const [name, body, expected, source] of cases) {
    test(name, async () => {
      const facts = await go(file(body));
      const layers = facts.layers.filter((l) => l.kind === "msgraph-retry-handler");
      assert.equal(layers.length, 1, layers.map((l) => l.attemptsNote).join("; "));
      assert.equal(layers[0]!.maxAttempts, expected, layers[0]!.attemptsNote);
      assert.equal(layers[0]!.attemptsSource, source);
      // the hover says where the number came from
      assert.match(layers[0]!.attemptsNote, source === "default" ? /default RetryHandler/ : /RetryHandlerOptions MaxRetries/);
      assert.deepEqual(layers[0]!.condition.statuses, [429, 503, 504]);
    });
  }
  test("no msgraph-sdk-go import: nothing", async () => {
    const facts = await go(`package mail\n\nimport "example.com/msgraphsdk"\n\nfunc New() { c, _ := msgraphsdk.NewGraphServiceClientWithCredentials(nil, nil); _ = c }\n`);
    assert.equal(facts.layers.length, 0);
  });
  test("a request chain is one request; per-request RetryHandlerOptions are a layer of their own; a handed-in client is the default", async () => {
    const facts = await go(`package mail

import (
	"context"

	abs "github.com/microsoft/kiota-abstractions-go"
	khttp "github.com/microsoft/kiota-http-go"
	msgraphsdk "github.com/microsoftgraph/msgraph-sdk-go"
	"github.com/microsoftgraph/msgraph-sdk-go/users"
)

type Inbox struct{ graph *msgraphsdk.GraphServiceClient }

func (i *Inbox) Latest(ctx context.Context) {
	i.graph.Me().Messages().Get(ctx, nil)
	cfg := &users.ItemMessagesRequestBuilderGetRequestConfiguration{Options: []abs.RequestOption{&khttp.RetryHandlerOptions{MaxRetries: 1}}}
	i.graph.Users().ByUserId("u").Messages().Get(ctx, cfg)
}
`);
    const callees = facts.calls.map((c) => c.callee);
    // one request per chain, and no builder step (`Me`, `Users`, `ByUserId`) is a request
    const onClient = callees.filter((c) => /^Inbox\.graph(__request@\d+:\d+)?\./.test(c));
    assert.equal(onClient.length, 2, callees.join(", "));
    assert.ok(onClient.includes("Inbox.graph.Get"), callees.join(", "));
    assert.ok(onClient.some((c) => /^Inbox\.graph__request@\d+:\d+\.Get$/.test(c)), callees.join(", "));
    assert.deepEqual(facts.layers.map((l) => l.maxAttempts).sort(), [2, 4]);
  });
});

describe("msgraph-sdk-go linking", () => {
  test("a retry loop around a Graph call multiplies the RetryHandler: 3 × 4", async () => {
    await checkFixture(`
//! rules RL009
//- mail/go.mod
module example.com/mail

go 1.22
//- mail/main.go
package main

import (
	"context"
	"net/http"
	"time"

	msgraphsdk "github.com/microsoftgraph/msgraph-sdk-go"
)

var client, _ = msgraphsdk.NewGraphServiceClientWithCredentials(cred, nil)
// ^ layer ×4

func inbox(w http.ResponseWriter, r *http.Request) {
	var err error
	for i := 0; i < 3; i++ {
// ^ layer ×3 RL009
		_, err = client.Me().Messages().Get(r.Context(), nil)
		if err == nil {
			return
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	_ = context.Background()
}

func main() {
	http.HandleFunc("/inbox", inbox)
	http.ListenAndServe(":8080", nil)
}
//! path 12 graph.microsoft.com
//! paths 1
`);
  });
});
