// The native plugin's ResourceProvider service, called over gRPC as the engine calls it, against
// the emulator: configuration judged at CheckConfig, the key kept a secret, and a resource's whole
// life through the same core as the dynamic resources.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as structProto from "google-protobuf/google/protobuf/struct_pb";
import * as pluginProto from "@pulumi/pulumi/proto/plugin_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import * as emptyProto from "google-protobuf/google/protobuf/empty_pb";
import { startEmulator, type RunningEmulator } from "../../../../emulator";
import { startPlugin, type RunningPlugin } from "../../../support/plugin-process";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { SCHEMA_FILE } from "../../../../provider/schema/committed-schema";
import { repoRoot } from "../../../../scripts/engine";
import { readLog } from "../../../../scripts/emulator-api";

const SECRET = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };
const struct = (value: object) => structProto.Struct.fromJavaScript(JSON.parse(JSON.stringify(value)));
const USER = "wandb:index:User";

let emu: RunningEmulator;
let plugin: RunningPlugin;

function providerArgs(overrides: Record<string, unknown> = {}) {
  return { baseUrl: emu.url, apiKey: { ...SECRET, value: emu.admin.apiKey }, username: emu.admin.username, deployment: emu.deployment, version: "0.1.0", ...overrides };
}

function checkRequest(type: string, news: object, olds: object = {}) {
  const request = new providerProto.CheckRequest();
  request.setType(type);
  request.setUrn(`urn:pulumi:test::project::${type}::name`);
  request.setOlds(struct(olds));
  request.setNews(struct(news));
  return request;
}

beforeAll(async () => {
  emu = await startEmulator();
  plugin = await startPlugin({ WANDB_API_KEY: "", WANDB_BASE_URL: "" });
});
afterAll(async () => {
  await plugin?.stop();
  await emu?.close();
});

describe("the plugin's configuration", () => {
  it("reports its package version", async () => {
    const info = await plugin.call<emptyProto.Empty, pluginProto.PluginInfo>("getPluginInfo", new emptyProto.Empty());
    expect(info.getVersion()).toBe(require("../../../../package.json").version);
  });

  it("serves the committed schema, derived from the zod schemas", async () => {
    const request = new providerProto.GetSchemaRequest();
    const served = await plugin.call<providerProto.GetSchemaRequest, providerProto.GetSchemaResponse>("getSchema", request);
    expect(served.getSchema()).toBe(readFileSync(path.join(repoRoot, SCHEMA_FILE), "utf8"));
    expect(JSON.parse(served.getSchema())).toMatchObject({ name: "wandb", config: { variables: { apiKey: { secret: true } } } });
  });

  it("judges the settings at CheckConfig, naming each key, and keeps the key a secret", async () => {
    const bad = await plugin.call<providerProto.CheckRequest, providerProto.CheckResponse>(
      "checkConfig",
      checkRequest("pulumi:providers:wandb", providerArgs({ baseUrl: "not a url", maxRetries: 99, basUrl: "x" })),
    );
    const reasons = bad.getFailuresList().map((failure) => failure.getReason());
    expect(reasons.join("\n")).toMatch(/wandb:baseUrl/);
    expect(reasons.join("\n")).toMatch(/wandb:maxRetries/);
    expect(reasons.join("\n")).toMatch(/wandb:basUrl: did you mean wandb:baseUrl/);

    const good = await plugin.call<providerProto.CheckRequest, providerProto.CheckResponse>("checkConfig", checkRequest("pulumi:providers:wandb", providerArgs()));
    expect(good.getFailuresList()).toEqual([]);
    expect(good.getInputs()!.toJavaScript()["apiKey"]).toEqual({ ...SECRET, value: emu.admin.apiKey });
  });
});

describe("a User through the plugin", () => {
  beforeAll(async () => {
    const request = new providerProto.ConfigureRequest();
    request.setArgs(struct(providerArgs()));
    await plugin.call("configure", request);
  });

  it("fails check naming the property, before any request", async () => {
    const checked = await plugin.call<providerProto.CheckRequest, providerProto.CheckResponse>("check", checkRequest(USER, { userName: "ana lima", email: "ana@example.com" }));
    expect(checked.getFailuresList().map((failure) => [failure.getProperty(), failure.getReason()])).toEqual([
      ["userName", expect.stringMatching(/userName must not contain spaces/)],
    ]);
  });

  it("creates, reads from the id alone (import) with its inputs, sees no change, and deletes", async () => {
    const checked = await plugin.call<providerProto.CheckRequest, providerProto.CheckResponse>("check", checkRequest(USER, { userName: "plugin-ana", email: "Plugin-Ana@example.com" }));
    expect(checked.getFailuresList()).toEqual([]);
    const inputs = checked.getInputs()!.toJavaScript();

    const create = new providerProto.CreateRequest();
    create.setType(USER);
    create.setUrn(`urn:pulumi:test::project::${USER}::ana`);
    create.setProperties(checked.getInputs());
    const created = await plugin.call<providerProto.CreateRequest, providerProto.CreateResponse>("create", create);
    const outs = created.getProperties()!.toJavaScript();
    expect(outs).toMatchObject({ userName: "plugin-ana", email: "Plugin-Ana@example.com", active: true });
    expect(JSON.stringify(outs)).not.toContain(emu.admin.apiKey);

    const read = new providerProto.ReadRequest();
    read.setType(USER);
    read.setUrn(`urn:pulumi:test::project::${USER}::ana`);
    read.setId(created.getId());
    read.setProperties(struct({}));
    const imported = await plugin.call<providerProto.ReadRequest, providerProto.ReadResponse>("read", read);
    expect(imported.getId()).toBe(created.getId());
    expect(imported.getInputs()!.toJavaScript()).toMatchObject({ userName: "plugin-ana", email: "Plugin-Ana@example.com" });

    const diff = new providerProto.DiffRequest();
    diff.setType(USER);
    diff.setUrn(`urn:pulumi:test::project::${USER}::ana`);
    diff.setId(created.getId());
    diff.setOlds(imported.getProperties());
    diff.setNews(struct(inputs));
    const diffed = await plugin.call<providerProto.DiffRequest, providerProto.DiffResponse>("diff", diff);
    expect(diffed.getChanges()).toBe(providerProto.DiffResponse.DiffChanges.DIFF_NONE);

    // A destroy is an engine operation of its own, in a provider process of its own: in this one the
    // user is held (created, then kept by its diff), and a delete would leave it.
    const destroying = await startPlugin({ WANDB_API_KEY: "", WANDB_BASE_URL: "" });
    try {
      const configure = new providerProto.ConfigureRequest();
      configure.setArgs(struct(providerArgs()));
      await destroying.call("configure", configure);
      const remove = new providerProto.DeleteRequest();
      remove.setType(USER);
      remove.setUrn(`urn:pulumi:test::project::${USER}::ana`);
      remove.setId(created.getId());
      remove.setProperties(imported.getProperties());
      await destroying.call("delete", remove);
      const gone = await destroying.call<providerProto.ReadRequest, providerProto.ReadResponse>("read", read);
      expect(gone.getId()).toBe("");
    } finally {
      await destroying.stop();
    }
  });

  it("plans a create and an update at preview as the engine would, the inputs standing for the outputs, writing nothing", async () => {
    const planned = { userName: "plugin-planned", email: "planned@example.com" };
    const urn = `urn:pulumi:test::project::${USER}::planned`;
    const writesBefore = (await readLog(emu)).counters.writes;
    const create = new providerProto.CreateRequest().setType(USER).setUrn(urn).setProperties(struct(planned)).setPreview(true);
    const created = await plugin.call<providerProto.CreateRequest, providerProto.CreateResponse>("create", create);
    expect(created.getId()).toBe("");
    expect(created.getProperties()!.toJavaScript()).toEqual(planned);
    const news = { ...planned, displayName: "Planned" };
    const update = new providerProto.UpdateRequest().setType(USER).setUrn(urn).setId("some-id").setOlds(struct(planned)).setNews(struct(news)).setPreview(true);
    const updated = await plugin.call<providerProto.UpdateRequest, providerProto.UpdateResponse>("update", update);
    expect(updated.getProperties()!.toJavaScript()).toEqual(news);
    expect((await readLog(emu)).counters.writes).toBe(writesBefore);
  });

  it("names an unknown type", async () => {
    await expect(plugin.call("check", checkRequest("wandb:index:Usr", {}))).rejects.toThrow(/no resource type "wandb:index:Usr"/);
  });
});

describe("an OrganizationMembers through the plugin", () => {
  const MEMBERS = "wandb:index:OrganizationMembers";
  const urn = `urn:pulumi:test::project::${MEMBERS}::people`;
  const statusProto = require("@pulumi/pulumi/proto/status_pb") as typeof import("@pulumi/pulumi/proto/status_pb");

  beforeAll(async () => {
    const request = new providerProto.ConfigureRequest();
    request.setArgs(struct(providerArgs()));
    await plugin.call("configure", request);
  });

  const checked = async (news: object, olds: object = {}) => plugin.call<providerProto.CheckRequest, providerProto.CheckResponse>("check", checkRequest(MEMBERS, news, olds));

  it("fails check naming the person and the property, as an engine path", async () => {
    const failed = await checked({ members: { "plugin.ana": { email: "nope" }, "plugin bo": { email: "bo@example.com" } } });
    expect(failed.getFailuresList().map((failure) => [failure.getProperty(), failure.getReason()]).sort()).toEqual([
      ['members["plugin bo"]', expect.stringContaining("each key of members is a userName and must not contain spaces")],
      ['members["plugin.ana"].email', expect.stringContaining("email must be an email address")],
    ]);
  });

  it("diffs person by person, and a write refused for one person records the others as written (ErrorResourceInitFailed)", async () => {
    const members = { "plugin-cy": { email: "plugin-cy@example.com", displayName: "C" }, "plugin-di": { email: "plugin-di@example.com", displayName: "D" } };
    const first = await checked({ members });
    expect(first.getFailuresList()).toEqual([]);
    const created = await plugin.call<providerProto.CreateRequest, providerProto.CreateResponse>(
      "create",
      new providerProto.CreateRequest().setType(MEMBERS).setUrn(urn).setProperties(first.getInputs()),
    );
    const outs = created.getProperties()!.toJavaScript() as { members: Record<string, { id: string }> };

    const changed = { "plugin-cy": { email: "plugin-cy@example.com", displayName: "Cy" }, "plugin-di": { email: "plugin-di@example.com", displayName: "Di" } };
    const news = await checked({ members: changed }, first.getInputs()!.toJavaScript());
    const diffed = await plugin.call<providerProto.DiffRequest, providerProto.DiffResponse>(
      "diff",
      new providerProto.DiffRequest().setType(MEMBERS).setUrn(urn).setId(created.getId()).setOlds(created.getProperties()).setNews(news.getInputs()),
    );
    expect(diffed.getChanges()).toBe(providerProto.DiffResponse.DiffChanges.DIFF_SOME);
    expect(diffed.getDiffsList()).toEqual(["members"]);
    const detailed: Record<string, number> = {};
    diffed.getDetaileddiffMap().forEach((change, path) => void (detailed[path] = change.getKind()));
    expect(detailed).toEqual({ 'members["plugin-cy"].displayName': providerProto.PropertyDiff.Kind.UPDATE, 'members["plugin-di"].displayName': providerProto.PropertyDiff.Kind.UPDATE });

    // Someone renames Di outside Pulumi: Di's write is refused (412, changed outside), Cy's lands.
    const patched = await fetch(`${emu.url}/scim/Users/${outs.members["plugin-di"]!.id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${emu.admin.apiKey}`, "content-type": "application/scim+json" },
      body: JSON.stringify({ schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [{ op: "replace", path: "displayName", value: "Someone else" }] }),
    });
    expect(patched.status).toBeLessThan(300);
    const update = new providerProto.UpdateRequest().setType(MEMBERS).setUrn(urn).setId(created.getId()).setOlds(created.getProperties()).setNews(news.getInputs());
    const failure = (await plugin.call("update", update).then(
      () => undefined,
      (error: unknown) => error,
    )) as { details: string; metadata: { get(key: string): unknown[] } } | undefined;
    expect(failure?.details).toMatch(/1 of 2 people could not be written[\s\S]*members\["plugin-di"\]: user "plugin-di" was changed outside Pulumi \(displayName\)/);
    const status = statusProto.Status.deserializeBinary(failure!.metadata.get("grpc-status-details-bin")[0] as Uint8Array);
    const detail = providerProto.ErrorResourceInitFailed.deserializeBinary(status.getDetailsList()[0]!.getValue_asU8());
    const recorded = detail.getProperties()!.toJavaScript() as { members: Record<string, { displayName?: string }> };
    expect(recorded.members["plugin-cy"]?.displayName).toBe("Cy");
    expect(recorded.members["plugin-di"]).toEqual(outs.members["plugin-di"]);
  });
});
