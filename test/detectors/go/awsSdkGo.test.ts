// AWS SDK for Go — docs/reference/aws-sdk-go.md. v1 `MaxRetries` counts RETRIES (default 3 → 4,
// DynamoDB 10 → 11, -1 = service default, 0 = off); v2 `RetryMaxAttempts` counts ATTEMPTS
// (default 3, 0 ignored; retry.AddWithMaxAttempts(r, 0) = no limit; aws.NopRetryer = off).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go } from "./helpers";
import { checkFixture } from "../../harness";

const V1 = `"github.com/aws/aws-sdk-go/aws"\n\t"github.com/aws/aws-sdk-go/aws/client"\n\t"github.com/aws/aws-sdk-go/aws/session"\n\t"github.com/aws/aws-sdk-go/service/s3"\n\t"github.com/aws/aws-sdk-go/service/s3/s3manager"\n\t"github.com/aws/aws-sdk-go/service/dynamodb"`;
const V2 = `"context"\n\t"github.com/aws/aws-sdk-go-v2/aws"\n\t"github.com/aws/aws-sdk-go-v2/aws/retry"\n\t"github.com/aws/aws-sdk-go-v2/config"\n\t"github.com/aws/aws-sdk-go-v2/service/s3"\n\t"github.com/aws/aws-sdk-go-v2/service/dynamodb"`;

async function layersOf(imports: string, body: string) {
  const facts = await go(`package store\n\nimport (\n\t${imports}\n)\n\nfunc run(ctx context.Context) {\n${body}\n}\n`);
  return facts.layers.filter((l) => l.kind === "aws-sdk-go");
}

describe("aws-sdk-go v1 attempts (MaxRetries counts retries)", () => {
  const cases: Array<[string, string, number | null, "config" | "default"]> = [
    ["default (S3)", `\tsvc := s3.New(session.Must(session.NewSession(&aws.Config{Region: aws.String("us-east-1")})))\n\t_ = svc`, 4, "default"],
    ["default DynamoDB is 10 retries", `\tsess := session.Must(session.NewSession())\n\tdb := dynamodb.New(sess)\n\t_ = db`, 11, "default"],
    ["session MaxRetries: aws.Int(5)", `\tsess, _ := session.NewSession(&aws.Config{MaxRetries: aws.Int(5)})\n\tsvc := s3.New(sess)\n\t_ = svc`, 6, "config"],
    ["MaxRetries 0 turns retries off", `\tsess := session.Must(session.NewSession(&aws.Config{MaxRetries: aws.Int(0)}))\n\tdb := dynamodb.New(sess)\n\t_ = db`, 1, "config"],
    ["UseServiceDefaultRetries on DynamoDB is 10", `\tsess := session.Must(session.NewSession(&aws.Config{MaxRetries: aws.Int(aws.UseServiceDefaultRetries)}))\n\tdb := dynamodb.New(sess)\n\t_ = db`, 11, "default"],
    ["a config on the client wins", `\tsess := session.Must(session.NewSession(&aws.Config{MaxRetries: aws.Int(5)}))\n\tsvc := s3.New(sess, aws.NewConfig().WithMaxRetries(1))\n\t_ = svc`, 2, "config"],
    ["NewSessionWithOptions", `\tsess := session.Must(session.NewSessionWithOptions(session.Options{Config: aws.Config{MaxRetries: aws.Int(2)}}))\n\tsvc := s3.New(sess)\n\t_ = svc`, 3, "config"],
    ["client.NoOpRetryer", `\tsess := session.Must(session.NewSession(&aws.Config{Retryer: client.NoOpRetryer{}}))\n\tsvc := s3.New(sess)\n\t_ = svc`, 1, "config"],
    ["DefaultRetryer NumMaxRetries", `\tsess := session.Must(session.NewSession(&aws.Config{Retryer: client.DefaultRetryer{NumMaxRetries: 7}}))\n\tdb := dynamodb.New(sess)\n\t_ = db`, 8, "config"],
    ["s3manager.NewUploader sends through S3", `\tsess := session.Must(session.NewSession())\n\tup := s3manager.NewUploader(sess)\n\t_ = up`, 4, "default"],
    ["MaxRetries not a literal", `\tsess := session.Must(session.NewSession(&aws.Config{MaxRetries: aws.Int(cfg.Retries)}))\n\tsvc := s3.New(sess)\n\t_ = svc`, null, "config"],
  ];
  for (const [name, body, expected, source] of cases) {
    test(`${name} → ${expected}`, async () => {
      const layers = await layersOf(`"context"\n\t${V1}`, body);
      assert.equal(layers.length, 1);
      assert.equal(layers[0]!.maxAttempts, expected);
      assert.equal(layers[0]!.attemptsSource, source);
      assert.match(layers[0]!.attemptsNote ?? "", /aws-sdk-go v1|MaxRetries|Retryer/);
    });
  }
  test("a session alone sends nothing: no layer", async () => {
    assert.equal((await layersOf(`"context"\n\t${V1}`, `\tsess := session.Must(session.NewSession())\n\t_ = sess`)).length, 0);
  });
  test("near miss: New of a package outside the SDK", async () => {
    assert.equal((await layersOf(`"context"\n\t"example.com/s3"`, `\tsvc := s3.New(nil)\n\t_ = svc`)).length, 0);
  });
  test("the hover note names where the default comes from", async () => {
    const [l] = await layersOf(`"context"\n\t${V1}`, `\tdb := dynamodb.New(session.Must(session.NewSession()))\n\t_ = db`);
    assert.match(l!.attemptsNote ?? "", /customizations\.go/);
  });
});

describe("aws-sdk-go-v2 attempts (RetryMaxAttempts counts attempts)", () => {
  const cases: Array<[string, string, number | null, "config" | "default"]> = [
    ["default standard retryer", `\tcfg, _ := config.LoadDefaultConfig(ctx)\n\tc := s3.NewFromConfig(cfg)\n\t_ = c`, 3, "default"],
    ["DynamoDB default is 3 too", `\tcfg, _ := config.LoadDefaultConfig(ctx)\n\tc := dynamodb.NewFromConfig(cfg)\n\t_ = c`, 3, "default"],
    ["WithRetryMaxAttempts(5)", `\tcfg, _ := config.LoadDefaultConfig(ctx, config.WithRetryMaxAttempts(5))\n\tc := s3.NewFromConfig(cfg)\n\t_ = c`, 5, "config"],
    ["WithRetryMaxAttempts(0) is ignored", `\tcfg, _ := config.LoadDefaultConfig(ctx, config.WithRetryMaxAttempts(0))\n\tc := s3.NewFromConfig(cfg)\n\t_ = c`, 3, "default"],
    ["client option RetryMaxAttempts wins", `\tcfg, _ := config.LoadDefaultConfig(ctx, config.WithRetryMaxAttempts(5))\n\tc := s3.NewFromConfig(cfg, func(o *s3.Options) { o.RetryMaxAttempts = 2 })\n\t_ = c`, 2, "config"],
    ["aws.NopRetryer", `\tcfg, _ := config.LoadDefaultConfig(ctx, config.WithRetryer(func() aws.Retryer { return aws.NopRetryer{} }))\n\tc := s3.NewFromConfig(cfg)\n\t_ = c`, 1, "config"],
    ["AddWithMaxAttempts(NewStandard(), 7)", `\tcfg, _ := config.LoadDefaultConfig(ctx, config.WithRetryer(func() aws.Retryer { return retry.AddWithMaxAttempts(retry.NewStandard(), 7) }))\n\tc := s3.NewFromConfig(cfg)\n\t_ = c`, 7, "config"],
    ["AddWithMaxAttempts(r, 0) has no limit", `\tcfg, _ := config.LoadDefaultConfig(ctx, config.WithRetryer(func() aws.Retryer { return retry.AddWithMaxAttempts(retry.NewStandard(), 0) }))\n\tc := s3.NewFromConfig(cfg)\n\t_ = c`, null, "config"],
    ["NewStandard MaxAttempts", `\tcfg, _ := config.LoadDefaultConfig(ctx)\n\tc := s3.NewFromConfig(cfg, func(o *s3.Options) { o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.MaxAttempts = 4 }) })\n\t_ = c`, 4, "config"],
  ];
  for (const [name, body, expected, source] of cases) {
    test(`${name} → ${expected}`, async () => {
      const layers = await layersOf(V2, body);
      assert.equal(layers.length, 1);
      assert.equal(layers[0]!.maxAttempts, expected);
      assert.equal(layers[0]!.attemptsSource, source);
      assert.equal(layers[0]!.library, "aws-sdk-go-v2");
    });
  }
  test("the no-limit trap says so", async () => {
    const [l] = await layersOf(V2, `\tcfg, _ := config.LoadDefaultConfig(ctx, config.WithRetryer(func() aws.Retryer { return retry.AddWithMaxAttempts(retry.NewStandard(), 0) }))\n\tc := s3.NewFromConfig(cfg)\n\t_ = c`);
    assert.match(l!.attemptsNote ?? "", /no attempt limit/);
    assert.equal(l!.maxAttempts, null);
    assert.notEqual(l!.countUnknown, true);
  });
  test("AWS_MAX_ATTEMPTS applies where the code sets no count (v2 only)", async () => {
    const [v2] = await layersOf(V2, `\tcfg, _ := config.LoadDefaultConfig(ctx)\n\tc := s3.NewFromConfig(cfg)\n\t_ = c`);
    assert.equal(v2!.envConfig?.attemptsVar, "AWS_MAX_ATTEMPTS");
    const [set] = await layersOf(V2, `\tcfg, _ := config.LoadDefaultConfig(ctx, config.WithRetryMaxAttempts(5))\n\tc := s3.NewFromConfig(cfg)\n\t_ = c`);
    assert.equal(set!.envConfig, undefined);
    const [v1] = await layersOf(`"context"\n\t${V1}`, `\tsvc := s3.New(session.Must(session.NewSession()))\n\t_ = svc`);
    assert.equal(v1!.envConfig, undefined);
  });
});

describe("aws-sdk-go linking", () => {
  test("a handler calling a v1 client method is a path through the layer (aws:s3)", async () => {
    await checkFixture(`
//! rules RL009
//- images/go.mod
module example.com/images

go 1.22
//- images/main.go
package main

import (
	"net/http"

	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/aws/session"
	"github.com/aws/aws-sdk-go/service/s3"
)

var svc = s3.New(session.Must(session.NewSession(&aws.Config{Region: aws.String("us-east-1")})))
// ^ layer ×4

func upload(w http.ResponseWriter, r *http.Request) {
	svc.PutObjectWithContext(r.Context(), &s3.PutObjectInput{})
}

func main() {
	http.HandleFunc("/upload", upload)
}
//! path 4 aws:s3
`);
  });
  test("a v2 client stored in a struct, called from a handler method (aws:dynamodb)", async () => {
    await checkFixture(`
//! rules RL009
//- orders/go.mod
module example.com/orders

go 1.22
//- orders/main.go
package main

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

type Server struct {
	db *dynamodb.Client
}

func (s *Server) get(w http.ResponseWriter, r *http.Request) {
	s.db.GetItem(r.Context(), &dynamodb.GetItemInput{})
}

func main() {
	cfg, _ := config.LoadDefaultConfig(context.Background(), config.WithRetryMaxAttempts(5))
	db := dynamodb.NewFromConfig(cfg)
// ^ layer ×5
	s := &Server{db: db}
	http.HandleFunc("/orders", s.get)
}
//! path 5 aws:dynamodb
`);
  });
  test("a client a factory returns (`return s3.New(…)`) and a parameter typed *s3.S3", async () => {
    await checkFixture(`
//! rules RL009
//- images/go.mod
module example.com/images

go 1.22
//- images/aws.go
package main

import (
	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/aws/session"
	"github.com/aws/aws-sdk-go/service/s3"
)

func NewS3Client() *s3.S3 {
	return s3.New(session.Must(session.NewSession(&aws.Config{MaxRetries: aws.Int(2)})))
// ^ layer ×3
}

func put(svc *s3.S3) {
	svc.PutObject(&s3.PutObjectInput{})
}
//- images/main.go
package main

import "net/http"

func upload(w http.ResponseWriter, r *http.Request) {
	c := NewS3Client()
	put(c)
}

func main() {
	http.HandleFunc("/upload", upload)
}
//! path 3 aws:s3
`);
  });
});
