// The compact layout (issue 42) through the real engine, both doors in one stack
// (test/programs/compact-layout.ts, run inline): a stack of 60 users made one User each moves to one
// OrganizationMembers per Organization with no write to W&B and nobody's access changed, which its
// review says first; then a run with nothing changed plans nothing, a change to one person is
// reviewed and written alone, a person dropped from the roster leaves it and its teams, and
// protectAdmins refuses an admin's removal at preview.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defaultSeed, startEmulator, type RunningEmulator } from "../../emulator";
import { heldUser, readLog, readState, resetLog } from "../../scripts/emulator-api";
import { emulatorConfig, openStack, previewDiagnostics, repoRoot, type StackHandle } from "../support/pulumi";
import { reviewOf } from "../support/review";
import { compactLayoutProgram } from "../programs/compact-layout";

const DOORS = ["dynamic", "plugin"] as const;
/**
 * People per door: 60 users in the stack, past the teams' twelve. Size is bench:adopt's to measure
 * (10,000 people); every user added here costs each run of this file a provider call and a checkpoint.
 */
const PEOPLE = 30;
const userName = (i: number, door: string) => `p${String(i).padStart(3, "0")}-${door}`;
const each = (i: number) => DOORS.map((door) => userName(i, door));

const held = z.object({
  users: z.array(z.object({ id: z.string(), userName: z.string(), active: z.boolean(), displayName: z.string().optional() })),
  teams: z.array(z.object({ displayName: z.string(), members: z.array(z.object({ user: z.string().optional() })) })),
});

describe("the compact layout, from one User per person, through the engine (both doors)", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let madeAs: Map<string, string>;

  const state = async () => held.parse(await readState(emulator));
  const teamMembers = async () => Object.fromEntries((await state()).teams.map((team) => [team.displayName, team.members.flatMap((m) => m.user ?? []).sort()]));
  const writes = async () => (await readLog(emulator)).requests.filter((request) => request.method !== "GET").map((request) => `${request.method} ${request.path}`);
  /** The stack's resources by kind (either door's type: `wandb:index:User`, `pulumi-nodejs:dynamic/wandb:User`), counted. */
  const resourceKinds = async () => {
    const { deployment } = await stack.stack.exportStack();
    const counts: Record<string, number> = {};
    for (const { type } of deployment.resources as { type: string }[]) {
      const kind = type.slice(type.lastIndexOf(":") + 1);
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    return counts;
  };
  const configure = async (settings: Record<string, string>) => {
    for (const [key, value] of Object.entries(settings)) await stack.stack.setConfig(key, { value });
  };
  /** The access review of the run's preview, by section heading. */
  const review = async () => {
    const { json, code } = await stack.previewJson();
    expect(code, JSON.stringify(previewDiagnostics(json).filter((d) => d.severity === "error"))).toBe(0);
    const text = await reviewOf(json);
    return { text, sections: Object.fromEntries(text.split(/^### /m).slice(1).map((section) => [section.slice(0, section.indexOf("\n")), section])) };
  };

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, deployment: "dedicated", seed: { ...defaultSeed(), seats: 2 * PEOPLE + 10 } });
    stack = await openStack(
      { projectName: "compact-layout", inline: compactLayoutProgram },
      { config: { ...emulatorConfig(emulator), layout: { value: "per-person" }, people: { value: String(PEOPLE) } }, providerPlugins: [{ name: "wandb", path: repoRoot }] },
    );
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("makes the stack one User per person", async () => {
    await stack.up();
    madeAs = new Map((await state()).users.map((user) => [user.userName, user.id]));
    expect((await resourceKinds())["User"]).toBe(2 * PEOPLE);
  });

  it("moves it to one OrganizationMembers per Organization: reviewed as no access change, then written with no request but reads", async () => {
    const teamsBefore = await teamMembers();
    await configure({ layout: "compact" });
    const { text, sections } = await review();
    expect(sections["People"]).toBeUndefined();
    expect(text).not.toMatch(/leaves the organization|is deactivated|joins the organization/);

    await resetLog(emulator);
    await stack.up();
    expect(await writes()).toEqual([]);
    const kinds = await resourceKinds();
    // But the admins protectAdmins protects: a protected User each, in either layout.
    expect(kinds["User"]).toBe(2);
    expect(kinds["OrganizationMembers"]).toBe(2);
    const { users } = await state();
    for (const [name, id] of madeAs) expect(users.find((user) => user.userName === name)).toMatchObject({ id, active: true });
    expect(await teamMembers()).toEqual(teamsBefore);
  });

  it("plans nothing at the next run, and a change to one person is reviewed and written alone", async () => {
    expect(Object.keys((await stack.preview()).changes)).toEqual(["same"]);
    await configure({ renamed: "4", displayName: "Changed in code" });
    const planned = await stack.previewSteps();
    expect(planned.map(({ op, name }) => `${op} ${name}`).sort()).toEqual(["update acme-dynamic/members", "update acme-plugin/members"]);
    // The plugin's detailed diff names the person and the property, and no one else.
    const { log } = await stack.preview({ diff: true });
    expect(log).toMatch(new RegExp(`${userName(4, "plugin")}[\\s\\S]*displayName[\\s\\S]*"Changed in code"`));
    expect(log).not.toContain(userName(5, "plugin"));
    // A display name is no access: the review names nobody.
    expect((await review()).sections["People"]).toBeUndefined();
    await resetLog(emulator);
    await stack.up();
    expect((await writes()).sort()).toEqual(each(4).map((name) => `PATCH /scim/Users/${madeAs.get(name)}`).sort());
  });

  it("a person dropped from the roster leaves it and their teams, reviewed first; an admin's removal is refused at preview", async () => {
    await configure({ dropped: "3" });
    const { sections } = await review();
    for (const name of each(3)) expect(sections["People"]).toMatch(new RegExp(`\\*\\*${name}\\*\\*\\n  - leaves the organization \\(was member\\)\\n  - leaves team lab-`));
    expect(sections["People"]?.match(/^- \*\*/gm)).toHaveLength(2);
    await stack.up();
    const { users } = await state();
    for (const name of each(3)) expect(users.find((user) => user.userName === name)).toBeUndefined();
    // The emulator's state names each member by userName.
    for (const members of Object.values(await teamMembers())) for (const name of each(3)) expect(members).not.toContain(name);

    await configure({ dropped: "3,0", "wandb:minAdmins": "0" });
    const refused = await stack.failing("preview");
    // protectAdmins keeps each admin a protected User in the compact layout too: the engine refuses its removal.
    for (const name of each(0)) expect(refused.log).toMatch(new RegExp(`User::acme-${name.split("-")[1]}/${name}" cannot be deleted\\s+because it is protected`));
    await configure({ dropped: "3" });
  });

  it("a member made an admin moves into a protected User of their own: reviewed as the promotion, made so, in their teams, nobody removed", async () => {
    await configure({ promoted: "6" });
    const { sections } = await review();
    for (const name of each(6)) expect(sections["People"]).toContain(`- **${name}**\n  - organization role member → admin\n`);
    expect(sections["People"]?.match(/^- \*\*/gm)).toHaveLength(2);
    for (const door of DOORS) expect(sections["Renamed in code"]).toContain(`OrganizationMembers acme-${door}/members ${userName(6, door)} → User acme-${door}/${userName(6, door)}`);
    await resetLog(emulator);
    await stack.up();
    expect((await writes()).filter((write) => write.startsWith("DELETE"))).toEqual([]);
    const { users } = await state();
    for (const name of each(6)) {
      expect(users.find((user) => user.userName === name)?.id).toBe(madeAs.get(name));
      expect((await heldUser(emulator, madeAs.get(name)!)).organizationRole).toBe("admin");
    }
    for (const door of DOORS) expect((await teamMembers())[`lab-${door}`]).toContain(userName(6, door));
    expect(await resourceKinds()).toMatchObject({ User: 4, OrganizationMembers: 2 });
    expect(Object.keys((await stack.preview()).changes)).toEqual(["same"]);
  });
});
