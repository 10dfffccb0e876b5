// The functions as the native plugin calls them: the shared definitions (model/functions), given
// clients built from a configuration of their own (no stack config, no environment), against the
// emulator. Their schemas describe what they take and give, and can be turned into JSON Schema.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { closeAllPools, InferenceClient, ScimClient } from "../../../service";
import { resolveConfig } from "../../../service/config";
import { FUNCTIONS, type FunctionAccess, inferenceWhere, scimWhere, targetedConfig, type WandbFunction, WandbLookupError } from "../../../model/functions";
import { organizationArgsSchema, organizationOutputsSchema } from "../../../model/organization";
import { setupClient, start, type Emulator } from "../../support/functions";

let emu: Emulator;
const ids: Record<string, string> = {};
beforeAll(async () => {
  emu = await start();
  const scim = setupClient(emu);
  const dana = await scim.createUser({ userName: "dana", email: "dana@example.com", displayName: "Dana" });
  ids["dana"] = dana.id;
  ids["crew"] = (await scim.createTeam({ name: "crew", memberIds: [dana.id] })).id;
  ids["Auditor"] = (await scim.createRole({ name: "Auditor", description: "Reads", inheritedFrom: "viewer", permissions: ["run:stop"] })).id;
});
afterAll(async () => {
  await emu.close();
  await closeAllPools();
});

/** An access of the plugin's kind: one configuration, given; records what the functions asked for. */
function pluginAccess(): FunctionAccess & { asked: string[] } {
  const config = resolveConfig(
    { baseUrl: emu.url, apiKey: emu.admin.apiKey, username: emu.admin.username, inferenceUrl: emu.inferenceUrl, inferenceProject: emu.inferenceProject },
    {},
  );
  const asked: string[] = [];
  return {
    asked,
    scim: () => {
      asked.push("scim");
      return { client: new ScimClient(config), where: scimWhere(config) };
    },
    inference: (target) => {
      asked.push("inference");
      const targeted = targetedConfig(config, target);
      return { client: new InferenceClient(targeted), where: inferenceWhere(targeted) };
    },
  };
}

async function failure(call: Promise<unknown>): Promise<WandbLookupError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WandbLookupError);
  return error as WandbLookupError;
}

describe("the shared functions, called directly", () => {
  it("return what their result schemas describe, exactly", async () => {
    const access = pluginAccess();
    const calls = {
      getModels: FUNCTIONS.getModels.run({}, access),
      getModel: FUNCTIONS.getModel.run({ id: "microsoft/Phi-4-mini-instruct" }, access),
      getUser: FUNCTIONS.getUser.run({ userName: "DANA" }, access),
      getUsers: FUNCTIONS.getUsers.run({ filter: { emailDomain: "example.com" } }, access),
      getTeam: FUNCTIONS.getTeam.run({ name: "crew" }, access),
      getCustomRole: FUNCTIONS.getCustomRole.run({ name: "Auditor" }, access),
    };
    for (const [name, call] of Object.entries(calls)) {
      const result = await call;
      expect(FUNCTIONS[name as keyof typeof FUNCTIONS].result.parse(result), name).toEqual(result);
    }
    expect(await calls.getUser).toMatchObject({ id: ids["dana"], userName: "dana", displayName: "Dana" });
    expect((await calls.getUsers).userNames).toContain("dana");
    expect(await calls.getTeam).toMatchObject({ id: ids["crew"], memberIds: expect.arrayContaining([ids["dana"]]) });
    expect(await calls.getCustomRole).toMatchObject({ id: ids["Auditor"], inheritedFrom: "viewer", permissions: ["run:stop"] });
    expect((await calls.getModel).id).toBe("microsoft/Phi-4-mini-instruct");
  });

  it("a check failure names the property and what a valid value is, before asking for any access", async () => {
    const access = pluginAccess();
    const cases: Array<[keyof typeof FUNCTIONS, unknown, RegExp, Record<string, unknown>]> = [
      ["getTeam", { name: 5 }, /^getTeam: `name` must be a non-empty string \(got 5\)\.$/, { name: 5 }],
      ["getTeam", undefined, /`name` must be a non-empty string \(got nothing\)/, { name: undefined }],
      ["getCustomRole", { name: "  " }, /`name` must be a non-empty string \(got "  "\)/, { name: "  " }],
      ["getModel", { id: "x", project: "no-slash" }, /`project` must be <entity>\/<project>, e\.g\. my-team\/my-project \(got "no-slash"\)/, { project: "no-slash" }],
      ["getModels", { inferenceUrl: "ftp://x" }, /`inferenceUrl` must be an http\(s\) URL/, { inferenceUrl: "ftp://x" }],
      ["getUser", { userName: "a", email: "b@example.com" }, /give only one of `userName` and `email`/, { userName: "a", email: "b@example.com" }],
      ["getUser", { email: "" }, /`email` must be a non-empty string \(got ""\)/, { email: "" }],
      ["getUsers", { filter: { active: "yes" } }, /filter\.active must be true or false/, { filter: { active: "yes" } }],
      ["getUsers", { filter: { role: "admin" } }, /unknown filter field\(s\) `role`; supported: userNameStartsWith, emailDomain, active, organizationRole/, { filter: { role: "admin" } }],
    ];
    for (const [name, args, message, searched] of cases) {
      const error = await failure(FUNCTIONS[name].run(args, access));
      expect(error.message, name).toMatch(message);
      expect(error).toMatchObject({ kind: "invalid-argument", function: name });
      expect(error.searched).toEqual(searched);
    }
    expect(access.asked).toEqual([]);
  });

  it("a property left out as null (as another language may send it) is absent", async () => {
    const user = await FUNCTIONS.getUser.run({ userName: null, email: "dana@example.com" }, pluginAccess());
    expect(user.id).toBe(ids["dana"]);
  });

  it("no match says what was searched for, and where", async () => {
    const team = await failure(FUNCTIONS.getTeam.run({ name: "krew" }, pluginAccess()));
    expect(team).toMatchObject({ kind: "not-found", searched: { name: "krew" }, candidates: ["crew"] });
    expect(team.message).toContain(`getTeam: no team with name "krew" in the W&B organization at ${emu.url}`);
    const user = await failure(FUNCTIONS.getUser.run({ email: "nobody@example.com" }, pluginAccess()));
    expect(user).toMatchObject({ kind: "not-found", searched: { email: "nobody@example.com" } });
    expect(user.message).toContain('no user with email "nobody@example.com"');
    const role = await failure(FUNCTIONS.getCustomRole.run({ name: "auditor" }, pluginAccess()));
    expect(role.message).toContain('no custom role with name "auditor"');
    expect(role.message).toContain('did you mean "Auditor"?');
    const model = await failure(FUNCTIONS.getModel.run({ id: "Phi-4-mini-instruct" }, pluginAccess()));
    expect(model).toMatchObject({ kind: "not-found", searched: { id: "Phi-4-mini-instruct" } });
    expect(model.message).toContain(`is not offered by W&B Inference at ${emu.inferenceUrl} for project ${emu.inferenceProject}`);
  });

  it("a model function's target in its arguments replaces the configured one", async () => {
    const access = pluginAccess();
    const error = await FUNCTIONS.getModels.run({ project: "acme/missing" }, access).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "WandbApiError", status: 401 });
    expect((await FUNCTIONS.getModels.run({ inferenceUrl: ` ${emu.inferenceUrl}/ ` }, access)).ids).toContain("microsoft/Phi-4-mini-instruct");
  });
});

/** Every place of a JSON Schema that describes an object's property, with its path. */
function properties(schema: unknown, path = ""): Array<[string, Record<string, unknown>]> {
  if (typeof schema !== "object" || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const own = Object.entries((node["properties"] ?? {}) as Record<string, Record<string, unknown>>).flatMap(([key, value]) => [
    [`${path}.${key}`, value] as [string, Record<string, unknown>],
    ...properties(value, `${path}.${key}`),
  ]);
  const nested = ["items", "anyOf", "additionalProperties"].flatMap((key) => {
    const value = node[key];
    return (Array.isArray(value) ? value : [value]).flatMap((item) => properties(item, path));
  });
  return [...own, ...nested];
}

/** A schema's top object: a named one (`.meta({ id })`) is a reference to its definition. */
function topOf(json: Record<string, any>): Record<string, any> {
  return typeof json["$ref"] === "string" ? json["$defs"][json["$ref"].replace("#/$defs/", "")] : json;
}

describe("the schemas the package schema is derived from", () => {
  const schemas: Array<[string, z.ZodType, "input" | "output"]> = [
    ...Object.values(FUNCTIONS).flatMap((fn): Array<[string, z.ZodType, "input" | "output"]> => [
      [`${fn.name} args`, fn.args, "input"],
      [`${fn.name} result`, fn.result, "output"],
    ]),
    ["Organization inputs", organizationArgsSchema, "input"],
    ["Organization outputs", organizationOutputsSchema, "output"],
  ];

  it.each(schemas)("%s: every property has a description", (_name, schema, io) => {
    const json = z.toJSONSchema(schema, { io }) as Record<string, any>;
    const found = [topOf(json), ...Object.values(json["$defs"] ?? {})].flatMap((node) => properties(node));
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter(([, property]) => typeof property["description"] !== "string").map(([path]) => path)).toEqual([]);
  });

  it("each function has a description, and is registered under its own name", () => {
    const registry: Readonly<Record<string, WandbFunction>> = FUNCTIONS;
    for (const [name, fn] of Object.entries(registry)) {
      expect(fn.name).toBe(name);
      expect(fn.description.length).toBeGreaterThan(40);
    }
  });

  it("optional arguments are not required, and results say which fields are always there", () => {
    expect(z.toJSONSchema(FUNCTIONS.getModel.args, { io: "input" })).toMatchObject({ required: ["id"] });
    expect(z.toJSONSchema(FUNCTIONS.getUser.args, { io: "input" })).not.toHaveProperty("required");
    expect(topOf(z.toJSONSchema(FUNCTIONS.getUser.result))).toMatchObject({
      required: ["id", "userName", "email", "active", "teamRoles", "registryRoles"],
    });
    expect(z.toJSONSchema(organizationArgsSchema, { io: "input" })).toMatchObject({ required: ["roster"] });
  });
});
