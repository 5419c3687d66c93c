/**
 * Fixes on Kafka producers' produce retries and Elasticsearch / OpenSearch clients' transport
 * retries (docs/reference/kafka.md, elasticsearch.md), each in the library's own unit. Unsafe.
 */
import { fixCases } from "./fixCases";

const GO = "orders/main.go";
const goWriter = (writer: string) => `
//- ${GO}
package main

import (
	"context"
	"net/http"

	"github.com/segmentio/kafka-go"
)

func main() {
	http.HandleFunc("/orders", create)
	http.ListenAndServe(":8080", nil)
}

func create(w http.ResponseWriter, r *http.Request) {
	ctx := context.Background()
	writer := ${writer}
	writer.WriteMessages(ctx, kafka.Message{Value: []byte("x")})
}
//! threshold 1
`;
const goSarama = (retry: string) => `
//- ${GO}
package main

import (
	"net/http"

	"github.com/IBM/sarama"
)

func main() {
	http.HandleFunc("/orders", create)
	http.ListenAndServe(":8080", nil)
}

func create(w http.ResponseWriter, r *http.Request) {
	conf := sarama.NewConfig()
	${retry}
	producer, _ := sarama.NewSyncProducer([]string{"kafka:9092"}, conf)
	producer.SendMessage(&sarama.ProducerMessage{Topic: "orders"})
}
//! threshold 1
`;
const goEs = (client: string) => `
//- ${GO}
package main

import (
	"net/http"

	"github.com/elastic/go-elasticsearch/v8"
)

func main() {
	http.HandleFunc("/orders", find)
	http.ListenAndServe(":8080", nil)
}

func find(w http.ResponseWriter, r *http.Request) {
	es, _ := ${client}
	es.Search()
}
//! threshold 1
`;
const TS = "orders/src/app.ts";
const kafkajs = (producer: string) => `
//- ${TS}
import express from "express";
import { Kafka } from "kafkajs";

const kafka = new Kafka({ brokers: ["kafka:9092"] });
const producer = ${producer};
const app = express();
app.post("/orders", async (req, res) => {
  await producer.send({ topic: "orders", messages: [{ value: "x" }] });
  res.sendStatus(201);
});
//! threshold 1
`;
const esJs = (client: string) => `
//- ${TS}
import express from "express";
import { Client } from "@elastic/elasticsearch";

const es = ${client};
const app = express();
app.get("/orders", async (req, res) => {
  res.json(await es.search({ index: "orders" }));
});
//! threshold 1
`;
const PY = "orders/app.py";
const py = (body: string) => `
//- ${PY}
from confluent_kafka import Producer
from elasticsearch import Elasticsearch
from fastapi import FastAPI

app = FastAPI()
${body}


@app.post("/orders")
def create():
    client.search(index="orders")
//! threshold 1
`;
const JAVA = "orders/src/main/java/com/shop/Events.java";
const javaProducer = (put: string) => `
//- ${JAVA}
package com.shop;

import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class Events {
    private final KafkaProducer<String, String> producer;

    public Events() {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        ${put}
        this.producer = new KafkaProducer<>(props);
    }

    @PostMapping("/orders")
    public void publish() {
        producer.send(new ProducerRecord<>("orders", "v"));
    }
}
//! threshold 1
`;
const after = (s: string) => s.replace("//! threshold 1\n", "");

fixCases("Kafka producers and search clients: off", [
  {
    name: "kafka-go: off writes MaxAttempts: 1 (0 would mean the default 10)",
    workspace: goWriter(`&kafka.Writer{Addr: kafka.TCP("kafka:9092")}`),
    finding: `RL001 ${GO}:17`,
    fix: "Turn off the kafka-go produce retries",
    safety: "unsafe",
    after: after(goWriter(`&kafka.Writer{MaxAttempts: 1, Addr: kafka.TCP("kafka:9092")}`)),
  },
  {
    name: "kafka-go: a written MaxAttempts becomes 1",
    workspace: goWriter(`&kafka.Writer{Addr: kafka.TCP("kafka:9092"), MaxAttempts: 5}`),
    finding: `RL001 ${GO}:17`,
    fix: "Turn off the kafka-go produce retries",
    safety: "unsafe",
    after: after(goWriter(`&kafka.Writer{Addr: kafka.TCP("kafka:9092"), MaxAttempts: 1}`)),
  },
  {
    name: "sarama: Retry.Max = 10 becomes 0",
    workspace: goSarama("conf.Producer.Retry.Max = 10"),
    finding: `RL001 ${GO}:16`,
    fix: "Turn off the sarama produce retries",
    safety: "unsafe",
    after: after(goSarama("conf.Producer.Retry.Max = 0")),
  },
  {
    name: "go-elasticsearch: off is DisableRetry: true",
    workspace: goEs(`elasticsearch.NewClient(elasticsearch.Config{MaxRetries: 5})`),
    finding: `RL001 ${GO}:15`,
    fix: "Turn off the go-elasticsearch transport retries",
    safety: "unsafe",
    after: after(goEs(`elasticsearch.NewClient(elasticsearch.Config{MaxRetries: 5, DisableRetry: true})`)).replace("MaxRetries: 5, DisableRetry: true", "DisableRetry: true, MaxRetries: 5"),
  },
  {
    name: "kafkajs: an argument-less producer() gets retry: { retries: 0 }",
    workspace: kafkajs("kafka.producer()"),
    finding: `RL001 ${TS}:5`,
    fix: "Turn off the kafkajs produce retries",
    safety: "unsafe",
    after: after(kafkajs("kafka.producer({ retry: { retries: 0 } })")),
  },
  {
    name: "kafkajs: a written retries is set",
    workspace: kafkajs("kafka.producer({ idempotent: true, retry: { retries: 8 } })"),
    finding: `RL001 ${TS}:5`,
    fix: "Turn off the kafkajs produce retries",
    safety: "unsafe",
    after: after(kafkajs("kafka.producer({ idempotent: true, retry: { retries: 0 } })")),
  },
  {
    name: "@elastic/elasticsearch: maxRetries: 0 added",
    workspace: esJs(`new Client({ node: "http://search:9200" })`),
    finding: `RL001 ${TS}:4`,
    fix: "Turn off the @elastic/elasticsearch transport retries",
    safety: "unsafe",
    after: after(esJs(`new Client({ node: "http://search:9200", maxRetries: 0 })`)),
  },
  {
    name: "kafka-clients: a setProperty(\"retries\", \"5\") becomes \"0\"",
    workspace: javaProducer(`props.setProperty("retries", "5");`),
    finding: `RL001 ${JAVA}:17`,
    fix: "Turn off the kafka-clients produce retries",
    safety: "unsafe",
    after: after(javaProducer(`props.setProperty("retries", "0");`)),
  },
  {
    name: "elasticsearch-py: max_retries=0 added",
    workspace: py(`client = Elasticsearch("http://search:9200")`),
    finding: `RL001 ${PY}:6`,
    fix: "Turn off the elasticsearch-py transport retries",
    safety: "unsafe",
    after: after(py(`client = Elasticsearch("http://search:9200", max_retries=0)`)),
  },
]);

fixCases("Kafka producers and search clients: lower", [
  {
    name: "kafka-clients: props.put(RETRIES_CONFIG, 5) lowered to the threshold's count",
    workspace: javaProducer("props.put(ProducerConfig.RETRIES_CONFIG, 5);").replace("//! threshold 1", "//! threshold 3"),
    finding: `RL001 ${JAVA}:17`,
    fix: "Lower the kafka-clients produce retries",
    safety: "unsafe",
    after: after(javaProducer("props.put(ProducerConfig.RETRIES_CONFIG, 2);")).replace("//! threshold 3\n", ""),
  },
  {
    name: "confluent-kafka: a written retries is lowered to the threshold's count",
    workspace: py(`client = Elasticsearch("http://search:9200", max_retries=0)\nproducer = Producer({"bootstrap.servers": "kafka:9092", "retries": 5})\n\n\n@app.post("/events")\ndef publish():\n    producer.produce("events", value=b"x")`).replace("//! threshold 1", "//! threshold 3"),
    finding: `RL001 ${PY}:7`,
    fix: "Lower the confluent-kafka produce retries",
    safety: "unsafe",
    after: after(py(`client = Elasticsearch("http://search:9200", max_retries=0)\nproducer = Producer({"bootstrap.servers": "kafka:9092", "retries": 2})\n\n\n@app.post("/events")\ndef publish():\n    producer.produce("events", value=b"x")`)).replace("//! threshold 3\n", ""),
  },
  {
    name: "sarama: Retry.Max 10 lowered to the threshold's count",
    workspace: goSarama("conf.Producer.Retry.Max = 10").replace("//! threshold 1", "//! threshold 3"),
    finding: `RL001 ${GO}:16`,
    fix: "Lower the sarama produce retries",
    safety: "unsafe",
    after: after(goSarama("conf.Producer.Retry.Max = 2")),
  },
]);

const NEO = "api/app.py";
const neo4jPy = (driver: string) => `
//- ${NEO}
import time

from fastapi import FastAPI
from neo4j import GraphDatabase

app = FastAPI()
driver = ${driver}


@app.post("/people")
def create(name: str):
    for attempt in range(3):
        try:
            with driver.session() as session:
                return session.execute_write(lambda tx: tx.run("CREATE (:P {n: $n})", n=name))
        except Exception:
            time.sleep(1)
`;
fixCases("neo4j managed transactions", [
  {
    name: "Python: off sets the driver's max_transaction_retry_time=0 (every managed transaction of it)",
    workspace: neo4jPy(`GraphDatabase.driver("neo4j://graph:7687", auth=("neo4j", "pw"))`),
    finding: `RL001 ${NEO}:15`,
    fix: "Turn off neo4j transaction retries",
    safety: "unsafe",
    after: neo4jPy(`GraphDatabase.driver("neo4j://graph:7687", auth=("neo4j", "pw"), max_transaction_retry_time=0)`),
  },
]);
