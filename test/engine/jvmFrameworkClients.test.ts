// Clients a JVM framework builds for the code (engine/jvmDb.ts, detectors/spring/mongoSettings.ts,
// detectors/java/restClient.ts, the Micronaut @KafkaClient of detectors/java/kafkaClients.ts):
// - a MongoDB client from spring.data.mongodb.uri serves Spring Data Mongo repositories (not JPA ones);
// - Quarkus: quarkus.mongodb.connection-string serves Panache entities (inherited `find` inside the
//   entity, `Todo.findByIdOptional` from outside), and a MicroProfile REST client (javax) adds
//   RESTEasy's Apache HttpClient 4 default (×4) to its calls;
// - a Micronaut @KafkaClient method is a Kafka send under the producer's default (no count).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

describe("JVM framework-built clients", () => {
  test("Spring Data Mongo repository → the client spring.data.mongodb.uri configures (×2); a JPA repository does not get it", async () => {
    const result = await checkFixture(`
//- orders/src/main/resources/application.yml
spring:
  application:
    name: orders
  data:
    mongodb:
      uri: mongodb://mongo:27017/orders
# ^ layer ×2 RL001
//- orders/src/main/java/com/shop/orders/OrdersApplication.java
package com.shop.orders;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.retry.annotation.EnableRetry;

@SpringBootApplication
@EnableRetry
public class OrdersApplication {
}
//- orders/src/main/java/com/shop/orders/OrderRepository.java
package com.shop.orders;

import java.util.List;
import org.springframework.data.mongodb.repository.MongoRepository;

public interface OrderRepository extends MongoRepository<Order, String> {
    List<Order> findByCustomer(String customer);
}
//- orders/src/main/java/com/shop/orders/AuditRepository.java
package com.shop.orders;

import org.springframework.data.repository.CrudRepository;

public interface AuditRepository extends CrudRepository<Audit, Long> {
}
//- orders/src/main/java/com/shop/orders/OrderController.java
package com.shop.orders;

import java.util.List;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.retry.annotation.Retryable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class OrderController {
    @Autowired
    private OrderRepository orders;
    @Autowired
    private AuditRepository audits;

    @GetMapping("/orders/{customer}")
    @Retryable(maxAttempts = 3)
// ^ layer ×3 RL001
    public List<Order> byCustomer(@PathVariable String customer) {
        return orders.findByCustomer(customer);
    }

    @GetMapping("/audits")
    @Retryable(maxAttempts = 3)
// ^ layer ×3
    public long audits() {
        return audits.count();
    }
}
//! rules RL001
`);
    const products = result.model.paths.map((p) => [p.product, p.layers.length]).sort();
    assert.deepEqual(products, [[3, 1], [6, 2]]);
    const six = result.model.paths.find((p) => p.product === 6)!;
    assert.equal(six.target, "mongo");
  });

  test("Quarkus: Panache entity queries (×2) and a MicroProfile REST client (×4) under a @Retry resource method (×3)", async () => {
    const result = await checkFixture(`
//- todo/src/main/resources/application.properties
quarkus.application.name=todo
quarkus.mongodb.connection-string=\${MONGODB_URI:mongodb://mongo:27017}
# ^ layer ×2 RL001
people-api/mp-rest/url=http://people:8080
//- todo/src/main/java/com/shop/todo/Todo.java
package com.shop.todo;

import java.util.List;
import io.quarkus.mongodb.panache.PanacheMongoEntity;

public class Todo extends PanacheMongoEntity {
    public String owner;

    public static List<Todo> findByOwner(String owner) {
        return find("owner", owner).list();
    }
}
//- todo/src/main/java/com/shop/todo/PeopleClient.java
package com.shop.todo;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

@RegisterRestClient(configKey = "people-api")
// ^ layer ×4 RL001
public interface PeopleClient {
    @GET
    @Path("/people/{id}")
    String name(@PathParam("id") String id);
}
//- todo/src/main/java/com/shop/todo/TodoResource.java
package com.shop.todo;

import java.util.List;
import javax.inject.Inject;
import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import org.bson.types.ObjectId;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.rest.client.inject.RestClient;

@Path("/todos")
public class TodoResource {
    @Inject
    @RestClient
    PeopleClient people;

    @GET
    @Path("/{owner}")
    @Retry(maxRetries = 2)
// ^ layer ×3 RL001
    public List<Todo> byOwner(@PathParam("owner") String owner) {
        people.name(owner);
        return Todo.findByOwner(owner);
    }

    @GET
    @Path("/one/{id}")
    public Todo one(@PathParam("id") String id) {
        return Todo.findByIdOptional(new ObjectId(id)).orElse(null);
    }
}
//! rules RL001
`);
    const multi = result.model.paths.filter((p) => p.layers.length > 1).map((p) => [p.product, p.target]).sort();
    assert.deepEqual(multi, [[12, "people"], [6, "mongo"]]);
    // the entity operation called from outside reaches the database too (one layer)
    assert.ok(result.model.paths.some((p) => p.layers.length === 1 && p.product === 2 && p.target === "mongo"));
  });

  test("Micronaut @KafkaClient: a caller's send runs under the producer default (no count)", async () => {
    const result = await checkFixture(`
//- policy/src/main/java/com/shop/policy/Events.java
package com.shop.policy;

import io.micronaut.configuration.kafka.annotation.KafkaClient;
import io.micronaut.configuration.kafka.annotation.Topic;

@KafkaClient
// ^ layer ×∞ RL001
public interface Events {
    @Topic("policy-registered")
    void registered(String number);
}
//- policy/src/main/java/com/shop/policy/PolicyService.java
package com.shop.policy;

import javax.inject.Inject;
import javax.inject.Singleton;
import org.eclipse.microprofile.faulttolerance.Retry;

@Singleton
public class PolicyService {
    @Inject
    Events events;

    @Retry(maxRetries = 1)
// ^ layer ×2 RL001
    public void register(String number) {
        events.registered(number);
    }
}
//! rules RL001
`);
    const p = result.model.paths.find((x) => x.layers.length === 2);
    assert.ok(p, `a two-layer path; got ${result.model.paths.map((x) => `${x.product}→${x.target}`).join(" | ")}`);
    assert.equal(p!.product, null);
  });
});
