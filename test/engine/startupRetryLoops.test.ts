// Off-path code layers (docs/design.md "off-path layer"): a retry that runs only while the
// program starts — connect-at-boot, wait-for-port, fixture loads, a decorator on a function only
// main() calls — is reported with why, and never multiplied into request paths; the same retry
// reached from a handler, or from a consumer's message loop, stays on the paths.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

describe("startup retries are off the request paths", () => {
  test("Go: a fixture load retried every 10 s from `go loadFixtures()` in main, and a wait-for-port closure", async () => {
    const result = await checkFixture(`
//- trainer/go.mod
module example.com/trainer
//- trainer/main.go
package main

import (
	"net"
	"net/http"
	"time"
)

func main() {
	go loadFixtures()
	http.ListenAndServe(":8080", nil)
}

func loadFixtures() {
	if !waitForPort("trainer:3000") {
		return
	}
	for {
	// ^ layer ×∞
		err := seed()
		if err == nil {
			break
		}
		time.Sleep(10 * time.Second)
	}
}

func seed() error {
	_, err := http.Post("http://users:8080/seed", "application/json", nil)
	return err
}

func waitForPort(addr string) bool {
	ready := make(chan struct{})
	go func() {
		for {
		// ^ layer ×∞
			_, err := net.Dial("tcp", addr)
			if err == nil {
				close(ready)
				return
			}
			time.Sleep(200 * time.Millisecond)
		}
	}()
	<-ready
	return true
}
//! rules RL001
//! paths 0
`);
    assert.equal(layerAt(result, "trainer/main.go:18").offPath, "runs at startup from main()");
    assert.match(layerAt(result, "trainer/main.go:35").offPath ?? "", /^connect-at-boot loop, run from main\(\)$/);
  });

  test("Go: a reconnect loop of a background consumer started by main is off-path; a retry in its message handling is not", async () => {
    const result = await checkFixture(`
//- dispatch/go.mod
module example.com/dispatch
//- dispatch/main.go
package main

import (
	"net/http"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"
)

func main() {
	go connector("amqp://rabbitmq:5672")
	go consume()
	select {}
}

func connect(uri string) *amqp.Connection {
	for {
	// ^ layer ×∞
		conn, err := amqp.Dial(uri)
		if err == nil {
			return conn
		}
		time.Sleep(time.Second)
	}
}

func connector(uri string) {
	for {
		<-closed
		connect(uri)
	}
}

var closed = make(chan error)
var orders = make(chan string)

func consume() {
	for {
		order := <-orders
		ship(order)
	}
}

func ship(order string) {
	for i := 0; i < 3; i++ {
	// ^ layer ×3
		resp, err := http.Post("http://shipping:8080/ship", "text/plain", nil)
		if err == nil && resp.StatusCode < 500 {
			return
		}
		time.Sleep(time.Second)
	}
}
//! rules RL001
//! path 3 shipping
//! paths 1
`);
    assert.equal(layerAt(result, "dispatch/main.go:17").offPath, "connection loop of a background task started by main()");
    assert.equal(layerAt(result, "dispatch/main.go:44").offPath, undefined);
  });

  test("TS: a connect-at-boot loop in the method that starts the server; the same kind of loop a request handler reaches stays on the paths", async () => {
    const result = await checkFixture(`
//- inventory/src/app.ts
import express from "express";
import mongoose from "mongoose";

export class App {
  app = express();
  async connectDB(retries = 5) {
    for (let i = 1; i <= retries; i++) {
    // ^ layer ×5 RL004
      try {
        await mongoose.connect("mongodb://mongo:27017/inventory");
        // ^ layer ×2
        return;
      } catch (err) {
        if (i === retries) throw err;
        await new Promise((res) => setTimeout(res, 5000));
      }
    }
  }
  async start() {
    await this.connectDB();
    this.app.get("/stock/:sku", async (req, res) => res.json(await stock(req.params.sku)));
    this.app.listen(3000);
  }
}

async function stock(sku: string) {
  for (let i = 0; i < 3; i++) {
  // ^ layer ×3
    try {
      return await (await fetch("http://warehouse:8080/stock/" + sku)).json();
    } catch (err) {
      await new Promise((res) => setTimeout(res, Math.random() * 100));
    }
  }
}
//! rules RL001,RL004
//! path 3 warehouse
`);
    assert.equal(layerAt(result, "inventory/src/app.ts:7").offPath, "connect-at-boot loop, run from App.start() (it starts serving)");
    assert.equal(layerAt(result, "inventory/src/app.ts:25").offPath, undefined);
  });

  test("TS: a wait-for-migrations loop in a service the NestJS boot function takes from the container (app.get(Service)) is off-path", async () => {
    const result = await checkFixture(`
//- entity/src/server.ts
import { NestFactory } from "@nestjs/core";
import { AppModule } from "./app.module";
import { ConfigurationService } from "./services/ConfigurationService";

export async function startServer() {
  const app = await NestFactory.create(AppModule);
  const configurationService = app.get(ConfigurationService);
  await configurationService.performConfiguration();
  await app.listen(3000);
}
//- entity/src/services/ConfigurationService.ts
export class ConfigurationService {
  constructor(private readonly tenants: any) {}
  async performConfiguration() {
    let done = false;
    let counter = 0;
    while (!done) {
    // ^ layer ×10
      try {
        await this.tenants.findOne({});
        done = true;
      } catch (error) {
        counter++;
        await new Promise((res) => setTimeout(res, 1000));
        if (counter >= 10) throw error;
      }
    }
  }
}
//! rules RL001
`);
    assert.match(layerAt(result, "entity/src/services/ConfigurationService.ts:6").offPath ?? "", /runs at startup from startServer\(\)/);
  });

  test("Python: a tenacity decorator on a function only main() calls, under `if __name__ == \"__main__\"`", async () => {
    const result = await checkFixture(`
//- backend/app/backend_pre_start.py
from sqlalchemy import create_engine, text
from tenacity import retry, stop_after_attempt, wait_fixed

engine = create_engine("postgresql://db/app")


@retry(stop=stop_after_attempt(300), wait=wait_fixed(1))
# ^ layer ×300 RL004
def init(db_engine) -> None:
    with db_engine.connect() as conn:
        conn.execute(text("SELECT 1"))


def main() -> None:
    init(engine)


if __name__ == "__main__":
    main()
//! rules RL001,RL004
//! paths 0
`);
    assert.equal(layerAt(result, "backend/app/backend_pre_start.py:7").offPath, "runs at startup from main()");
    // its hygiene finding stays, softened: it multiplies no request
    const noJitter = result.findings.find((f) => f.rule === "RL004")!;
    assert.equal(noJitter.severity, "info");
    assert.match(noJitter.message, /off the request paths \(runs at startup from main\(\)\), so it multiplies no request/);
  });

  test("a retry helper the startup code and a handler both call stays on the paths", async () => {
    const result = await checkFixture(`
//- api/app.py
import time
import requests
from flask import Flask

app = Flask(__name__)


def fetch_config():
    for attempt in range(3):
    # ^ layer ×3 RL004
        try:
            return requests.get("http://config:8080/v1")
        except requests.ConnectionError:
            time.sleep(1)


CONFIG = fetch_config()


@app.get("/config")
def config():
    return fetch_config().json()
//! rules RL004
//! path 3 config
`);
    assert.equal(layerAt(result, "api/app.py:9").offPath, undefined);
    assert.equal(result.findings.find((f) => f.rule === "RL004")!.severity, "warning");
  });

  test("Python: a decorated task the boot function submits to a thread pool, reached through `import pkg.module`", async () => {
    const result = await checkFixture(`
//- worker/app/boot.py
import concurrent.futures

import requests
import tenacity


def boot_worker() -> None:
    @tenacity.retry(stop=tenacity.stop_after_attempt(7), wait=tenacity.wait_random_exponential(multiplier=1, max=8))
    # ^ layer ×7
    def retrieve_tasks() -> None:
        r = requests.get("https://hg.example.org/json-pushes")
        r.raise_for_status()

    with concurrent.futures.ThreadPoolExecutor() as executor:
        future = executor.submit(retrieve_tasks)
        future.result()
//- worker/app/worker.py
import app.boot


def main():
    app.boot.boot_worker()


if __name__ == "__main__":
    main()
//! rules RL001
//! paths 0
`);
    assert.equal(layerAt(result, "worker/app/boot.py:8").offPath, "runs at startup from main()");
  });

  test("Python: a loop that starts a local server process and pings it until it answers is off-path, wherever it is constructed", async () => {
    const result = await checkFixture(`
//- jobs/analysis/server.py
import subprocess
import time

import requests

START_RETRIES = 14


class AnalysisServer:
    def __init__(self):
        for _ in range(START_RETRIES):
        # ^ layer ×14
            self.start_process()
            for _ in range(START_RETRIES):
            # ^ layer ×14
                if self.ping():
                    return
                if self.proc.poll() is not None:
                    break
                time.sleep(0.35)
        raise RuntimeError("analysis server did not start")

    def start_process(self):
        self.port = 9999
        self.proc = subprocess.Popen(["analysis-web", "--port", str(self.port)])

    def ping(self):
        try:
            return requests.get(f"http://127.0.0.1:{self.port}/ping").ok
        except requests.ConnectionError:
            return False
//- jobs/analysis/jobs.py
from analysis import server


def analyze(revs):
    srv = server.AnalysisServer()
    return srv
//! rules RL001
//! paths 0
`);
    for (const line of [11, 13]) assert.equal(layerAt(result, `jobs/analysis/server.py:${line}`).offPath, "waits for the child process it starts (subprocess.Popen) to answer");
  });

  test("Python: the same ping loop against a server it did not start stays a request layer", async () => {
    const result = await checkFixture(`
//- api/app.py
import time

import requests
from flask import Flask

app = Flask(__name__)


def wait_ready():
    for _ in range(5):
    # ^ layer ×5 RL004
        try:
            if requests.get("http://search:9200/_ping").ok:
                return True
        except requests.ConnectionError:
            pass
        time.sleep(1)
    return False


@app.get("/search")
def search():
    return {"ok": wait_ready()}
//! rules RL004
//! path 5 search
`);
    assert.equal(layerAt(result, "api/app.py:10").offPath, undefined);
  });

  // google/wire: main calls the generated injector (wire_gen.go), which calls the provider that
  // dials; the injector template (wire.go, `//go:build wireinject`) is never built, and
  // `wire.Build(…)` / `wire.NewSet(…)` only declare providers for the generator
  const WIRED = `
//- shop/go.mod
module example.com/shop
//- shop/pkg/mq/mq.go
package mq

import (
	"errors"
	"time"

	"github.com/google/wire"
	amqp "github.com/rabbitmq/amqp091-go"
)

type ConnStr string

var ConnSet = wire.NewSet(NewConn)

func NewConn(url ConnStr) (*amqp.Connection, error) {
	counts := 0
	for {
	// ^ layer ×6
		conn, err := amqp.Dial(string(url))
		if err == nil {
			return conn, nil
		}
		counts++
		if counts > 5 {
			return nil, errors.New("cannot connect")
		}
		time.Sleep(2 * time.Second)
	}
}
//- shop/internal/app/wire.go
//go:build wireinject
// +build wireinject

package app

import (
	"github.com/google/wire"
	amqp "github.com/rabbitmq/amqp091-go"
	"example.com/shop/pkg/mq"
)

func InitApp(url mq.ConnStr) (*App, func(), error) {
	panic(wire.Build(New, mqFunc))
}

func mqFunc(url mq.ConnStr) (*amqp.Connection, func(), error) {
	conn, err := mq.NewConn(url)
	if err != nil {
		return nil, nil, err
	}
	return conn, func() { conn.Close() }, nil
}
//- shop/internal/app/wire_gen.go
// Code generated by Wire. DO NOT EDIT.

//go:generate go run github.com/google/wire/cmd/wire
//go:build !wireinject
// +build !wireinject

package app

import (
	amqp "github.com/rabbitmq/amqp091-go"
	"example.com/shop/pkg/mq"
)

func InitApp(url mq.ConnStr) (*App, func(), error) {
	connection, cleanup, err := mqFunc(url)
	if err != nil {
		return nil, nil, err
	}
	return New(connection), cleanup, nil
}

func mqFunc(url mq.ConnStr) (*amqp.Connection, func(), error) {
	conn, err := mq.NewConn(url)
	if err != nil {
		return nil, nil, err
	}
	return conn, func() { conn.Close() }, nil
}
//- shop/internal/app/app.go
package app

import amqp "github.com/rabbitmq/amqp091-go"

type App struct{ Conn *amqp.Connection }

func New(c *amqp.Connection) *App { return &App{Conn: c} }
//- shop/cmd/shop/main.go
package main

import (
	"net/http"

	"example.com/shop/internal/app"
	"example.com/shop/pkg/mq"
)

func main() {
	a, cleanup, err := app.InitApp(mq.ConnStr("amqp://mq"))
	if err != nil {
		panic(err)
	}
	defer cleanup()
	_ = a
	http.ListenAndServe(":8080", nil)
}
`;

  test("Go: a dial loop in the provider a wire injector calls, main calling the injector, is a connect-at-boot loop", async () => {
    const result = await checkFixture(`${WIRED}
//! rules RL001
//! paths 0
`);
    assert.equal(layerAt(result, "shop/pkg/mq/mq.go:17").offPath, "connect-at-boot loop, run from main()");
  });

  test("Go: the same provider also called from a handler stays a request layer, also from a file built on one platform only", async () => {
    // `//go:build linux` (and the older `// +build linux,amd64`) names a platform: some build has the file
    for (const constraint of ["//go:build linux", "// +build linux,amd64"]) {
      const result = await checkFixture(`${WIRED}
//- shop/internal/app/reconnect.go
${constraint}

package app

import (
	"net/http"

	"example.com/shop/pkg/mq"
)

func Register(mux *http.ServeMux) {
	mux.HandleFunc("/reconnect", func(w http.ResponseWriter, r *http.Request) {
		mq.NewConn(mq.ConnStr("amqp://mq"))
	})
}
//! rules RL001
`);
      assert.equal(layerAt(result, "shop/pkg/mq/mq.go:17").offPath, undefined, constraint);
    }
  });

  test("Go: a call from a library file only a tagged build has (`//go:build integration`) is no caller; from a built file it is", async () => {
    const extra = (constraint: string) => `${WIRED}
//- shop/internal/app/smoke.go
${constraint}

package app

import (
	"net/http"

	"example.com/shop/pkg/mq"
)

func Smoke(mux *http.ServeMux) {
	mux.HandleFunc("/smoke", func(w http.ResponseWriter, r *http.Request) {
		mq.NewConn(mq.ConnStr("amqp://mq"))
	})
}
//! rules RL001
`;
    const tagged = await checkFixture(extra("//go:build integration && !race"));
    assert.equal(layerAt(tagged, "shop/pkg/mq/mq.go:17").offPath, "connect-at-boot loop, run from main()");
    const built = await checkFixture(extra("//go:build !integration || linux"));
    assert.equal(layerAt(built, "shop/pkg/mq/mq.go:17").offPath, undefined);
  });
});
