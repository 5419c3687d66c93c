/**
 * docs/reference/kafka.md, elasticsearch.md, neo4j.md: each default and number trap of the Kafka
 * producers (kafkajs src/retry/defaults.js 1.16/2.2.4, kafka-go writer.go v0.4.17–v0.4.50, sarama
 * config.go v1.42.1, librdkafka CONFIGURATION.md ≥ 1.6), the Elasticsearch / OpenSearch clients
 * (elastic-transport-python 9.4, @elastic/transport 9.4, elastic-transport-go 8.11, opensearch-py 3.2)
 * and the neo4j drivers' managed transactions (5.25 / 5.26), through the real extractors (./table.ts).
 */
import { runTable, src, type Row } from "./table";

const KAFKA = "kafka";
const ES = "elasticsearch";
const NEO4J = "neo4j";

const kafkajs = (kafka: string, producer: string) => src`
  import { Kafka } from "kafkajs";
  const kafka = new Kafka(${kafka});
  export const producer = kafka.producer(${producer});
`;
const kafkaGo = (fields: string) => src`
  package events

  import "github.com/segmentio/kafka-go"

  func New() *kafka.Writer {
  	w := &kafka.Writer{${fields}}
  	return w
  }
`;
const sarama = (lines: string) => src`
  package events

  import "github.com/IBM/sarama"

  func New() (sarama.SyncProducer, error) {
  	conf := sarama.NewConfig()
  	${lines}
  	return sarama.NewSyncProducer([]string{"kafka:9092"}, conf)
  }
`;
const watermill = (fields: string, lines = "") => src`
  package events

  import (
  	"github.com/IBM/sarama"
  	"github.com/ThreeDotsLabs/watermill-kafka/v3/pkg/kafka"
  )

  func New() (*kafka.Publisher, error) {
  	sc := sarama.NewConfig()
  	${lines}
  	return kafka.NewPublisher(kafka.PublisherConfig{Brokers: []string{"kafka:9092"}${fields}}, nil)
  }
`;
const confluent = (conf: string) => src`
  from confluent_kafka import Producer

  producer = Producer(${conf})
`;
const neo4jPy = (kw: string) => src`
  from neo4j import GraphDatabase

  driver = GraphDatabase.driver("neo4j://graph:7687"${kw})


  def create(session):
      session.execute_write(work)
`;
const EXP_JITTER: ["exponential", true] = ["exponential", true];

const rows: Row[] = [
  // kafkajs
  { id: KAFKA, name: "kafkajs default retries 5 → 6 attempts (counts retries)", covers: ["default", "trap"], file: "svc/src/events.ts", kind: "kafka-producer",
    code: kafkajs(`{ brokers: ["kafka:9092"] }`, ""), expect: { maxAttempts: 6, attemptsSource: "default", wait: ["exponential", true, 0.3, 30], methods: "all", note: /default retry\.retries 5 → 6/ } },
  { id: KAFKA, name: "kafkajs producer retry overrides the client's: retries 1 → 2", covers: ["trap"], file: "svc/src/events.ts", kind: "kafka-producer",
    code: kafkajs(`{ brokers: ["kafka:9092"], retry: { retries: 9 } }`, "{ retry: { retries: 1 } }"), expect: { maxAttempts: 2, attemptsSource: "config", wait: EXP_JITTER } },
  { id: KAFKA, name: "kafkajs idempotent: true keeps 5 retries (6) but re-sends are safe", covers: ["trap"], file: "svc/src/events.ts", kind: "kafka-producer",
    code: kafkajs(`{ brokers: ["kafka:9092"] }`, "{ idempotent: true }"), expect: { maxAttempts: 6, wait: EXP_JITTER, methods: [] } },
  { id: KAFKA, name: "kafkajs retries: 0 → 1 (off)", covers: ["trap"], file: "svc/src/events.ts", kind: "kafka-producer",
    code: kafkajs(`{ brokers: ["kafka:9092"] }`, "{ retry: { retries: 0 } }"), expect: { maxAttempts: 1, wait: EXP_JITTER } },
  // kafka-go
  { id: KAFKA, name: "kafka-go default MaxAttempts 10 (counts attempts), attempt² × 100 ms, no jitter", covers: ["default"], file: "events/writer.go", kind: "kafka-producer",
    code: kafkaGo(`Addr: kafka.TCP("kafka:9092")`), expect: { maxAttempts: 10, attemptsSource: "default", wait: ["exponential", false, 0.1, 1] } },
  { id: KAFKA, name: "kafka-go MaxAttempts 3 → 3 (attempts, not retries)", covers: ["trap"], file: "events/writer.go", kind: "kafka-producer",
    code: kafkaGo(`Addr: kafka.TCP("kafka:9092"), MaxAttempts: 3`), expect: { maxAttempts: 3, wait: ["exponential", false] } },
  { id: KAFKA, name: "kafka-go MaxAttempts 0 is the default 10, not off", covers: ["trap"], file: "events/writer.go", kind: "kafka-producer",
    code: kafkaGo(`MaxAttempts: 0`), expect: { maxAttempts: 10, wait: ["exponential", false] } },
  // sarama
  { id: KAFKA, name: "sarama NewConfig Producer.Retry.Max 3 → 4, fixed 100 ms", covers: ["default"], file: "events/producer.go", kind: "kafka-producer",
    code: sarama(`conf.Producer.Return.Successes = true`), expect: { maxAttempts: 4, attemptsSource: "default", wait: ["fixed", false, 0.1, 0.1] } },
  { id: KAFKA, name: "sarama Retry.Max 10 → 11 (counts retries)", covers: ["trap"], file: "events/producer.go", kind: "kafka-producer",
    code: sarama(`conf.Producer.Retry.Max = 10`), expect: { maxAttempts: 11, attemptsSource: "config", wait: ["fixed", false] } },
  { id: KAFKA, name: "sarama Retry.Max 0 → 1", covers: ["trap"], file: "events/producer.go", kind: "kafka-producer",
    code: sarama(`conf.Producer.Retry.Max = 0`), expect: { maxAttempts: 1, wait: ["fixed", false] } },
  // watermill-kafka (publisher.go v3.0.0 DefaultSaramaSyncPublisherConfig)
  { id: KAFKA, name: "watermill-kafka NewPublisher without OverwriteSaramaConfig: Retry.Max 10 → 11, fixed 100 ms", covers: ["default", "trap"], file: "events/publisher.go", kind: "kafka-producer",
    code: watermill(""), expect: { maxAttempts: 11, attemptsSource: "default", wait: ["fixed", false, 0.1, 0.1], note: /DefaultSaramaSyncPublisherConfig/ } },
  { id: KAFKA, name: "watermill-kafka OverwriteSaramaConfig from sarama.NewConfig: sarama's 3 → 4", covers: ["trap"], file: "events/publisher.go", kind: "kafka-producer",
    code: watermill(", OverwriteSaramaConfig: sc"), expect: { maxAttempts: 4, attemptsSource: "default", wait: ["fixed", false] } },
  { id: KAFKA, name: "watermill-kafka OverwriteSaramaConfig with Retry.Max 1 → 2", covers: ["trap"], file: "events/publisher.go", kind: "kafka-producer",
    code: watermill(", OverwriteSaramaConfig: sc", "sc.Producer.Retry.Max = 1"), expect: { maxAttempts: 2, attemptsSource: "config", wait: ["fixed", false] } },
  // librdkafka
  { id: KAFKA, name: "confluent-kafka default retries INT32_MAX: no count, delivery.timeout.ms 300 s", covers: ["default", "trap"], file: "svc/events.py", kind: "kafka-producer",
    code: confluent(`{"bootstrap.servers": "kafka:9092"}`), expect: { maxAttempts: null, timeBound: /300 s/, wait: ["exponential", false], overallTimeoutSeconds: 300 } },
  { id: KAFKA, name: "confluent-kafka retries 2 → 3, within the timeout", covers: ["trap"], file: "svc/events.py", kind: "kafka-producer",
    code: confluent(`{"bootstrap.servers": "kafka:9092", "retries": 2, "delivery.timeout.ms": 30000}`), expect: { maxAttempts: 3, wait: ["exponential", false], overallTimeoutSeconds: 30 } },
  { id: KAFKA, name: "confluent-kafka message.timeout.ms 0 is infinite: unbounded", covers: ["trap"], file: "svc/events.py", kind: "kafka-producer",
    code: confluent(`{"bootstrap.servers": "kafka:9092", "message.timeout.ms": 0}`), expect: { maxAttempts: null, timeBound: null, wait: ["exponential", false] } },
  { id: KAFKA, name: "kafka-clients default retries Integer.MAX_VALUE: no count, delivery.timeout.ms 120 s", covers: ["trap"], file: "svc/src/main/java/com/shop/Events.java", kind: "kafka-producer",
    code: src`
      package com.shop;

      import java.util.Properties;
      import org.apache.kafka.clients.producer.KafkaProducer;

      public class Events {
          KafkaProducer<String, String> producer() {
              Properties props = new Properties();
              props.put("bootstrap.servers", "kafka:9092");
              return new KafkaProducer<>(props);
          }
      }
    `, expect: { maxAttempts: null, timeBound: /120 s/, wait: EXP_JITTER, overallTimeoutSeconds: 120, methods: [] } },

  // Elasticsearch / OpenSearch
  { id: ES, name: "elasticsearch-py default max_retries 3 → 4, no wait, 429/502/503/504", covers: ["default", "trap"], file: "svc/search.py", kind: "elasticsearch-client",
    code: src`
      from elasticsearch import Elasticsearch
      es = Elasticsearch("http://search:9200")
    `, expect: { maxAttempts: 4, attemptsSource: "default", wait: ["none", false], methods: "all", conditionNote: /429\/502\/503\/504/ } },
  { id: ES, name: "elasticsearch-py max_retries=0 → 1", covers: ["trap"], file: "svc/search.py", kind: "elasticsearch-client",
    code: src`
      from elasticsearch import Elasticsearch
      es = Elasticsearch("http://search:9200", max_retries=0)
    `, expect: { maxAttempts: 1, attemptsSource: "config", wait: ["none", false] } },
  { id: ES, name: "opensearch-py default 3 → 4 on 502/503/504", covers: ["trap"], file: "svc/search.py", kind: "elasticsearch-client",
    code: src`
      from opensearchpy import OpenSearch
      client = OpenSearch(hosts=["http://os:9200"])
    `, expect: { maxAttempts: 4, wait: ["none", false], conditionNote: /HTTP 502\/503\/504/ } },
  { id: ES, name: "@elastic/elasticsearch default maxRetries 3 → 4, jittered backoff after every node", covers: ["trap"], file: "svc/src/search.ts", kind: "elasticsearch-client",
    code: src`
      import { Client } from "@elastic/elasticsearch";
      export const es = new Client({ node: "http://search:9200" });
    `, expect: { maxAttempts: 4, attemptsSource: "default", wait: ["exponential", true, 0, 4] } },
  { id: ES, name: "go-elasticsearch MaxRetries 0 means the default 3 → 4; DisableRetry → 1", covers: ["trap"], file: "svc/search.go", kind: "elasticsearch-client",
    code: src`
      package svc

      import "github.com/elastic/go-elasticsearch/v8"

      func New() {
      	es, _ := elasticsearch.NewClient(elasticsearch.Config{MaxRetries: 0})
      	_ = es
      }
    `, expect: { maxAttempts: 4, attemptsSource: "config", wait: ["none", false], note: /means the default 3/ } },
  { id: ES, name: "go-elasticsearch DisableRetry: true → 1", covers: ["trap"], file: "svc/search.go", kind: "elasticsearch-client",
    code: src`
      package svc

      import "github.com/elastic/go-elasticsearch/v8"

      func New() {
      	es, _ := elasticsearch.NewClient(elasticsearch.Config{DisableRetry: true})
      	_ = es
      }
    `, expect: { maxAttempts: 1, wait: ["none", false] } },

  // neo4j
  { id: NEO4J, name: "neo4j execute_write: no count, 30 s (max_transaction_retry_time), 1 s × 2 ±20 %", covers: ["default", "trap"], file: "svc/graph.py", kind: "neo4j-transaction",
    code: neo4jPy(""), expect: { maxAttempts: null, attemptsSource: "default", timeBound: /30 s/, wait: ["exponential", true, 1, null], overallTimeoutSeconds: 30 } },
  { id: NEO4J, name: "neo4j max_transaction_retry_time=5 → 5 s", covers: ["trap"], file: "svc/graph.py", kind: "neo4j-transaction",
    code: neo4jPy(", max_transaction_retry_time=5"), expect: { maxAttempts: null, attemptsSource: "config", timeBound: /5 s/, wait: EXP_JITTER, overallTimeoutSeconds: 5 } },
  { id: NEO4J, name: "neo4j max_transaction_retry_time=0 → 1 attempt", covers: ["trap"], file: "svc/graph.py", kind: "neo4j-transaction",
    code: neo4jPy(", max_transaction_retry_time=0"), expect: { maxAttempts: 1, wait: EXP_JITTER } },
  { id: NEO4J, name: "neo4j-driver (JS) executeWrite: 30 s by default", covers: ["trap"], file: "svc/src/graph.ts", kind: "neo4j-transaction",
    code: src`
      import neo4j from "neo4j-driver";
      const driver = neo4j.driver("neo4j://graph:7687");
      export const run = (s) => s.executeWrite((tx) => tx.run("RETURN 1"));
    `, expect: { maxAttempts: null, timeBound: /30 s/, wait: EXP_JITTER } },
];

const SPRING_KAFKA = "spring-kafka-error-handler";
const springKafka = (handler: string) => src`
  package com.shop;
  import org.springframework.context.annotation.Bean;
  import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
  import org.springframework.kafka.listener.DefaultErrorHandler;
  import org.springframework.util.backoff.FixedBackOff;
  public class KafkaConfig {
      @Bean
      public ConcurrentKafkaListenerContainerFactory<String, String> kafkaListenerContainerFactory() {
          ConcurrentKafkaListenerContainerFactory<String, String> factory = new ConcurrentKafkaListenerContainerFactory<>();
          ${handler}
          return factory;
      }
  }
`;
rows.push(
  {
    id: SPRING_KAFKA, name: "no error handler: the container's DefaultErrorHandler, FixedBackOff(0, 9) → 10 deliveries, no wait", covers: ["default"],
    file: "svc/src/main/java/com/shop/KafkaConfig.java", kind: "kafka-consumer",
    code: springKafka(""),
    expect: { maxAttempts: 10, attemptsSource: "default", wait: ["none", false], methods: "all", note: /FixedBackOff\(0, 9\) → 9 redeliveries, 10 deliveries/ },
  },
  {
    id: SPRING_KAFKA, name: "FixedBackOff(1000, 3): maxAttempts counts retries → 4", covers: ["trap", "§5.1"],
    file: "svc/src/main/java/com/shop/KafkaConfig.java", kind: "kafka-consumer",
    code: springKafka("factory.setCommonErrorHandler(new DefaultErrorHandler(new FixedBackOff(1000L, 3L)));"),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["fixed", false, 1, 1], methods: "all" },
  },
  {
    id: SPRING_KAFKA, name: "FixedBackOff(): unlimited attempts, 5 s apart", covers: ["trap"],
    file: "svc/src/main/java/com/shop/KafkaConfig.java", kind: "kafka-consumer",
    code: springKafka("factory.setCommonErrorHandler(new DefaultErrorHandler(new FixedBackOff()));"),
    expect: { maxAttempts: null, timeBound: null, attemptsSource: "config", wait: ["fixed", false, 5, 5], methods: "all" },
  },
);

runTable("Kafka producers, Elasticsearch / OpenSearch clients, neo4j managed transactions", [KAFKA, ES, NEO4J, SPRING_KAFKA], rows);
