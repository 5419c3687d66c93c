// MongoDB Java driver clients a framework builds from settings (detectors/spring/mongoSettings.ts,
// docs/reference/mongodb.md "Framework-built clients"): Spring Boot spring.data.mongodb.*, Quarkus
// quarkus.mongodb.*, Micronaut mongodb.uri / mongodb.servers.<name>.uri. The driver's defaults
// (retryWrites, retryReads true) → 2 attempts; both off in the URI or Micronaut's builder keys → 1.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extractFile } from "../../../server/src/engine/extract";
import { initTreeSitter } from "../../../server/src/parsing/treeSitter";

const layersOf = async (path: string, text: string) => {
  await initTreeSitter();
  return extractFile(path, text).layers.filter((l) => l.kind === "mongodb-retryable");
};
const PROPS = "svc/src/main/resources/application.properties";
const YML = "svc/src/main/resources/application.yml";

describe("MongoDB clients built from settings", () => {
  const cases: Array<{ name: string; path: string; text: string; want: Array<[line: number, attempts: number]>; note?: RegExp }> = [
    { name: "Spring Boot spring.data.mongodb.uri (properties)", path: PROPS, text: "spring.application.name=orders\nspring.data.mongodb.uri=${MONGO_URI:mongodb://mongo:27017/orders}\n", want: [[2, 2]], note: /retryReads true \(default\).*spring\.data\.mongodb\.uri/ },
    { name: "Spring Boot yaml, host only", path: YML, text: "spring:\n  data:\n    mongodb:\n      host: mongo\n      database: shop\n", want: [[4, 2]] },
    { name: "both off in the URI → disabled", path: PROPS, text: "spring.data.mongodb.uri=mongodb://mongo/db?retryWrites=false&retryReads=false\n", want: [[1, 1]], note: /runs once/ },
    { name: "writes off only → still 2 (reads)", path: PROPS, text: "spring.data.mongodb.uri=mongodb://mongo/db?retryWrites=false\n", want: [[1, 2]], note: /retryWrites=false/ },
    { name: "placeholder default resolved for the options", path: PROPS, text: "opts=retryWrites=false&retryReads=false\nspring.data.mongodb.uri=mongodb://mongo/db?${opts}\n", want: [[2, 1]] },
    { name: "Quarkus connection-string; %test profile keys are another key", path: PROPS, text: "quarkus.mongodb.connection-string=${MONGODB_URI:mongodb://localhost:27017}\n%test.quarkus.mongodb.connection-string=mongodb://localhost:1\n", want: [[1, 2]], note: /Quarkus MongoDB client/ },
    { name: "Quarkus only in a test profile → nothing", path: PROPS, text: "%test.quarkus.mongodb.connection-string=mongodb://localhost:1\n", want: [] },
    { name: "Micronaut mongodb.uri (yaml, after other documents)", path: YML, text: "micronaut:\n  application:\n    name: product\n---\nmongodb:\n    uri: \"mongodb://${MG_HOST:localhost}:27017/demo\"\n", want: [[6, 2]], note: /Micronaut MongoDB/ },
    { name: "Micronaut builder keys turn both off", path: YML, text: "mongodb:\n  uri: mongodb://m/db\n  retry-writes: false\n  retry-reads: false\n", want: [[2, 1]] },
    { name: "Micronaut named servers", path: YML, text: "mongodb:\n  servers:\n    one:\n      uri: mongodb://a/db\n    two:\n      uri: mongodb://b/db?retryReads=false&retryWrites=false\n", want: [[4, 2], [6, 1]] },
    { name: "no Mongo setting → nothing", path: PROPS, text: "spring.datasource.url=jdbc:postgresql://db/x\nmongo.comment=not a client\n", want: [] },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const ls = await layersOf(c.path, c.text);
      assert.deepEqual(ls.map((l) => [l.anchor.line, l.maxAttempts]), c.want);
      for (const l of ls) assert.equal(l.library, "mongodb-java-driver");
      if (c.note) assert.match(ls[0]!.attemptsNote, c.note);
    });
  }
});
