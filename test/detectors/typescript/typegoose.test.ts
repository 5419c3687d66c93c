// Typegoose models (docs/reference/mongodb.md; @typegoose/typegoose 12.14.0 src/typegoose.ts getModelForClass:
// `existingConnection.model` ?? `existingMongoose.model` ?? `mongoose.model`): a model on Mongoose's default
// connection unless the options or the class's @modelOptions name a connection of their own.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";

describe("Typegoose models", () => {
  test("getModelForClass(Cls) → a mongoose model on the default connection; existingConnection (options or @modelOptions) → none", () => {
    const f = extract(`import { getModelForClass, modelOptions, prop } from "@typegoose/typegoose";
export class Box { @prop() name!: string }
@modelOptions({ existingConnection: otherConnection })
export class Cable { @prop() name!: string }
export const boxModel = getModelForClass(Box);
export const cableModel = getModelForClass(Cable);
export const userModel = getModelForClass(Box, { existingConnection: conn });
export const plainModel = getModelForClass(Box, { schemaOptions: { collection: "plain" } });
`);
    assert.deepEqual(f.clients.filter((c) => c.library === "mongoose").map((c) => [c.name, c.sdk?.target]), [["boxModel", "mongoose-default-connection"], ["plainModel", "mongoose-default-connection"]]);
  });
});
