/**
 * One binary with subcommands (cobra: `cmd/chat.go`, `cmd/match.go`, each starting one `pkg/<part>`),
 * run by several compose services from one prebuilt image with different commands
 * (`image: acme/chat-api`, `command: [chat]` / `command: [match]`; engine/services.ts argumentClaims):
 * the part's folder and its subcommand file belong to the service whose command names it, under the
 * service's name (`random-chat` runs `pkg/chat`), so a hop from a part is that service's.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

const program = (compose: string) => `//- go.mod
module example.com/chat

go 1.22
//- cmd/root.go
package cmd

import "github.com/spf13/cobra"

var rootCmd = &cobra.Command{Use: "server"}

func Execute() { _ = rootCmd.Execute() }
//- cmd/chat.go
package cmd

import (
	"example.com/chat/pkg/chat"
	"github.com/spf13/cobra"
)

var chatCmd = &cobra.Command{Use: "chat", Run: func(cmd *cobra.Command, args []string) { chat.Serve() }}

func init() { rootCmd.AddCommand(chatCmd) }
//- cmd/match.go
package cmd

import (
	"example.com/chat/pkg/match"
	"github.com/spf13/cobra"
)

var matchCmd = &cobra.Command{Use: "match", Run: func(cmd *cobra.Command, args []string) { match.Serve() }}

func init() { rootCmd.AddCommand(matchCmd) }
//- pkg/chat/http.go
package chat

import "net/http"

func channel(w http.ResponseWriter, r *http.Request) {}

func Serve() {
	http.HandleFunc("POST /api/chat/channel", channel)
	http.ListenAndServe(":80", nil)
}
//- pkg/match/http.go
package match

import (
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

var client = retryablehttp.NewClient()
// ^ layer ×5

func matched(w http.ResponseWriter, r *http.Request) {
	_, _ = client.Post("http://random-chat/api/chat/channel", "application/json", nil)
}

func Serve() {
	http.HandleFunc("GET /api/match", matched)
	http.ListenAndServe(":80", nil)
}
//- deployments/docker-compose.yaml
services:
${compose}`;

describe("one image run as several compose services, each told its subcommand", () => {
  test("the subcommand's part and file belong to the service whose command names it", async () => {
    const result = await checkFixture(`${program(`  random-chat:
    image: acme/chat-api:kafka
    command:
      - chat
  match:
    image: acme/chat-api:kafka
    command:
      - match
`)}
//! rules none
//! path 5 random-chat
`);
    assert.equal(result.model.fileService.get("pkg/chat/http.go"), "random-chat");
    assert.equal(result.model.fileService.get("cmd/chat.go"), "random-chat");
    assert.equal(result.model.fileService.get("cmd/match.go"), "match");
    assert.equal(result.model.fileService.get("cmd/root.go"), "cmd", "the root command is no subcommand's");
    const hop = result.model.hops.find((h) => h.callee === "random-chat");
    assert.equal(hop?.caller, "match");
  });

  test("one service running the image, or commands that name no part: folders decide", async () => {
    const one = await checkFixture(`${program(`  random-chat:
    image: acme/chat-api
    command: [chat]
`)}
//! rules none
`);
    assert.equal(one.model.fileService.get("pkg/chat/http.go"), "chat");
    const unnamed = await checkFixture(`${program(`  a:
    image: acme/chat-api
    command: [serve, --port=80]
  b:
    image: acme/chat-api
    command: [serve, --port=81]
`)}
//! rules none
`);
    assert.equal(unnamed.model.fileService.get("pkg/chat/http.go"), "chat");
    assert.equal(unnamed.model.fileService.get("cmd/match.go"), "cmd");
  });
});
