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

const v2Before = (extraImport: string, clientExtra: string) => `
//- svc/store.go
package svc

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
${extraImport})

func Save(ctx context.Context, key string) error {
	cfg, _ := config.LoadDefaultConfig(ctx)
	svc := s3.NewFromConfig(cfg${clientExtra})
	var err error
	for i := 0; i < 3; i++ {
		if _, err = svc.PutObject(ctx, &s3.PutObjectInput{Key: aws.String(key)}); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}
`;

function applyEdits(text: string, edits: { start: number; end: number; newText: string }[]): string {
  for (const e of [...edits].sort((a, b) => b.start - a.start)) text = text.slice(0, e.start) + e.newText + text.slice(e.end);
  return text;
}

fixCases("AWS SDK for Go clients", [
  {
    name: "Go v2 S3 client with the default 3 attempts under a loop: an option function sets aws.NopRetryer{}",
    workspace: v2Before("", ""),
    finding: "RL001 svc/store.go:16",
    fix: "Keep Save ×3 and turn off the other 1 layer",
    after: v2Before("", ", func(o *s3.Options) { o.Retryer = aws.NopRetryer{} }"),
  },
  {
    name: "Go v2 o.RetryMaxAttempts = 5 in the client options: the statement becomes o.Retryer = aws.NopRetryer{}",
    workspace: v2Before("", ", func(o *s3.Options) { o.RetryMaxAttempts = 5 }"),
    finding: "RL001 svc/store.go:16",
    fix: "Keep Save ×3 and turn off the other 1 layer",
    after: v2Before("", ", func(o *s3.Options) { o.Retryer = aws.NopRetryer{} }"),
  },
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
  test("v2 layer anchored on something other than NewFromConfig: no fix", async () => {
    await initTreeSitter();
    assert.equal(awsSdkGoLayerEdit("disable", layer("default 3 attempts", "aws-sdk-go-v2"), text, {} as LayerOpContext), null);
  });
  test("v2 cap: retry.AddWithMaxAttempts(retry.NewStandard(), 2), with the retry import added beside the SDK's", async () => {
    await initTreeSitter();
    const v2 = v2Before("", "").replace(/^\n\/\/- svc\/store.go\n/, "");
    const edit = awsSdkGoLayerEdit("cap", { ...layer("default 3 attempts", "aws-sdk-go-v2"), anchor: { line: 14, column: 8 } } as RetryLayer, v2, { attempts: 2 } as LayerOpContext);
    assert.ok(edit);
    assert.equal(applyEdits(v2, edit.edits), v2Before("\t\"github.com/aws/aws-sdk-go-v2/aws/retry\"\n", ", func(o *s3.Options) { o.Retryer = retry.AddWithMaxAttempts(retry.NewStandard(), 2) }").replace(/^\n\/\/- svc\/store.go\n/, ""));
  });
  test("v2: two statements setting the retry in the options: no fix (which one wins is not ours to guess)", async () => {
    await initTreeSitter();
    const v2 = v2Before("", ", func(o *s3.Options) { o.RetryMaxAttempts = 5; o.Retryer = aws.NopRetryer{} }").replace(/^\n\/\/- svc\/store.go\n/, "");
    assert.equal(awsSdkGoLayerEdit("disable", { ...layer("x", "aws-sdk-go-v2"), anchor: { line: 14, column: 8 } } as RetryLayer, v2, {} as LayerOpContext), null);
  });
});
