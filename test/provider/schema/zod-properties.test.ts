// How zod schemas become Pulumi properties, and how functions and components join the package.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { packageSchema } from "../../../provider/schema/package-schema";
import { mergeTypes, objectProperties, type NamedType } from "../../../provider/schema/zod-properties";

describe("objectProperties", () => {
  it("maps primitives, lists and maps, with descriptions, defaults and secrets", () => {
    const read = objectProperties(
      z.object({
        name: z.string().trim().min(1).meta({ description: "The name." }),
        count: z.number().int().default(2).describe("How many."),
        ratio: z.number().optional(),
        enabled: z.boolean().default(false),
        tags: z.array(z.string()),
        labels: z.record(z.string(), z.string()).optional(),
        token: z.string().meta({ secret: true }),
        anything: z.unknown(),
        nickname: z.string().nullable(),
      }),
      "input",
      "fixture",
    );
    expect(read.properties).toEqual({
      name: { type: "string", description: "The name." },
      count: { type: "integer", description: "How many.", default: 2 },
      ratio: { type: "number" },
      enabled: { type: "boolean", default: false },
      tags: { type: "array", items: { type: "string" } },
      labels: { type: "object", additionalProperties: { type: "string" } },
      token: { type: "string", secret: true },
      anything: { $ref: "pulumi.json#/Any" },
      nickname: { type: "string" },
    });
    expect(read.required).toEqual(["name", "tags", "token", "anything", "nickname"]);
  });

  it("reads what a program passes to a transform, and what the provider hands back from it", () => {
    const shape = z.object({ size: z.string().transform(Number).pipe(z.number().int()) });
    expect(objectProperties(shape, "input", "fixture").properties).toEqual({ size: { type: "string" } });
    expect(objectProperties(shape, "output", "fixture").properties).toEqual({ size: { type: "integer" } });
  });

  it("requires a property with a default among outputs, and leaves its default to inputs", () => {
    const shape = z.object({ mode: z.enum(["a", "b"]).default("a") });
    expect(objectProperties(shape, "input", "fixture")).toMatchObject({ properties: { mode: { type: "string", default: "a" } }, required: [] });
    expect(objectProperties(shape, "output", "fixture")).toMatchObject({ properties: { mode: { type: "string" } }, required: ["mode"] });
  });

  it("makes a named nested object a type, and refuses an unnamed one", () => {
    const grant = z.object({ role: z.string().meta({ description: "The role." }) }).meta({ id: "FixtureGrant", description: "A grant." });
    const read = objectProperties(z.object({ grants: z.array(grant) }), "output", "fixture");
    expect(read.properties).toEqual({ grants: { type: "array", items: { $ref: "#/types/wandb:index:FixtureGrant" } } });
    expect(Object.fromEntries(read.types)).toEqual({
      "wandb:index:FixtureGrant": {
        side: "output",
        spec: { type: "object", description: "A grant.", properties: { role: { type: "string", description: "The role." } }, required: ["role"] },
      },
    });
    expect(() => objectProperties(z.object({ grant: z.object({ role: z.string() }) }), "output", "fixture")).toThrow(
      'fixture.grant: a nested object needs a name: give its zod object .meta({ id: "<TypeName>" }) in PascalCase',
    );
  });

  it("takes a union as Any, and refuses what is not an object", () => {
    expect(objectProperties(z.object({ either: z.union([z.string(), z.number()]) }), "input", "fixture").properties["either"]).toMatchObject({ $ref: "pulumi.json#/Any" });
    expect(() => objectProperties(z.string(), "input", "fixture")).toThrow("fixture: expected a zod object");
  });
});

describe("mergeTypes", () => {
  const type = (side: "input" | "output", required: string[]): NamedType => ({
    side,
    spec: { type: "object", properties: { a: { type: "string" }, b: { type: "string" } }, required },
  });

  it("keeps the input side of a type read from both sides", () => {
    const types = new Map([["wandb:index:T", type("output", ["a", "b"])]]);
    mergeTypes(types, new Map([["wandb:index:T", type("input", ["a"])]]));
    expect(types.get("wandb:index:T")).toEqual(type("input", ["a"]));
  });

  it("refuses two different types under one name", () => {
    const types = new Map([["wandb:index:T", type("output", ["a", "b"])]]);
    expect(() => mergeTypes(types, new Map([["wandb:index:T", type("output", ["a"])]]))).toThrow("wandb:index:T is defined twice, differently");
  });
});

describe("packageSchema with functions and components", () => {
  const model = z.object({ id: z.string().meta({ description: "The model's id." }) }).meta({ id: "FixtureModel", description: "A model." });
  const schema = packageSchema({
    functions: [
      {
        token: "wandb:index:getFixture",
        description: "Reads a fixture.",
        inputs: z.object({ name: z.string().meta({ description: "Which one." }) }),
        outputs: z.object({ models: z.array(model) }),
      },
      { token: "wandb:index:listFixtures", description: "Lists fixtures.", inputs: z.object({}), outputs: z.object({ names: z.array(z.string()) }) },
    ],
    components: [
      {
        token: "wandb:index:FixtureRoster",
        description: "A roster.",
        inputs: z.object({ size: z.number().int().default(1).meta({ description: "How many." }) }),
        outputs: z.object({ size: z.number().int(), models: z.array(model) }),
      },
    ],
  });

  it("declares a function's arguments and result, leaving out arguments it has none of", () => {
    expect(schema.functions["wandb:index:getFixture"]).toEqual({
      description: "Reads a fixture.",
      inputs: { properties: { name: { type: "string", description: "Which one." } }, required: ["name"] },
      outputs: { properties: { models: { type: "array", items: { $ref: "#/types/wandb:index:FixtureModel" } } }, required: ["models"] },
    });
    expect(schema.functions["wandb:index:listFixtures"]).not.toHaveProperty("inputs");
    expect(schema.types["wandb:index:FixtureModel"]).toMatchObject({ description: "A model." });
  });

  it("declares a component as a resource, its outputs described like its inputs", () => {
    expect(schema.resources["wandb:index:FixtureRoster"]).toEqual({
      description: "A roster.",
      isComponent: true,
      properties: {
        size: { type: "integer", description: "How many." },
        models: { type: "array", items: { $ref: "#/types/wandb:index:FixtureModel" } },
      },
      required: ["size", "models"],
      inputProperties: { size: { type: "integer", description: "How many.", default: 1 } },
      requiredInputs: [],
    });
  });
});
