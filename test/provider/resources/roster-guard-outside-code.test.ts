// The Organization's record (RosterGuard) on what W&B holds that the roster does not declare, in
// process against the emulator, its inputs made from a roster as the program makes them
// (model/organization's guardRecordOf): with `usersFrom: idp`, a declared user W&B does not list
// is told at the record's write (up) and at its read (a refresh), and nothing is written, for the
// program declares no User then; and, its calls made as the engine makes them, a drift preview's
// read and diff plan a change for a user made by hand since the last write, and none once that user
// is taken away again. Moved here from test/lifecycle/outside-code.test.ts (and its steps,
// test/support/outside-code-steps.ts), which show the same report reaching the engine's output and
// a drift preview failing on a user made by hand.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { guardRecordOf, planOrganization } from "../../../model/organization";
import { ORGANIZATION_TYPE } from "../../../model/tokens";
import { declareOrganization, type OrganizationKinds, type ChildrenShape } from "../../../program/organization";
import { KINDS } from "../../../provider/kinds";
import { rosterGuard } from "../../../provider/resources/roster-guard";
import { emulatorApi, readLog, resetLog } from "../../../scripts/emulator-api";
import { outsideCodeRoster, outsideCodeSeed } from "../../support/outside-code-organization";
import { droppedOutput, keptOutput, operationFor } from "../../support/provider";

const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";

/** The record's inputs as the program declares them for an Organization "acme" of `roster` (no User declared beside it). */
const recordOf = (emulator: RunningEmulator, roster: unknown) => ({
  ...guardRecordOf("acme", planOrganization("acme", { roster }, () => emulator.deployment)),
  stackUsers: [],
});

/** An operation (a new provider process) whose told lines are kept. */
function telling(emulator: RunningEmulator) {
  const output = keptOutput();
  return { operation: operationFor(emulator, {}, output.sink), told: () => output.lines.map((each) => each.line).join("\n") };
}

describe("usersFrom: idp, the record in process", () => {
  let emulator: RunningEmulator;
  const roster = {
    usersFrom: "idp",
    users: [
      { userName: "admin", email: "admin@acme.example", organizationRole: "admin" },
      { userName: "member", email: "member@acme.example" },
      { userName: "zed", email: "zed@acme.example" },
    ],
  };
  const missing = 'user zed (zed@acme.example) is declared but not in W&B: the identity provider has not created it';

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    await pulumi.runtime.setMocks({ newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: (args) => args.inputs }, "outside-code", "dev", false);
  });
  afterAll(() => emulator?.close());

  it("the program declares no User, so that W&B is never asked to create one: the identity provider creates them", () => {
    const declared: string[] = [];
    const child = (kind: string) => (name: string) => {
      declared.push(`${kind} ${name}`);
      return { id: pulumi.output(`${name}-id`), name: pulumi.output(name), members: pulumi.output<Record<string, { id: string }>>({}) };
    };
    const kinds: OrganizationKinds<ChildrenShape> = {
      User: child("User"),
      OrganizationMembers: child("OrganizationMembers"),
      Team: child("Team"),
      CustomRole: child("CustomRole"),
      OrganizationRoleAssignment: child("OrganizationRoleAssignment"),
      TeamRoleAssignment: child("TeamRoleAssignment"),
      RegistryRoleAssignment: child("RegistryRoleAssignment"),
      RosterGuard: child("RosterGuard"),
      ServiceAccount: child("ServiceAccount"),
    };
    const component = new pulumi.ComponentResource(ORGANIZATION_TYPE, "acme", {}, {});
    declareOrganization(component, "acme", planOrganization("acme", { roster }, () => emulator.deployment), kinds);
    expect(declared).toContain("RosterGuard acme/guard");
    expect(declared.filter((each) => each.startsWith("User "))).toEqual([]);
  });

  it("tells a declared user W&B does not list at the record's write and at its read, and writes nothing", async () => {
    await resetLog(emulator);
    const up = telling(emulator);
    const checked = await rosterGuard.check(up.operation, {}, recordOf(emulator, roster));
    expect(checked.failures ?? []).toEqual([]);
    const created = await rosterGuard.create(up.operation, checked.inputs!);
    expect(up.told()).toContain(missing);

    const refresh = telling(emulator);
    await rosterGuard.read(refresh.operation, created.id, created.outs);
    expect(refresh.told()).toContain(missing);
    expect((await readLog(emulator)).counters.writes).toBe(0);
  });
});

describe("what a refresh finds since the record was written, as the engine calls the record", () => {
  let emulator: RunningEmulator;
  const record = () => recordOf(emulator, outsideCodeRoster());
  const guard = KINDS.RosterGuard;

  /** A drift preview's calls of the record in a new operation (`pulumi preview --refresh`): its read, then its check and diff; whether it plans a change. */
  async function driftPreviewChanges(written: { id: string; outs: Record<string, unknown> }): Promise<boolean> {
    const operation = operationFor(emulator, {}, droppedOutput);
    const read = await guard.read(operation, written.id, written.outs);
    const checked = await guard.check(operation, read.inputs ?? {}, record());
    return (await guard.diff(operation, written.id, read.props ?? {}, checked.inputs ?? {})).changes === true;
  }

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: outsideCodeSeed(), userRolesOnGet: "shown" });
  });
  afterAll(() => emulator?.close());

  it("a user made by hand since is a change; once taken away again, nothing is", async () => {
    const operation = operationFor(emulator, {}, droppedOutput);
    const checked = await guard.check(operation, {}, record());
    const written = await guard.create(operation, checked.inputs ?? {});
    expect(await driftPreviewChanges(written)).toBe(false);

    const scim = emulatorApi(emulator).scim;
    const late = (await scim("POST", "/Users", { schemas: [USER_SCHEMA], userName: "late-hire", emails: [{ value: "late-hire@acme.example", primary: true }] })) as { id: string };
    expect(await driftPreviewChanges(written)).toBe(true);
    await scim("DELETE", `/Users/${late.id}`);
    expect(await driftPreviewChanges(written)).toBe(false);
  });
});
