/**
 * "Off" for the MongoDB Java driver (docs/reference/mongodb.md): a settings builder gets
 * retryWrites(false).retryReads(false); a literal connection string gets the two options. Unsafe.
 */
import { fixCases } from "./fixCases";

const JAVA = "orders/src/main/java/com/shop/Orders.java";
const java = (create: string) => `
//- ${JAVA}
package com.shop;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import org.bson.Document;
import org.springframework.web.bind.annotation.*;

@RestController
public class Orders {
    private final MongoClient client = ${create};

    @PostMapping("/orders")
    public void place() {
        client.getDatabase("shop").getCollection("orders").insertOne(new Document("id", 1));
    }
}
//! threshold 1
`;
const after = (create: string) => java(create).replace("//! threshold 1\n", "");

fixCases("MongoDB Java driver", [
  {
    name: "a literal URI gets /?retryWrites=false&retryReads=false",
    workspace: java(`MongoClients.create("mongodb://orders-db:27017")`),
    finding: `RL001 ${JAVA}:11`,
    fix: "Turn off the MongoDB driver's retryable",
    safety: "unsafe",
    after: after(`MongoClients.create("mongodb://orders-db:27017/?retryWrites=false&retryReads=false")`),
  },
  {
    name: "a URI with a database and retryWrites=true: true becomes false, retryReads added",
    workspace: java(`MongoClients.create("mongodb://orders-db:27017/shop?retryWrites=true")`),
    finding: `RL001 ${JAVA}:11`,
    fix: "Turn off the MongoDB driver's retryable",
    safety: "unsafe",
    after: after(`MongoClients.create("mongodb://orders-db:27017/shop?retryWrites=false&retryReads=false")`),
  },
  {
    name: "a settings builder gets retryWrites(false).retryReads(false) before build()",
    workspace: java(`MongoClients.create(MongoClientSettings.builder().applicationName("orders").build())`),
    finding: `RL001 ${JAVA}:11`,
    fix: "Turn off the MongoDB driver's retryable",
    safety: "unsafe",
    after: after(`MongoClients.create(MongoClientSettings.builder().applicationName("orders").retryWrites(false).retryReads(false).build())`),
  },
]);
