// Kafka producers' produce retries (docs/reference/kafka.md): a produce call on a kafka-go Writer,
// a sarama producer or a kafkajs producer is a request to the broker, under the producer's layer.
// Fixtures: test/harness.ts.
import { describe, test } from "node:test";
import { checkFixture } from "../harness";

describe("linking Kafka produce calls to the broker", () => {
  test("kafka-go: a retry loop around WriteMessages of a Writer whose MaxAttempts is a constant of another file: 3 × 3", async () => {
    await checkFixture(`
//- orders/go.mod
module github.com/shop/orders

go 1.22

require github.com/segmentio/kafka-go v0.4.47
//- orders/constants.go
package main

const writerMaxAttempts = 3
//- orders/main.go
package main

import (
	"context"
	"net/http"
	"time"

	"github.com/segmentio/kafka-go"
)

func main() {
	http.HandleFunc("/orders", create)
	http.ListenAndServe(":8080", nil)
}

func create(w http.ResponseWriter, r *http.Request) {
	ctx := context.Background()
	writer := &kafka.Writer{
		Addr:        kafka.TCP("events:9092"),
		MaxAttempts: writerMaxAttempts,
		// ^ layer ×3 RL001
	}
	for i := 0; i < 3; i++ {
	// ^ layer ×3 RL001
		if err := writer.WriteMessages(ctx, kafka.Message{Value: []byte("x")}); err == nil {
			return
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
}
//! rules RL001
//! path 9 events
//! paths 1
`);
  });

  test("sarama: a producer built with Retry.Max 10 and used in a handler: 11 attempts behind a retry loop", async () => {
    await checkFixture(`
//- frontend/go.mod
module github.com/shop/frontend

go 1.22

require github.com/IBM/sarama v1.42.1
//- frontend/main.go
package main

import (
	"net/http"
	"time"

	"github.com/IBM/sarama"
)

func main() {
	http.HandleFunc("/dispatch", dispatch)
	http.ListenAndServe(":8080", nil)
}

func dispatch(w http.ResponseWriter, r *http.Request) {
	conf := sarama.NewConfig()
	conf.Producer.Retry.Max = 10
	// ^ layer ×11 RL001
	conf.Producer.Return.Successes = true
	producer, _ := sarama.NewSyncProducer([]string{"kafka-headless:9092"}, conf)
	for i := 0; i < 2; i++ {
	// ^ layer ×2 RL001
		if _, _, err := producer.SendMessage(&sarama.ProducerMessage{Topic: "DispatchDriver"}); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
//! rules RL001
//! path 22 kafka-headless
//! paths 1
`);
  });

  test("sarama: a producer from a factory in another package, kept in a struct field; Kafka is no HTTP hop for the sidecar", async () => {
    await checkFixture(`
//- go.mod
module github.com/shop/app

go 1.22

require github.com/IBM/sarama v1.42.1
//- pkg/kafka/kafka.go
package kafka

import "github.com/IBM/sarama"

func GetSyncProducer(id string) (sarama.SyncProducer, error) {
	conf := sarama.NewConfig()
	conf.ClientID = id
	conf.Producer.Retry.Max = 10
	// ^ layer ×11 RL001
	producer, err := sarama.NewSyncProducer([]string{"kafka-headless:9092"}, conf)
	if err != nil {
		return nil, err
	}
	return producer, nil
}
//- services/frontend/dispatcher.go
package frontend

import (
	"net/http"

	"github.com/IBM/sarama"
	"github.com/shop/app/pkg/kafka"
)

type dispatcher struct {
	producer sarama.SyncProducer
}

func newDispatcher() *dispatcher {
	var producer sarama.SyncProducer
	producer, _ = kafka.GetSyncProducer("frontend")
	return &dispatcher{producer: producer}
}

func (d *dispatcher) Dispatch(w http.ResponseWriter, r *http.Request) {
	d.producer.SendMessage(&sarama.ProducerMessage{Topic: "DispatchDriver"})
}

func Serve() {
	d := newDispatcher()
	http.HandleFunc("/dispatch", d.Dispatch)
	http.ListenAndServe(":8080", nil)
}
//! threshold 1
//! rules RL001
//! path 11 kafka-headless
`);
  });

  test("sarama: an AsyncProducer from a factory, kept in a struct field and sent to through Input() <- msg, stays a layer (4 by default) behind a retry loop", async () => {
    await checkFixture(`
//- go.mod
module github.com/shop/app

go 1.22

require github.com/IBM/sarama v1.60.1
//- kafka/producer.go
package kafka

import "github.com/IBM/sarama"

func CreateKafkaProducer(brokers []string) (sarama.AsyncProducer, error) {
	saramaConfig := sarama.NewConfig()
	saramaConfig.Producer.Return.Successes = true
	producer, err := sarama.NewAsyncProducer(brokers, saramaConfig)
	// ^ layer ×4 RL001
	if err != nil {
		return nil, err
	}
	return producer, nil
}
//- main.go
package main

import (
	"net/http"
	"time"

	"github.com/IBM/sarama"
	"github.com/shop/app/kafka"
)

type checkout struct {
	KafkaProducerClient sarama.AsyncProducer
}

func main() {
	svc := &checkout{}
	svc.KafkaProducerClient, _ = kafka.CreateKafkaProducer([]string{"kafka:9092"})
	http.HandleFunc("/order", svc.placeOrder)
	http.ListenAndServe(":8080", nil)
}

func (cs *checkout) placeOrder(w http.ResponseWriter, r *http.Request) {
	msg := sarama.ProducerMessage{Topic: "orders"}
	for i := 0; i < 3; i++ {
	// ^ layer ×3 RL001
		cs.KafkaProducerClient.Input() <- &msg
		if err := <-cs.KafkaProducerClient.Errors(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
//! rules RL001
//! path 12 kafka
`);
  });

  test("kafkajs: p-retry around producer.send of a default producer: 3 × 6 to the broker", async () => {
    await checkFixture(`
//- orders/package.json
{ "name": "orders", "dependencies": { "kafkajs": "^2.2.4", "p-retry": "^6.2.0", "express": "^4.19.0" } }
//- orders/src/app.ts
import express from "express";
import pRetry from "p-retry";
import { Kafka } from "kafkajs";

const kafka = new Kafka({ brokers: ["events:9092"] });
const producer = kafka.producer();
// ^ layer ×6 RL001
const app = express();
app.post("/orders", async (req, res) => {
  await pRetry(() => producer.send({ topic: "orders", messages: [{ value: "x" }] }), { retries: 2 });
  // ^ layer ×3 RL001
  res.sendStatus(201);
});
//! rules RL001
//! path 18 events
//! paths 1
`);
  });
});

describe("linking search and graph calls to their hosts", () => {
  test("elasticsearch-py: tenacity around es.search of a default client: 3 × 4 to the search node", async () => {
    await checkFixture(`
//- api/requirements.txt
elasticsearch==8.15.0
tenacity==9.0.0
//- api/app.py
from elasticsearch import Elasticsearch
from fastapi import FastAPI
from tenacity import retry, stop_after_attempt

app = FastAPI()
es = Elasticsearch("http://search:9200")
# ^ layer ×4 RL001


@app.get("/orders")
@retry(stop=stop_after_attempt(3))
# ^ layer ×3 RL001
def orders():
    return es.search(index="orders")
//! rules RL001
//! path 12 search
//! paths 1
`);
  });

  test("neo4j: a loop around session.execute_write: the managed transaction is time-bounded, so the path has no count (RL001 says so)", async () => {
    await checkFixture(`
//- api/requirements.txt
neo4j==5.25.0
//- api/app.py
import time

from fastapi import FastAPI
from neo4j import GraphDatabase

app = FastAPI()
driver = GraphDatabase.driver("neo4j://graph:7687", auth=("neo4j", "pw"))


@app.post("/people")
def create(name: str):
    for attempt in range(3):
    # ^ layer ×3 RL001
        try:
            with driver.session() as session:
                return session.execute_write(lambda tx: tx.run("CREATE (:P {n: $n})", n=name))
                # ^ layer ×∞ RL001
        except Exception:
            time.sleep(1)
//! rules RL001
//! path ∞ graph
//! paths 1
`);
  });
});

