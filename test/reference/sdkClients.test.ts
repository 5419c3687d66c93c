/**
 * docs/reference/stripe.md, google-sdks.md, msgraph.md, twilio.md, vercel-ai-sdk.md and retry-semantics.md §2.7b
 * (SDK clients that retry by default, issue #10): each library's defaults and number traps, run
 * through the real extractors or the linker (./table.ts).
 */
import { runTable, src, type Row } from "./table";

const rows: Row[] = [
  // Stripe
  {
    id: "stripe-node", name: "new Stripe(key): default maxNetworkRetries 2 → 3 (stripe-node ≥ 17), jittered 0.5 s × 2 up to 5 s, POST retried with an automatic Idempotency-Key", covers: ["default", "§5.3"],
    file: "pay/src/s.ts", kind: "stripe-sdk",
    code: src`
      import Stripe from "stripe";
      export const stripe = new Stripe(process.env.KEY as string);
    `,
    expect: { maxAttempts: 3, attemptsSource: "default", wait: ["exponential", true, 0.5, 5], methods: "all", conditionNote: /Idempotency-Key/ },
  },
  {
    id: "stripe-node", name: "package.json pins stripe ^16: default 1 retry → 2; ^12: none → 1", covers: ["trap"],
    workspace: true, file: "pay/src/s.ts", kind: "stripe-sdk",
    code: src`
      //- pay/package.json
      { "name": "pay", "dependencies": { "stripe": "~16.12.0" } }
      //- pay/src/s.ts
      import Stripe from "stripe";
      export const stripe = new Stripe("sk");
    `,
    expect: { maxAttempts: 2, attemptsSource: "default", wait: ["exponential", true], implicit: true, note: /13–16/ },
  },
  {
    id: "stripe-node", name: "maxNetworkRetries: 4 counts retries → 5; 0 → 1", covers: ["trap", "§5.1"],
    file: "pay/src/s.ts", kind: "stripe-sdk",
    code: src`
      import Stripe from "stripe";
      export const stripe = new Stripe("sk", { maxNetworkRetries: 4 });
    `,
    expect: { maxAttempts: 5, attemptsSource: "config", wait: ["exponential", true] },
  },
  {
    id: "stripe-python", name: "global resources: stripe.max_network_retries default 2 → 3 (stripe-python ≥ 11)", covers: ["default", "§5.3"],
    file: "shop/b.py", kind: "stripe-sdk",
    code: src`
      import stripe


      def charge(c):
          return stripe.Charge.create(customer=c)
    `,
    expect: { maxAttempts: 3, attemptsSource: "default", wait: ["exponential", true, 0.5, 5], methods: "all" },
  },
  {
    id: "stripe-python", name: "StripeClient(key) without max_network_retries does not retry (None reads as 0): no layer", covers: ["trap"],
    file: "shop/b.py", kind: "stripe-sdk",
    code: src`
      from stripe import StripeClient

      client = StripeClient("sk")
    `,
    expect: "none",
  },
  {
    id: "stripe-python", name: "StripeClient(key, max_network_retries=2) counts retries → 3", covers: ["trap", "§5.1"],
    file: "shop/b.py", kind: "stripe-sdk",
    code: src`
      from stripe import StripeClient

      client = StripeClient("sk", max_network_retries=2)
    `,
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["exponential", true] },
  },
  {
    id: "stripe-go", name: "client.New(key, nil) from stripe-go/v76: default MaxNetworkRetries 2 → 3 (v71+)", covers: ["default", "§5.3"],
    file: "pay/main.go", kind: "stripe-sdk",
    code: src`
      package pay

      import "github.com/stripe/stripe-go/v76/client"

      func run() {
      	sc := client.New("sk", nil)
      	_ = sc
      }
    `,
    expect: { maxAttempts: 3, attemptsSource: "default", wait: ["exponential", true], methods: "all" },
  },
  {
    id: "stripe-go", name: "stripe-go/v70 (before the default changed): no retries → 1", covers: ["trap"],
    file: "pay/main.go", kind: "stripe-sdk",
    code: src`
      package pay

      import "github.com/stripe/stripe-go/v70/client"

      func run() {
      	sc := client.New("sk", nil)
      	_ = sc
      }
    `,
    expect: { maxAttempts: 1, attemptsSource: "default", wait: ["exponential", true] },
  },
  {
    id: "stripe-dotnet", name: "Stripe.net new StripeClient(key): its SystemNetHttpClient default 2 → 3 (≥ 38), 0.5 s × 2 up to 5 s jittered, POST with an automatic Idempotency-Key", covers: ["default", "§5.3"],
    file: "Pay/Pay.cs", kind: "stripe-sdk",
    code: src`
      using Stripe;
      namespace Pay;
      public class Pay
      {
          private readonly StripeClient _client = new StripeClient("sk");
      }
    `,
    expect: { maxAttempts: 3, attemptsSource: "default", wait: ["exponential", true, 0.5, 5], methods: "all", conditionNote: /Idempotency-Key/ },
  },
  {
    id: "stripe-dotnet", name: "Stripe.net .csproj pins 37.35.0 (before #2006, v38): new CustomerService() on the global client does not retry → 1", covers: ["trap"],
    workspace: true, file: "Pay/Pay.cs", kind: "stripe-sdk",
    code: src`
      //- Pay/Pay.csproj
      <Project Sdk="Microsoft.NET.Sdk"><ItemGroup><PackageReference Include="Stripe.net" Version="37.35.0" /></ItemGroup></Project>
      //- Pay/Pay.cs
      using Stripe;
      namespace Pay;
      public class Pay
      {
          public Customer C(CustomerCreateOptions o) { var s = new CustomerService(); return s.Create(o); }
      }
    `,
    expect: { maxAttempts: 1, attemptsSource: "default", wait: ["exponential", true], implicit: true, note: /< 38/ },
  },
  {
    id: "stripe-dotnet", name: "Stripe.net new SystemNetHttpClient(maxNetworkRetries: 4) counts retries → 5", covers: ["trap", "§5.1"],
    file: "Pay/Pay.cs", kind: "stripe-sdk",
    code: src`
      using Stripe;
      namespace Pay;
      public class Pay
      {
          private readonly StripeClient _client = new StripeClient("sk", httpClient: new SystemNetHttpClient(maxNetworkRetries: 4));
      }
    `,
    expect: { maxAttempts: 5, attemptsSource: "config", wait: ["exponential", true] },
  },
  {
    id: "stripe-java", name: "stripe-java global resources (Charge.create): Stripe.maxNetworkRetries default 2 → 3 (≥ 27.0.0)", covers: ["default", "§5.3"],
    file: "pay/src/main/java/com/shop/Pay.java", kind: "stripe-sdk",
    code: src`
      package com.shop;

      import com.stripe.model.Charge;

      public class Pay {
          public Object charge(Object p) throws Exception { return Charge.create(p); }
      }
    `,
    expect: { maxAttempts: 3, attemptsSource: "default", wait: ["exponential", true, 0.5, 5], methods: "all" },
  },
  {
    id: "stripe-java", name: "stripe-java new StripeClient(key): the builder's maxNetworkRetries is 0 → no layer (unlike the global 2)", covers: ["trap"],
    file: "pay/src/main/java/com/shop/Pay.java", kind: "stripe-sdk",
    code: src`
      package com.shop;

      import com.stripe.StripeClient;

      public class Pay {
          private final StripeClient client = new StripeClient("sk");
      }
    `,
    expect: "none",
  },
  {
    id: "stripe-java", name: "stripe-java Stripe.setMaxNetworkRetries(4) counts retries → 5", covers: ["trap", "§5.1"],
    file: "pay/src/main/java/com/shop/Pay.java", kind: "stripe-sdk",
    code: src`
      package com.shop;

      import com.stripe.Stripe;
      import com.stripe.model.Charge;

      public class Pay {
          public Object charge(Object p) throws Exception { Stripe.setMaxNetworkRetries(4); return Charge.create(p); }
      }
    `,
    expect: { maxAttempts: 5, attemptsSource: "config", wait: ["exponential", true] },
  },
  // AWS SDK JS v2
  {
    id: "aws-sdk-js-v2", name: "new AWS.S3(): default maxRetries 3 → 4 (counts retries, unlike v3), full jitter × 100 ms, no cap", covers: ["default", "§5.1", "§5.3"],
    file: "app/src/a.ts", kind: "aws-sdk-v2",
    code: src`
      import AWS from "aws-sdk";
      export const s3 = new AWS.S3();
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["exponential", true, 0, null], methods: "all", budget: null },
  },
  {
    id: "aws-sdk-js-v2", name: "DynamoDB (and its DocumentClient): default 10 retries → 11, 50 ms base", covers: ["trap"],
    file: "app/src/a.ts", kind: "aws-sdk-v2",
    code: src`
      import AWS from "aws-sdk";
      export const docs = new AWS.DynamoDB.DocumentClient();
    `,
    expect: { maxAttempts: 11, attemptsSource: "default", wait: ["exponential", true] },
  },
  // Google
  {
    id: "googleapiclient", name: "execute() tries once (num_retries=0): no layer", covers: ["default"],
    file: "app/d.py", kind: "googleapiclient",
    code: src`
      from googleapiclient.discovery import build

      service = build("drive", "v3")


      def f():
          return service.files().list().execute()
    `,
    expect: "none",
  },
  {
    id: "googleapiclient", name: "execute(num_retries=3) counts retries → 4, random × 2^n s", covers: ["trap", "§5.1"],
    file: "app/d.py", kind: "googleapiclient",
    code: src`
      from googleapiclient.discovery import build

      service = build("drive", "v3")


      def f():
          return service.files().list().execute(num_retries=3)
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true], methods: "all" },
  },
  {
    id: "google-cloud-storage", name: "storage.Client(): DEFAULT_RETRY, no count, 120 s deadline, 1 s × 2 up to 60 s jittered", covers: ["default", "§5.3"],
    file: "app/s.py", kind: "google-cloud-sdk",
    code: src`
      from google.cloud import storage

      client = storage.Client()
    `,
    expect: { maxAttempts: null, timeBound: /120 s/, attemptsSource: "default", wait: ["exponential", true, 1, 60], overallTimeoutSeconds: 120 },
  },
  {
    id: "google-cloud-node", name: "new Storage(): retryOptions.maxRetries 3 → 4, totalTimeout 600 s", covers: ["default", "§5.3"],
    file: "up/src/s.ts", kind: "google-cloud-sdk",
    code: src`
      import { Storage } from "@google-cloud/storage";
      export const storage = new Storage();
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["exponential", true, 1, 64], overallTimeoutSeconds: 600 },
  },
  {
    id: "google-cloud-node", name: "retryOptions.maxRetries: 0 is falsy: the default 3 → 4 (autoRetry: false turns it off)", covers: ["trap"],
    file: "up/src/s.ts", kind: "google-cloud-sdk",
    code: src`
      import { Storage } from "@google-cloud/storage";
      export const storage = new Storage({ retryOptions: { maxRetries: 0 } });
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true], note: /falsy/ },
  },
  {
    id: "firebase-functions", name: "event function without retry: no redelivery, no layer", covers: ["default"],
    file: "fn/src/i.ts", kind: "firebase-functions-retry",
    code: src`
      import { onMessagePublished } from "firebase-functions/v2/pubsub";
      export const f = onMessagePublished({ topic: "t" }, async (e) => { await work(e); });
    `,
    expect: "none",
  },
  {
    id: "firebase-functions", name: "retry: true: redelivered on any failure for up to 7 days, no count", covers: ["trap"],
    file: "fn/src/i.ts", kind: "firebase-functions-retry",
    code: src`
      import { onMessagePublished } from "firebase-functions/v2/pubsub";
      export const f = onMessagePublished({ topic: "t", retry: true }, async (e) => { await work(e); });
    `,
    expect: { maxAttempts: null, timeBound: /7 days/, attemptsSource: "config", wait: ["exponential", null, 10, 600] },
  },
  // Microsoft Graph
  {
    id: "msgraph", name: "Client.initWithMiddleware({ authProvider }): default RetryHandler 3 → 4, 429/503/504, Retry-After", covers: ["default", "§5.3"],
    file: "m/src/g.ts", kind: "msgraph-retry-handler",
    code: src`
      import { Client } from "@microsoft/microsoft-graph-client";
      export const graph = Client.initWithMiddleware({ authProvider });
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["exponential", true, 3, 180], methods: "all", conditionNote: /429, 503 and 504/ },
  },
  {
    id: "msgraph", name: "RetryHandlerOptions(delay, 5) counts retries → 6", covers: ["trap", "§5.1"],
    file: "m/src/g.ts", kind: "msgraph-retry-handler",
    code: src`
      import { Client, RetryHandler, RetryHandlerOptions } from "@microsoft/microsoft-graph-client";
      const retry = new RetryHandler(new RetryHandlerOptions(2, 5));
      export const graph = Client.initWithMiddleware({ middleware: retry });
    `,
    expect: { maxAttempts: 6, attemptsSource: "config", wait: ["exponential", true] },
  },
  {
    id: "msgraph", name: ".NET new GraphServiceClient(credential): Kiota RetryHandler DefaultMaxRetry 3 → 4, Delay × 2^n from 3 s without jitter, ≤ 180 s", covers: ["default", "§5.3"],
    file: "Mail/Inbox.cs", kind: "msgraph-retry-handler",
    code: src`
      using Microsoft.Graph;
      namespace Mail;
      public class Inbox
      {
          private readonly GraphServiceClient _graph = new GraphServiceClient(new Azure.Identity.DefaultAzureCredential());
      }
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["exponential", false, 3, 180], methods: "all", conditionNote: /429, 503 and 504/ },
  },
  {
    id: "msgraph", name: ".NET RetryHandlerOption { MaxRetry = 0 } in the handler list turns retries off → 1", covers: ["trap", "§5.1"],
    file: "Mail/Inbox.cs", kind: "msgraph-retry-handler",
    code: src`
      using Microsoft.Graph;
      using Microsoft.Kiota.Http.HttpClientLibrary.Middleware;
      using Microsoft.Kiota.Http.HttpClientLibrary.Middleware.Options;
      namespace Mail;
      public class Inbox
      {
          private readonly GraphServiceClient _graph = new GraphServiceClient(GraphClientFactory.Create(new List<DelegatingHandler> { new RetryHandler(new RetryHandlerOption { MaxRetry = 0 }) }));
      }
    `,
    expect: { maxAttempts: 1, attemptsSource: "config", wait: ["exponential", false] },
  },
  {
    id: "msgraph", name: "Java new GraphServiceClient(credential, scopes): kiota-java RetryHandler DEFAULT_MAX_RETRIES 3 → 4, jittered, ≤ 180 s", covers: ["default", "§5.3"],
    file: "mail/src/main/java/com/shop/Mail.java", kind: "msgraph-retry-handler",
    code: src`
      package com.shop;
      import com.microsoft.graph.serviceclient.GraphServiceClient;
      public class Mail {
          private final GraphServiceClient graph = new GraphServiceClient(credential, "https://graph.microsoft.com/.default");
      }
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["exponential", true, 3, 180], methods: "all" },
  },
  {
    id: "msgraph", name: "Java KiotaClientFactory.create(interceptors) without a RetryHandler: no layer", covers: ["trap"],
    file: "mail/src/main/java/com/shop/Mail.java", kind: "msgraph-retry-handler",
    code: src`
      package com.shop;
      import com.microsoft.graph.serviceclient.GraphServiceClient;
      import com.microsoft.kiota.http.KiotaClientFactory;
      import okhttp3.Interceptor;
      public class Mail {
          private final GraphServiceClient graph = new GraphServiceClient(auth, KiotaClientFactory.create(new Interceptor[] { new UserAgentHandler() }).build());
      }
    `,
    expect: "none",
  },
  {
    id: "msgraph", name: "Go NewGraphServiceClientWithCredentials: kiota-http-go defaultMaxRetries 3 → 4", covers: ["default", "§5.3"],
    file: "mail/graph.go", kind: "msgraph-retry-handler",
    code: src`
      package mail
      import msgraphsdk "github.com/microsoftgraph/msgraph-sdk-go"
      var client, _ = msgraphsdk.NewGraphServiceClientWithCredentials(cred, nil)
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["exponential", true, 3, 180], methods: "all" },
  },
  {
    id: "msgraph", name: "Go RetryHandlerOptions{MaxRetries: 0}: below 1 reads as the default 3 → 4 (0 does not turn retries off)", covers: ["trap", "§5.1"],
    file: "mail/graph.go", kind: "msgraph-retry-handler",
    code: src`
      package mail
      import (
      	khttp "github.com/microsoft/kiota-http-go"
      	msgraphsdk "github.com/microsoftgraph/msgraph-sdk-go"
      )
      var opts = &khttp.RetryHandlerOptions{MaxRetries: 0}
      var client = msgraphsdk.NewGraphServiceClient(adapter)
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true], note: /0 does not turn retries off/ },
  },
  // Twilio
  {
    id: "twilio", name: "twilio(sid, token): autoRetry defaults to false: no layer", covers: ["default"],
    file: "n/src/t.ts", kind: "twilio-retry",
    code: src`
      import twilio from "twilio";
      export const client = twilio("sid", "token");
    `,
    expect: "none",
  },
  {
    id: "twilio", name: "autoRetry: true, maxRetries: 0 → the default 3 → 4 (0 is falsy); 429 only, full jitter ≤ 3 s", covers: ["trap"],
    file: "n/src/t.ts", kind: "twilio-retry",
    code: src`
      import twilio from "twilio";
      export const client = twilio("sid", "token", { autoRetry: true, maxRetries: 0 });
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true, 0, 3], methods: [], conditionNote: /only 429/ },
  },
  // Vercel AI SDK (vercel-ai-sdk.md): the layer is the call
  {
    id: "vercel-ai-sdk", name: "generateText({ model }): default maxRetries 2 → 3 (ai 3–7), 2 s × 2, no jitter; a POST to the model's provider", covers: ["default", "§5.3"],
    workspace: true, file: "bot/src/a.ts", kind: "vercel-ai-sdk",
    code: src`
      //- bot/package.json
      { "name": "bot", "dependencies": { "ai": "^5.0.0", "@ai-sdk/openai": "^2.0.0" } }
      //- bot/src/a.ts
      import { generateText } from "ai";
      import { openai } from "@ai-sdk/openai";
      export const ask = (q: string) => generateText({ model: openai("gpt-4o"), prompt: q });
    `,
    expect: { maxAttempts: 3, attemptsSource: "default", wait: ["exponential", false, 2, 4], methods: "all", implicit: true, note: /maxRetries \?\? 2/, conditionNote: /APICallError\.isRetryable/, path: { target: "api.openai.com", product: 3 } },
  },
  {
    id: "vercel-ai-sdk", name: "maxRetries: 4 counts retries → 5; 0 → 1 (off)", covers: ["trap", "§5.1"],
    file: "bot/src/a.ts", kind: "vercel-ai-sdk",
    code: src`
      import { streamText } from "ai";
      import { anthropic } from "@ai-sdk/anthropic";
      export const chat = (q: string) => streamText({ model: anthropic("claude-sonnet-4-5"), prompt: q, maxRetries: 4 });
    `,
    expect: { maxAttempts: 5, attemptsSource: "config", wait: ["exponential", false, 2, 16], methods: "all" },
  },
  {
    id: "vercel-ai-sdk", name: "maxRetries from a variable: not known statically", covers: ["trap"],
    file: "bot/src/a.ts", kind: "vercel-ai-sdk",
    code: src`
      import { embed } from "ai";
      import { openai } from "@ai-sdk/openai";
      export const vec = (value: string, retries: number) => embed({ model: openai.embedding("e"), value, maxRetries: retries });
    `,
    expect: { maxAttempts: null, countUnknown: true, timeBound: null, attemptsSource: "config", wait: ["exponential", false, 2, null] },
  },
  // googleapis for Node (google-sdks.md): googleapis-common turns gaxios retries on
  {
    id: "googleapis-node", name: "google.youtube({ version, auth }): retries on by default, gaxios 3 → 4, idempotent methods only, no jitter", covers: ["default"],
    file: "n/src/yt.ts", kind: "googleapis-node",
    code: src`
      import { google } from "googleapis";
      export const yt = google.youtube({ version: "v3", auth: "k" });
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["exponential", false, 0.1, null], methods: ["GET", "HEAD", "PUT", "OPTIONS", "DELETE"], note: /retryConfig\.retry 3 → 4/ },
  },
  {
    id: "googleapis-node", name: "retryConfig: { retry: 1 } counts retries → 2; retry: false → 1", covers: ["trap"],
    file: "n/src/yt.ts", kind: "googleapis-node",
    code: src`
      import { google } from "googleapis";
      export const sheets = google.sheets({ version: "v4", retryConfig: { retry: 1 } });
    `,
    expect: { maxAttempts: 2, attemptsSource: "config", wait: ["exponential", false, 0.1, null], methods: ["GET", "HEAD", "PUT", "OPTIONS", "DELETE"] },
  },
  // LangChain JS (openai-sdk.md "LangChain JS and other wrappers"): @langchain/core AsyncCaller
  {
    id: "langchain-js", name: "new ChatOpenAI({ model }): AsyncCaller maxRetries ?? 6 → 7, p-retry 1 s × 2^n randomised, POST included", covers: ["default"],
    file: "n/src/m.ts", kind: "langchain-js",
    code: src`
      import { ChatOpenAI } from "@langchain/openai";
      export const model = new ChatOpenAI({ model: "gpt-4.1" });
    `,
    expect: { maxAttempts: 7, attemptsSource: "default", wait: ["exponential", true, 1, null], methods: "all", note: /AsyncCaller default maxRetries 6 → 7/ },
  },
  {
    id: "langchain-js", name: "maxRetries: 2 counts retries → 3", covers: ["trap"],
    file: "n/src/m.ts", kind: "langchain-js",
    code: src`
      import { ChatAnthropic } from "@langchain/anthropic";
      export const model = new ChatAnthropic({ model: "claude-sonnet-4-5", maxRetries: 2 });
    `,
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["exponential", true, 1, null], methods: "all" },
  },
  // llama-index (openai-sdk.md "llama-index"): its tenacity retry over the SDK client
  {
    id: "llama-index", name: "OpenAILike(...): @llm_retry_decorator stop_after_attempt(max_retries=3) | 60 s → 3 (over the SDK's 4)", covers: ["default"],
    file: "svc/ai.py", kind: "llama-index",
    code: src`
      from llama_index.llms.openai_like import OpenAILike
      llm = OpenAILike(model="m", api_base="http://llm:8000/v1")
    `,
    expect: { maxAttempts: 3, attemptsSource: "default", wait: ["exponential", true, 1, 20], methods: "all", note: /stop_after_attempt\(max_retries=3, its default\)/ },
  },
  {
    id: "llama-index", name: "OpenAIEmbedding(max_retries=2): the embedding retry stays 6 (max_retries reaches only the SDK)", covers: ["trap"],
    file: "svc/ai.py", kind: "llama-index",
    code: src`
      from llama_index.embeddings.openai import OpenAIEmbedding
      emb = OpenAIEmbedding(max_retries=2)
    `,
    expect: { maxAttempts: 6, attemptsSource: "default", wait: ["exponential", true, 1, 20], methods: "all" },
  },
];

runTable("SDK clients (stripe.md, google-sdks.md, msgraph.md, twilio.md, vercel-ai-sdk.md, openai-sdk.md wrappers, §2.7b)", ["stripe-node", "stripe-python", "stripe-go", "stripe-dotnet", "stripe-java", "aws-sdk-js-v2", "googleapiclient", "google-cloud-storage", "google-cloud-node", "firebase-functions", "msgraph", "twilio", "vercel-ai-sdk", "googleapis-node", "langchain-js", "llama-index"], rows);
