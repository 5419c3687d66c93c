/**
 * Fixes on AWS SDK for Go v1 clients (docs/reference/aws-sdk-go.md): MaxRetries counts retries, so
 * "off" is MaxRetries 0 (-1 would mean the service default); a config passed to `<svc>.New` wins
 * over the session's.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { fixCases } from "./fixCases";
import { awsSdkGoLayerEdit } from "../../server/src/fixes/layers/awsSdkGo";
import type { LayerOpContext } from "../../server/src/fixes/layers/op";
import type { RetryLayer } from "../../server/src/model/model";
import { initTreeSitter } from "../../server/src/parsing/treeSitter";

const before = (sessionArgs: string, clientExtra: string) => `
//- svc/store.go
package svc

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/aws/session"
	"github.com/aws/aws-sdk-go/service/s3"
)

func Save(ctx context.Context, in *s3.PutObjectInput) error {
	svc := s3.New(session.Must(session.NewSession(${sessionArgs}))${clientExtra})
	var err error
	for i := 0; i < 3; i++ {
		if _, err = svc.PutObjectWithContext(ctx, in); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}
`;

fixCases("AWS SDK for Go clients", [
  {
    name: "Go v1 S3 client with the default 3 retries under a loop: WithMaxRetries(0) passed to s3.New",
    workspace: before("", ""),
    finding: "RL001 svc/store.go:13",
    fix: "Turn off AWS SDK retries",
    after: before("", ", aws.NewConfig().WithMaxRetries(0)"),
  },
  {
    name: "Go v1 MaxRetries: aws.Int(5) in the session: the literal is rewritten",
    workspace: before("&aws.Config{MaxRetries: aws.Int(5)}", ""),
    finding: "RL001 svc/store.go:13",
    fix: "Turn off AWS SDK retries",
    after: before("&aws.Config{MaxRetries: aws.Int(0)}", ""),
  },
  {
    name: "Go v1 cap: a literal WithMaxRetries(5) on the client becomes WithMaxRetries(1) for 2 attempts",
    workspace: before("", ", aws.NewConfig().WithMaxRetries(5)"),
    finding: "RL001 svc/store.go:13",
    fix: "Turn off AWS SDK retries",
    after: before("", ", aws.NewConfig().WithMaxRetries(0)"),
  },
]);

describe("AWS SDK for Go fix guards", () => {
  const layer = (note: string, library = "aws-sdk-go") => ({ kind: "aws-sdk-go", library, file: "svc/store.go", label: "svc → aws:s3", attemptsNote: note, anchor: { line: 13, column: 8 } }) as unknown as RetryLayer;
  const text = before("&aws.Config{Retryer: myRetryer{}}", "").replace(/^\n\/\/- svc\/store.go\n/, "");
  test("a configured Retryer wins over MaxRetries: no fix", async () => {
    await initTreeSitter();
    assert.equal(awsSdkGoLayerEdit("disable", layer("Retryer: myRetryer{}: a custom retryer, count not known (aws-sdk-go v1: MaxRetries counts retries)"), text, {} as LayerOpContext), null);
  });
  test("the default note (which mentions Retryer) still gets the fix", async () => {
    await initTreeSitter();
    const edit = awsSdkGoLayerEdit("disable", layer("no MaxRetries/Retryer: default DefaultRetryerMaxNumRetries 3 → 4 attempts"), text, {} as LayerOpContext);
    assert.match(edit?.edits[0]?.newText ?? "", /WithMaxRetries\(0\)/);
  });
  test("v2 clients: no fix here", async () => {
    await initTreeSitter();
    assert.equal(awsSdkGoLayerEdit("disable", layer("default 3 attempts", "aws-sdk-go-v2"), text, {} as LayerOpContext), null);
  });
});
