/**
 * TS/JS reach through instances and Mongoose's process-wide connection:
 * - a local bound to `new UseCase()` (`const useCase = new FindUseCase(); useCase.execute()`), a
 *   module-level singleton (`const registry = new RegistryService(); export default registry`), a field
 *   set to a module name (`this.registry = registry` in the constructor, a property `userModel = boxModel`)
 *   resolve to the class's method / the client (FunctionFact.localInstances, FileFacts.instances/fieldTypes);
 * - a Typegoose model (`getModelForClass(Box)`, @typegoose/typegoose 12.14.0: `mongoose.model` on the
 *   default connection) is a Mongoose model;
 * - a model queried from a folder its package's `mongoose.connect` is not in (folder names making two
 *   services of one package) uses that package's default connection (engine/mongoose.ts).
 * A BullMQ job (5 attempts) whose processor reaches the model through all of these → 5 × 2 = 10.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { analyzeWorkspace } from "../../server/src/engine/analyze";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";

const files = (find: string, serverDir = "src/server") => [
  ...(serverDir === "src/server" ? [] : [{ path: `${serverDir}/../package.json`.replace("/server/..", ""), text: `{ "name": "other", "dependencies": { "mongoose": "8.13.2" } }` }]),
  { path: "package.json", text: `{ "name": "etl", "dependencies": { "bullmq": "5.49.0", "mongoose": "8.13.2", "@typegoose/typegoose": "12.14.0", "express": "4.19.0" } }` },
  { path: `${serverDir}/index.ts`, text: `import mongoose from "mongoose";\nexport async function start() {\n  await mongoose.connect("mongodb://database:27017/x");\n}\n` },
  { path: "src/modules/options.ts", text: `import { JobsOptions } from "bullmq";\nexport const opts: JobsOptions = { attempts: 5 };\n` },
  { path: "src/modules/model.ts", text: `import { getModelForClass, prop } from "@typegoose/typegoose";\nexport class Box { @prop() name!: string }\nexport const boxModel = getModelForClass(Box);\n` },
  { path: "src/modules/find.ts", text: find },
  { path: "src/modules/registry.ts", text: `import { Find } from "./find";\nclass Registry {\n  findByFilter() {\n    const useCase = new Find();\n    return useCase.execute();\n  }\n}\nconst registry = new Registry();\nexport default registry;\n` },
  { path: "src/modules/usecase.ts", text: `import registry from "./registry";\nexport class UseCase {\n  private registry: any\n  constructor() { this.registry = registry }\n  async execute() {\n    await this.registry.findByFilter();\n  }\n}\n` },
  { path: "src/modules/send.ts", text: `import express from "express";\nimport { Queue } from "bullmq";\nimport { opts } from "./options";\nconst app = express();\napp.post("/sync", async (req, res) => {\n  const q = new Queue("boxes", { connection: { host: "redis" } });\n  await q.add("x", {}, opts);\n  res.send("ok");\n});\n` },
  { path: "src/modules/worker.ts", text: `import { Worker } from "bullmq";\nimport { UseCase } from "./usecase";\nexport class W {\n  init = () => {\n    new Worker("boxes", async (job) => {\n      const u = new UseCase();\n      await u.execute();\n    }, { connection: { host: "redis" } });\n  }\n}\n` },
];

const chains = async (find: string, serverDir?: string) => {
  const r = await analyzeWorkspace(files(find, serverDir), { ...DEFAULT_SETTINGS, rules: {}, services: {}, helpers: [] });
  const m = r.model;
  return m.paths.filter((p) => p.layers.length > 1).map((p) => `${p.product} ${p.target} ${p.layers.map((id) => m.layerById.get(id)!.kind).join(" > ")}`);
};

describe("TS instances, fields and the package's Mongoose connection", () => {
  test("a property initialised with the model (userModel = boxModel)", async () => {
    assert.deepEqual(await chains(`import { boxModel } from "./model";\nexport class Find {\n  userModel = boxModel\n  execute = async () => {\n    return this.userModel.find({});\n  }\n}\n`), ["10 database bullmq-job > mongodb-retryable"]);
  });

  test("a field the constructor sets to the model, and the model called directly", async () => {
    assert.deepEqual(await chains(`import { boxModel } from "./model";\nexport class Find {\n  userModel: any\n  constructor() { this.userModel = boxModel }\n  async execute() {\n    return this.userModel.find({});\n  }\n}\n`), ["10 database bullmq-job > mongodb-retryable"]);
    assert.deepEqual(await chains(`import { boxModel } from "./model";\nexport class Find {\n  async execute() {\n    return boxModel.find({});\n  }\n}\n`), ["10 database bullmq-job > mongodb-retryable"]);
  });

  test("a field set to a parameter that shadows the import is no alias", async () => {
    assert.deepEqual(await chains(`import { boxModel } from "./model";\nexport class Find {\n  userModel: any\n  constructor(boxModel: any) { this.userModel = boxModel }\n  async execute() {\n    return this.userModel.find({});\n  }\n}\n`), []);
  });

  test("a connection in another package is not the caller's", async () => {
    const direct = `import { boxModel } from "./model";\nexport class Find {\n  async execute() {\n    return boxModel.find({});\n  }\n}\n`;
    assert.deepEqual(await chains(direct, "tools/server"), []);
  });
});
