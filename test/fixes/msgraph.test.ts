/**
 * Fixes on Microsoft Graph RetryHandler layers (docs/reference/msgraph.md): the literal count is
 * rewritten in retries — .NET RetryHandlerOption.MaxRetry (0 = off), Java RetryHandlerOption's
 * maxRetries (0 = off), Go RetryHandlerOptions.MaxRetries (no off: below 1 is the default 3).
 */
import { fixCases } from "./fixCases";

const dotnet = (maxRetry: number) => `
//- Mail/Mail.csproj
//- Mail/Program.cs
using Mail;
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddSingleton<Inbox>();
var app = builder.Build();
app.MapGet("/inbox", (Inbox inbox) => inbox.Latest());
app.Run();
//- Mail/Inbox.cs
using Microsoft.Graph;
using Microsoft.Kiota.Http.HttpClientLibrary.Middleware;
using Microsoft.Kiota.Http.HttpClientLibrary.Middleware.Options;
using Polly;
using Polly.Retry;

namespace Mail;

public class Inbox
{
    private static readonly ResiliencePipeline Retry = new ResiliencePipelineBuilder().AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 2, UseJitter = true }).Build();
    private readonly GraphServiceClient _graph = new GraphServiceClient(GraphClientFactory.Create(new List<DelegatingHandler> { new RetryHandler(new RetryHandlerOption { MaxRetry = ${maxRetry} }) }));

    public async Task<object?> Latest() => await Retry.ExecuteAsync(async ct => await _graph.Me.Messages.GetAsync(cancellationToken: ct));
}
`;

const javaFile = (maxRetries: number) => `
//- mail/src/main/java/com/shop/Mail.java
package com.shop;

import com.microsoft.graph.serviceclient.GraphServiceClient;
import com.microsoft.kiota.http.KiotaClientFactory;
import com.microsoft.kiota.http.middleware.RetryHandler;
import com.microsoft.kiota.http.middleware.options.RetryHandlerOption;
import okhttp3.Interceptor;
import org.springframework.retry.annotation.Retryable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class Mail {
    private final GraphServiceClient graph = new GraphServiceClient(auth, KiotaClientFactory.create(new Interceptor[] { new RetryHandler(new RetryHandlerOption(null, ${maxRetries}, 3)) }).build());

    @GetMapping("/inbox")
    @Retryable(maxAttempts = 3)
    public Object inbox() {
        return graph.me().messages().get();
    }
}
`;

const goFile = (maxRetries: number) => `
//- mail/go.mod
module example.com/mail

go 1.22
//- mail/main.go
package main

import (
	"net/http"

	khttp "github.com/microsoft/kiota-http-go"
	msgraphsdk "github.com/microsoftgraph/msgraph-sdk-go"
)

var opts = &khttp.RetryHandlerOptions{MaxRetries: ${maxRetries}}
var client = msgraphsdk.NewGraphServiceClient(adapter)

func inbox(w http.ResponseWriter, r *http.Request) {
	client.Me().Messages().Get(r.Context(), nil)
}

func main() {
	http.HandleFunc("/inbox", inbox)
	http.ListenAndServe(":8080", nil)
}
`;

fixCases("Microsoft Graph RetryHandler", [
  {
    name: ".NET: a Polly retry around a Graph client with MaxRetry = 5: turn the RetryHandler off (MaxRetry 0)",
    workspace: dotnet(5),
    finding: "RL001 Mail/Inbox.cs:12",
    fix: "Turn off Graph RetryHandler retries",
    after: dotnet(0).slice(dotnet(0).indexOf("//- Mail/Inbox.cs")),
  },
  {
    name: "Java: @Retryable around a client whose RetryHandlerOption has maxRetries 4: turn it off (maxRetries 0)",
    workspace: javaFile(4),
    finding: "RL001 mail/src/main/java/com/shop/Mail.java:14",
    fix: "Turn off Graph RetryHandler retries",
    after: javaFile(0),
  },
  {
    name: "Go: MaxRetries 5 → 6 attempts over the threshold: lowered to 3 attempts (MaxRetries 2)",
    workspace: goFile(5),
    finding: "RL001 mail/main.go:10",
    fix: "Lower to 3 attempts",
    after: goFile(2).slice(goFile(2).indexOf("//- mail/main.go")),
  },
]);
