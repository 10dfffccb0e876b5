// What the identity provider owns is never written (issue 41), through the real engine, both doors in
// one stack (test/programs/idp-owned.ts, run inline: an Organization through each, `usersFrom: idp`, two teams of
// `membersFrom: idp`). Right after the adoption, examples/gitops's drift watch, run as its workflow
// runs it, is green: the team whose members the roster lists as the identity provider pushes them is
// not reported, the other's difference is information. Dropping a team and a user from the roster is
// said at preview and in the access review, and the up writes nothing; destroying the stack, as an
// earlier release recorded it (its teams without `membersFrom`), writes nothing either: the teams
// keep the identity provider's members, the users stay. Each preview is recorded for the review's fast
// tests (test/cli/fixtures/both-idp-*.json, written again with CAPTURE_REVIEW_FIXTURES=1).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defaultSeed, startEmulator, type RunningEmulator } from "../../emulator";
import { readLog, readState, resetLog } from "../../scripts/emulator-api";
import { DRIFT_PREVIEW_ARGS, runDriftWatch } from "../support/drift-watch";
import { emulatorConfig, openStack, previewDiagnostics, repoRoot, type StackHandle } from "../support/pulumi";
import { reviewOf } from "../support/review";
import { checkedAgainstRecord, fixtureText, type BothDoorsScenario } from "../support/review-fixtures";
import { warningsNaming } from "../support/warnings";
import { idpOwnedProgram } from "../programs/idp-owned";

const DOORS = ["dynamic", "plugin"] as const;
const each = (name: string) => DOORS.map((door) => `${name}-${door}`);
const SERVICE_ACCOUNT = "pulumi-automation";

/** What the identity provider made before any Pulumi program ran: the users, and the teams it pushes. */
function seed() {
  const seeded = defaultSeed();
  const people = (door: string, names: string[]) => names.map((name) => ({ user: `${name}-${door}` }));
  return {
    ...seeded,
    users: [...seeded.users, ...["ana", "bo", "dee"].flatMap(each).map((userName) => ({ userName, email: `${userName}@acme.example` }))],
    teams: [
      ...(seeded.teams ?? []),
      ...DOORS.flatMap((door) => [
        { displayName: `lab-${door}`, members: [...people(door, ["ana", "bo", "dee"]), { serviceAccount: SERVICE_ACCOUNT }] },
        { displayName: `desk-${door}`, members: [...people(door, ["ana", "bo"]), { serviceAccount: SERVICE_ACCOUNT }] },
      ]),
    ],
  };
}

const held = z.object({
  users: z.array(z.object({ userName: z.string(), active: z.boolean() })),
  teams: z.array(z.object({ displayName: z.string(), members: z.array(z.object({ user: z.string().optional(), serviceAccount: z.string().optional() })) })),
});

describe("what the identity provider owns is never written (both doors)", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  /** Who W&B holds in each of these teams, service accounts included. */
  const members = async (teams: string[]) => {
    const state = held.parse(await readState(emulator));
    return Object.fromEntries(teams.map((name) => [name, (state.teams.find((team) => team.displayName === name)?.members ?? []).map((m) => m.user ?? m.serviceAccount).sort()]));
  };
  const teamsAsSeeded = (names: string[]) =>
    Object.fromEntries(names.flatMap(each).map((team) => [team, seed().teams.find((t) => t.displayName === team)!.members.map((m) => ("user" in m ? m.user : m.serviceAccount)).sort()]));
  const activeUsers = async () => held.parse(await readState(emulator)).users.filter((user) => user.active).map((user) => user.userName);
  /** A preview's JSON, checked against its record (and recorded again, with CAPTURE_REVIEW_FIXTURES=1). */
  const recorded = async (scenario: BothDoorsScenario, preview: { json: string }, options: string[] = []) => {
    const fresh = fixtureText(preview.json, emulator.url);
    expect(fresh).not.toContain(emulator.admin.apiKey);
    await checkedAgainstRecord(`both-${scenario}`, fresh, options);
  };
  /** The sections of a review, by heading; the text above them as "". */
  const sections = (review: string): Record<string, string | undefined> => {
    const [top = "", ...rest] = review.split(/^### /m);
    return { "": top, ...Object.fromEntries(rest.map((section) => [section.slice(0, section.indexOf("\n")), section])) };
  };

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: seed() });
    stack = await openStack({ projectName: "idp-owned", inline: idpOwnedProgram }, { config: emulatorConfig(emulator), providerPlugins: [{ name: "wandb", path: repoRoot }] });
  });
  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("right after the adoption, the drift watch is green; the team whose members differ from the roster's list is told as information", async () => {
    await resetLog(emulator);
    await stack.up();
    expect((await readLog(emulator)).counters.writes).toBe(0);

    const preview = await stack.previewJson(DRIFT_PREVIEW_ARGS);
    expect(preview.code, preview.json.slice(-2000)).toBe(0);
    await recorded("idp-drift", preview, ["--drift"]);
    const watch = await runDriftWatch(preview);
    expect(watch).toMatchObject({ failed: false, issue: false });
    expect(watch.review).toMatch(/^## No access changed outside code\n\nThe organization is as the code declares it\.\n/);
    expect(watch.review).not.toContain("differs from the code");
    const { "Outside code": outside, "The identity provider's part": idp } = sections(watch.review);
    expect(outside?.match(/^- nothing: W&B holds only what the roster declares$/gm)).toHaveLength(2);
    for (const door of DOORS) expect(idp).toContain(`- team desk-${door}: in the team, not in the roster's list: bo-${door}\n`);
    expect(watch.review).not.toMatch(/lab-/);
  });

  it("a team and a user dropped from the roster: said at preview and in the review, left as they are, and the up writes nothing", async () => {
    await stack.stack.setConfig("dropped", { value: "lab,dee" });
    const preview = await stack.previewJson();
    expect(preview.code, preview.json.slice(-2000)).toBe(0);
    const diagnostics = previewDiagnostics(preview.json);
    for (const door of DOORS) {
      expect(warningsNaming(diagnostics, `team lab-${door} is no longer in the roster`).map((d) => d.message).join("\n")).toContain(
        `team lab-${door} is no longer in the roster, and is left in W&B as it is, with its members: they are the identity provider's (membersFrom: idp)`,
      );
      expect(warningsNaming(diagnostics, `user dee-${door},`).map((d) => d.message).join("\n")).toContain(
        `user dee-${door}, no longer in the roster, stays in the organization: the identity provider creates and removes the users (usersFrom: idp)`,
      );
    }
    await recorded("idp-dropped", preview);
    const review = sections(await reviewOf(preview.json));
    for (const door of DOORS) {
      expect(review["Teams"]).toContain(`- **lab-${door}**: no longer managed; left in W&B as it is, with its members: they are the identity provider's (membersFrom: idp)\n`);
      expect(review["People"]).toContain(`- **dee-${door}**\n  - stays in the organization: the identity provider creates and removes the users (usersFrom: idp)\n`);
      expect(review["Guard rails"]).toContain(`- acme-${door}: passed: removes nobody; wandb:maxRemovalFraction is 25%`);
    }
    expect(review["Teams"]).not.toMatch(/removed/);

    await resetLog(emulator);
    const up = await stack.up();
    expect((await readLog(emulator)).counters.writes).toBe(0);
    expect(await members(each("lab"))).toEqual(teamsAsSeeded(["lab"]));
    expect(await activeUsers()).toEqual(expect.arrayContaining(each("dee")));
    for (const door of DOORS) expect(up.log).toMatch(new RegExp(`team "lab-${door}" \\(id [^)]+\\) was left in W&B unchanged with its members: they are the identity provider's`));
  });

  it("destroying the stack as an earlier release recorded it (no membersFrom) leaves the teams with the identity provider's members, and the users", async () => {
    // An earlier release recorded a roster's membersFrom: idp team with deletionPolicy "empty" and no membersFrom.
    const exported = await stack.stack.exportStack();
    const deployment = exported.deployment as { resources: { type: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> }[] };
    const teams = deployment.resources.filter((resource) => resource.type.endsWith(":Team"));
    expect(teams.map((team) => team.outputs?.["membersFrom"])).toEqual(["idp", "idp"]);
    for (const team of teams) for (const recorded of [team.inputs, team.outputs]) delete recorded?.["membersFrom"];
    await stack.stack.importStack(exported);

    // Its next up records membersFrom, an update that writes nothing: reviewed as no change of members.
    const upgrading = await stack.previewJson();
    await recorded("idp-upgraded", upgrading);
    const upgraded = sections(await reviewOf(upgrading.json));
    expect(upgraded[""]).toContain("Resources: 2 to update.");
    expect(upgraded["Teams"]).toBeUndefined();
    expect(upgraded["People"]).toBeUndefined();

    const destroying = await stack.previewJson([], { destroy: true });
    await recorded("idp-destroyed", destroying);
    const review = sections(await reviewOf(destroying.json));
    for (const door of DOORS) {
      expect(review["Teams"]).toContain(`- **desk-${door}**: no longer managed; left in W&B as it is, with its members: they are the identity provider's (membersFrom: idp)\n`);
      for (const user of ["ana", "bo"]) expect(review["People"]).toContain(`- **${user}-${door}**\n  - stays in the organization: the identity provider creates and removes the users`);
    }
    expect(review["Teams"]).not.toMatch(/removed/);

    await resetLog(emulator);
    const destroy = await stack.destroy();
    expect((await readLog(emulator)).counters.writes).toBe(0);
    expect(await members([...each("lab"), ...each("desk")])).toEqual(teamsAsSeeded(["lab", "desk"]));
    expect(await activeUsers()).toEqual(expect.arrayContaining(["ana", "bo", "dee"].flatMap(each)));
    for (const door of DOORS) expect(destroy.log).toContain(`Organization "acme-${door}": 2 users ana-${door}, bo-${door}, no longer in the roster, stay in the organization`);
  });
});
