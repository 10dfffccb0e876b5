// The two front doors alike (issue 45): the same provider calls made through the native plugin's
// gRPC surface (a plugin process, as the engine runs it) and through the dynamic provider's
// functions (as the dynamic resources' provider process runs them), against the emulator, answer
// the same: the same check failures in the same words, the same checked inputs, diff and outputs.
// The lifecycle suites run each behaviour through the engine on one door and lean on this for the
// other: a roster record's refusals (test/lifecycle/access-plan, expiry) and a ServiceAccount's
// life (test/lifecycle/service-account).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as structProto from "google-protobuf/google/protobuf/struct_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import type { ResourceKind } from "../../../model/resource-kinds";
import { tokenOf } from "../../../model/tokens";
import { PROVIDER_KEY } from "../../../provider/kit/state";
import { adminRequest, emulatorApi, readLog, readState, resetLog } from "../../../scripts/emulator-api";
import { startPlugin } from "../../support/plugin-process";
import { dynamicProviderWith, stackConfigFor, type Settings } from "../../support/provider";

const DAY = 86_400_000;
const SECRET = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };
const struct = (value: object) => structProto.Struct.fromJavaScript(JSON.parse(JSON.stringify(value)));
const plain = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).filter(([key]) => key !== PROVIDER_KEY));

type Record_ = Record<string, unknown>;
interface Failure {
  property: string;
  reason: string;
}
/** A provider's calls as a door makes them, in one engine operation configured with `settings`. */
interface Door {
  check(kind: ResourceKind, olds: Record_, news: Record_): Promise<{ failures: Failure[]; inputs: Record_ }>;
  diff(kind: ResourceKind, id: string, olds: Record_, news: Record_): Promise<{ changes: boolean; replaces: string[] }>;
  create(kind: ResourceKind, inputs: Record_): Promise<{ id: string; outs: Record_ }>;
  delete(kind: ResourceKind, id: string, outs: Record_): Promise<void>;
  stop(): Promise<void>;
}
type DoorName = "dynamic" | "plugin";
const DOORS: DoorName[] = ["dynamic", "plugin"];

async function openDoor(door: DoorName, emu: RunningEmulator, settings: Settings): Promise<Door> {
  if (door === "dynamic") {
    const provider = await dynamicProviderWith(stackConfigFor(emu, settings));
    const call = (kind: ResourceKind, method: string, ...args: unknown[]) => provider.dispatch(kind, method, args) as Promise<Record_>;
    return {
      async check(kind, olds, news) {
        const result = await call(kind, "check", olds, news);
        return { failures: (result["failures"] as Failure[] | undefined) ?? [], inputs: plain(result["inputs"] as Record_) };
      },
      async diff(kind, id, olds, news) {
        const result = await call(kind, "diff", id, olds, news);
        return { changes: result["changes"] === true, replaces: [...((result["replaces"] as string[] | undefined) ?? [])].sort() };
      },
      async create(kind, inputs) {
        const result = await call(kind, "create", inputs);
        return { id: result["id"] as string, outs: plain(result["outs"] as Record_) };
      },
      async delete(kind, id, outs) {
        await call(kind, "delete", id, outs);
      },
      stop: async () => undefined,
    };
  }
  const plugin = await startPlugin({ WANDB_API_KEY: "", WANDB_BASE_URL: "" });
  const all = { baseUrl: emu.url, apiKey: { ...SECRET, value: emu.admin.apiKey }, username: emu.admin.username, deployment: emu.deployment, version: "0.1.0", ...settings };
  await plugin.call("configure", new providerProto.ConfigureRequest().setArgs(struct(Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined)))));
  const urn = (kind: ResourceKind) => `urn:pulumi:test::project::${tokenOf(kind)}::parity`;
  return {
    async check(kind, olds, news) {
      const request = new providerProto.CheckRequest().setType(tokenOf(kind)).setUrn(urn(kind)).setOlds(struct(olds)).setNews(struct(news));
      const checked = await plugin.call<providerProto.CheckRequest, providerProto.CheckResponse>("check", request);
      return { failures: checked.getFailuresList().map((failure) => ({ property: failure.getProperty(), reason: failure.getReason() })), inputs: checked.getInputs()!.toJavaScript() };
    },
    async diff(kind, id, olds, news) {
      const request = new providerProto.DiffRequest().setType(tokenOf(kind)).setUrn(urn(kind)).setId(id).setOlds(struct(olds)).setNews(struct(news));
      const diffed = await plugin.call<providerProto.DiffRequest, providerProto.DiffResponse>("diff", request);
      return { changes: diffed.getChanges() === providerProto.DiffResponse.DiffChanges.DIFF_SOME, replaces: [...diffed.getReplacesList()].sort() };
    },
    async create(kind, inputs) {
      const request = new providerProto.CreateRequest().setType(tokenOf(kind)).setUrn(urn(kind)).setProperties(struct(inputs));
      const created = await plugin.call<providerProto.CreateRequest, providerProto.CreateResponse>("create", request);
      return { id: created.getId(), outs: created.getProperties()!.toJavaScript() };
    },
    async delete(kind, id, outs) {
      await plugin.call("delete", new providerProto.DeleteRequest().setType(tokenOf(kind)).setUrn(urn(kind)).setId(id).setProperties(struct(outs)));
    },
    stop: () => plugin.stop(),
  };
}

/** What `run` makes of each door, configured with `settings`: the one answer both give. */
async function alike<T>(emu: RunningEmulator, settings: Settings, run: (door: Door) => Promise<T>): Promise<T> {
  const answers: T[] = [];
  for (const name of DOORS) {
    const door = await openDoor(name, emu, settings);
    try {
      answers.push(await run(door));
    } finally {
      await door.stop();
    }
  }
  expect(answers[1], "the plugin answers as the dynamic provider does").toEqual(answers[0]);
  return answers[0]!;
}

const reasons = (failures: Failure[]) => failures.map((failure) => failure.reason).join("\n");
const OUTSIDE = { users: "report", teams: "report", customRoles: "report", ignore: ["member", "second-admin", "seed-team"], usersFrom: "code" };
const record = (more: Record_ = {}): Record_ => ({
  organization: "acme",
  users: ["ana", "admin"],
  admins: ["ana", "admin"],
  teams: { lab: ["ana", "admin"] },
  emails: { ana: "ana@acme.example", admin: "admin@example.com" },
  outsideCode: OUTSIDE,
  ...more,
});

describe("a roster record's refusals, the same through both doors", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
  });
  afterAll(async () => {
    await emu?.close();
  });

  // Issue 46, test/lifecycle/access-plan.test.ts shows it through the engine on the plugin door.
  it("a bearer key whose owner is inactive: deactivateInactiveAfterDays is refused until wandb:username tells the owner, who is then kept", async () => {
    const admin = (await readState(emu)).users.find((user: { userName: string }) => user.userName === emu.admin.username) as { id: string };
    await emulatorApi(emu).control("PUT", `/users/${admin.id}/activity`, { daysActive: 3, lastActiveAt: new Date(Date.now() - 200 * DAY).toISOString() });
    const inactive = record({ outsideCode: { ...OUTSIDE, deactivateInactiveAfterDays: 90 } });
    const refused = await alike(emu, { authScheme: "bearer", username: undefined }, async (door) => (await door.check("RosterGuard", record(), inactive)).failures);
    expect(reasons(refused)).toMatch(
      /^Organization "acme": this change deactivates (\S+, )*admin(, \S+)*, not active in 90 days \(deactivateInactiveAfterDays\); the provider cannot tell which user its bearer key belongs to.*Set wandb:username \(WANDB_USERNAME\) to the key's owner/,
    );
    const told = await alike(emu, { authScheme: "bearer" }, async (door) => {
      const checked = await door.check("RosterGuard", record(), inactive);
      return { failures: checked.failures, planned: checked.inputs["planned"] };
    });
    expect(told.failures).toEqual([]);
    // Told, the owner is kept: the write makes this plan, so the up leaves the key's owner active.
    const plan = told.planned as { deactivate: { userName: string }[]; kept: { userName: string }[] };
    expect(plan.kept.map((user) => user.userName)).toEqual(["admin"]);
    expect(plan.deactivate.map((user) => user.userName)).not.toContain("admin");
  });

  // Issue 41, test/lifecycle/access-plan.test.ts shows outside code on the dynamic door and inactivity on the plugin door.
  it("the plan of access: each door plans the same deactivations, each with why, never the acting user", async () => {
    const made = await adminRequest(emu, "POST", "/scim/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName: "by-hand",
      emails: [{ value: "by-hand@contractor.example", primary: true }],
    });
    expect(made.status).toBe(201);
    const stale = await adminRequest(emu, "POST", "/scim/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName: "stale",
      emails: [{ value: "stale@acme.example", primary: true }],
    });
    await emulatorApi(emu).control("PUT", `/users/${stale.body.id}/activity`, { daysActive: 3, lastActiveAt: new Date(Date.now() - 200 * DAY).toISOString() });
    const declared = record({ users: ["ana", "admin", "stale"], emails: { ana: "ana@acme.example", admin: "admin@example.com", stale: "stale@acme.example" } });
    const both = { ...declared, outsideCode: { ...OUTSIDE, users: "deactivate", deactivateInactiveAfterDays: 90 } };
    // Two of five users in one run: past the guard rail's default, by intent.
    const planned = await alike(emu, { maxRemovalFraction: "1" }, async (door) => {
      const checked = await door.check("RosterGuard", declared, both);
      return { failures: checked.failures, planned: checked.inputs["planned"] };
    });
    expect(planned.failures).toEqual([]);
    const deactivated = (planned.planned as { deactivate: { userName: string; reason: string }[] }).deactivate.map(({ userName, reason }) => [userName, reason]);
    expect(deactivated).toEqual(expect.arrayContaining([["by-hand", "outsideCode"], ["stale", "inactive"]]));
    expect(deactivated.map(([userName]) => userName)).not.toContain("admin");
  });

  // Issue 44, test/lifecycle/expiry.test.ts shows it through the engine on the dynamic door.
  it("a change that demotes a required admin is refused, naming them", async () => {
    const refused = await alike(emu, {}, async (door) => (await door.check("RosterGuard", record({ requiredAdmins: ["ana"] }), record({ requiredAdmins: ["ana"], admins: ["admin"] }))).failures);
    expect(reasons(refused)).toContain('Organization "acme": this change demotes or deactivates ana (no longer an admin in the roster), listed in requiredAdmins');
  });

  // Issue 44, test/lifecycle/expiry.test.ts shows it through the engine on the dynamic door.
  it("the expiry of the acting user's own access is refused, naming the user", async () => {
    const ended = new Date(Date.now() - DAY).toISOString().slice(0, 10);
    const expiry = { grant: "team", user: "admin", scope: "lab", expires: ended, at: 'teams "lab", member "admin": expires' };
    const refused = await alike(
      emu,
      {},
      async (door) => (await door.check("RosterGuard", record({ expiries: [{ ...expiry, expired: false }] }), record({ teams: { lab: ["ana"] }, expiries: [{ ...expiry, expired: true }] }))).failures,
    );
    expect(reasons(refused)).toContain(
      `Organization "acme": this change takes away access of admin, the user the provider acts as (wandb:username), whose grants expired: membership of team lab, expired on ${ended}`,
    );
  });
});

describe("a ServiceAccount's life, the same through both doors", () => {
  it("checked, made, renamed (a replacement), and deleted with no request sent", async () => {
    // An emulator of each door's own, the same seed: the same account made twice, ids aside.
    const emulators: RunningEmulator[] = [];
    try {
      const answers: unknown[] = [];
      for (const name of DOORS) {
        const emu = await startEmulator({ port: 0 });
        emulators.push(emu);
        const door = await openDoor(name, emu, {});
        try {
          const declared = { name: "ci-bot", scope: "team", defaultTeam: "seed-team" };
          const checked = await door.check("ServiceAccount", {}, declared);
          const made = await door.create("ServiceAccount", checked.inputs);
          const unchanged = await door.diff("ServiceAccount", made.id, made.outs, checked.inputs);
          const renamed = await door.diff("ServiceAccount", made.id, made.outs, (await door.check("ServiceAccount", checked.inputs, { ...declared, name: "ci-bot-2" })).inputs);
          // A destroy is an engine operation of its own, in a provider process of its own.
          const destroying = await openDoor(name, emu, {});
          await resetLog(emu);
          await destroying.delete("ServiceAccount", made.id, made.outs).finally(() => destroying.stop());
          const writes = (await readLog(emu)).requests.filter((request) => request.method !== "GET").length;
          const state = (await readState(emu)) as { serviceAccounts: { name: string }[]; teams: { id: string; displayName: string }[] };
          const held = state.serviceAccounts.filter((account) => account.name === "ci-bot").length;
          // Ids are each emulator's own: named by what they stand for.
          let outs = JSON.stringify(made.outs).replaceAll(made.id, "<id>");
          for (const team of state.teams) outs = outs.replaceAll(team.id, `<team ${team.displayName}>`);
          answers.push({ failures: checked.failures, inputs: checked.inputs, outs: JSON.parse(outs) as Record_, unchanged, renamed, writes, held });
        } finally {
          await door.stop();
        }
      }
      expect(answers[1], "the plugin answers as the dynamic provider does").toEqual(answers[0]);
      expect(answers[0]).toMatchObject({ failures: [], unchanged: { changes: false }, renamed: { changes: true, replaces: ["name"] }, writes: 0, held: 1 });
    } finally {
      for (const emu of emulators) await emu.close();
    }
  });
});

describe("an OrganizationMembers, the same through both doors", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
  });
  afterAll(async () => {
    await emu?.close();
  });

  it("names each person's mistakes alike, and checks a set to the same inputs", async () => {
    const answered = await alike(emu, {}, async (door) => ({
      refused: (await door.check("OrganizationMembers", {}, { members: { "bo lee": { email: "bo@example.com" }, ana: { email: "nope", organizationRole: "owner" } } })).failures,
      checked: (await door.check("OrganizationMembers", {}, { members: { ana: { email: "ana@example.com", teams: ["b", "a", "b"], organizationRole: "ADMIN" } } })).inputs,
    }));
    expect(answered.refused.map((failure) => failure.property).sort()).toEqual(['members["ana"].email', 'members["ana"].organizationRole', 'members["bo lee"]']);
    expect(answered.checked).toEqual({ members: { ana: { email: "ana@example.com", active: true, organizationRole: "admin", teams: ["a", "b"] } }, adoptExisting: false, deletionPolicy: "delete" });
  });
});
