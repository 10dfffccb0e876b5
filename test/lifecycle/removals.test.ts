// A removal is a removal (issue 40): through the real engine, both doors in one stack
// (test/programs/removals.ts, run inline), a user dropped from an Organization's roster, a standalone User removed
// from code and a team dropped from the roster are removed as their deletion policies say, whichever
// way the run is invoked: `up`, `up --refresh` (whose refresh diffs the dropped resources too),
// `destroy --refresh` and `destroy`. The access review of each run's preview names them first (one
// `destroy --preview-only` review stands for both destroys: the same command, the same words). A
// true rename in code (the same user under a new resource name, no alias) still removes nobody.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { readState } from "../../scripts/emulator-api";
import { emulatorConfig, openStack, repoRoot, type OperationResult, type StackHandle } from "../support/pulumi";
import { reviewOf } from "../support/review";
import { removalsProgram } from "../programs/removals";

const DOORS = ["dynamic", "plugin"] as const;
const each = (name: string) => DOORS.map((door) => `${name}-${door}`);

/** How the review words a person's removal, by deactivation or deletion (with the role a roster declared). */
const REMOVED = /^(is deactivated|leaves the organization)( \(was member\))?$/;

const held = z.object({
  users: z.array(z.object({ id: z.string(), userName: z.string(), active: z.boolean() })),
  teams: z.array(z.object({ displayName: z.string(), members: z.array(z.object({ user: z.string().optional() })) })),
});

describe("a removal is a removal, however the run is invoked (both doors)", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let created: Map<string, string>;

  const state = async () => held.parse(await readState(emulator));
  /** How W&B holds each user: "active", "deactivated" or "deleted". */
  const standing = async (userNames: string[]) => {
    const { users } = await state();
    return Object.fromEntries(
      userNames.map((userName) => {
        const user = users.find((u) => u.userName === userName);
        return [userName, user === undefined ? "deleted" : user.active ? "active" : "deactivated"];
      }),
    );
  };
  /** Who W&B holds in each team, by userName. */
  const members = async (teamName: string) => {
    const team = (await state()).teams.find((t) => t.displayName === teamName);
    if (!team) throw new Error(`the emulator holds no team ${teamName}`);
    return team.members.flatMap((m) => (m.user === undefined ? [] : [m.user])).sort();
  };
  /** Each user's removal as its door's deletion policy says: the dynamic door's deactivates, the plugin's deletes. */
  const removed = (name: string) => ({ [`${name}-dynamic`]: "deactivated", [`${name}-plugin`]: "deleted" });
  const kept = (...names: string[]) => Object.fromEntries(names.flatMap(each).map((userName) => [userName, "active"]));
  /** The sections of the access review of the run's preview, by heading. */
  const review = async (options: { destroy?: boolean } = {}) => {
    const { json, code } = await stack.previewJson([], options);
    expect(code).toBe(0);
    const sections = (await reviewOf(json)).split(/^### /m).slice(1);
    return Object.fromEntries(sections.map((section) => [section.slice(0, section.indexOf("\n")), section]));
  };
  /** What the review's People section says of `userName`, one line per change. */
  const said = (people: string | undefined, userName: string) =>
    (people ?? "").split(/^- /m).find((entry) => entry.startsWith(`**${userName}**`))?.split("\n").slice(1).map((line) => line.trim().replace(/^- /, "")).filter(Boolean);
  const configure = async (settings: Record<string, string>) => {
    for (const [key, value] of Object.entries(settings)) await stack.stack.setConfig(key, { value });
  };
  const leftInWandb = (result: OperationResult) => [...new Set([...result.log.matchAll(/User \S+ with userName "([^"]+)" was left in W&B/g)].map((m) => m[1]))].sort();

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stack = await openStack(
      { projectName: "removals", inline: removalsProgram },
      // Each step removes a third of a small roster, or empties a team: past the guard rails' defaults, by intent.
      { config: { ...emulatorConfig(emulator), "wandb:maxRemovalFraction": { value: "1" }, "wandb:minAdmins": { value: "0" } }, providerPlugins: [{ name: "wandb", path: repoRoot }] },
    );
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("creates each door's roster and standalone users", async () => {
    await stack.up();
    created = new Map((await state()).users.map((u) => [u.userName, u.id]));
    expect(await standing(["ana", "bo", "cy", "sam", "tom"].flatMap(each))).toEqual(kept("ana", "bo", "cy", "sam", "tom"));
    expect(await members("ops-plugin")).toEqual(["cy-plugin"]);
  });

  it("up: a user dropped from the roster is removed and reviewed; a rename with no alias keeps its user", async () => {
    await configure({ dropped: "bo", tomSuffix: "b" });
    const { People: people, "Renamed in code": renamed } = await review();
    expect(said(people, "bo-dynamic")).toEqual(["is deactivated (was member)", "leaves team lab-dynamic"]);
    expect(said(people, "bo-plugin")).toEqual(["leaves the organization (was member)", "leaves team lab-plugin"]);
    expect(people).not.toMatch(/tom-/);
    expect(renamed).toMatch(/User tom-dynamic-a → tom-dynamic-b\n- User tom-plugin-a → tom-plugin-b/);

    const up = await stack.up();
    expect(await standing(["bo", "tom", "ana"].flatMap(each))).toEqual({ ...removed("bo"), ...kept("tom", "ana") });
    expect(leftInWandb(up)).toEqual(each("tom"));
    for (const userName of each("tom")) expect((await state()).users.find((u) => u.userName === userName)?.id).toBe(created.get(userName));
  });

  it("up --refresh: a standalone User removed from code and a dropped team are removed and reviewed", async () => {
    await configure({ dropped: "bo,ops,sam" });
    const { People: people, Teams: teams } = await review();
    expect(said(people, "sam-dynamic")).toEqual(["is deactivated"]);
    expect(said(people, "sam-plugin")).toEqual(["leaves the organization"]);
    for (const userName of each("cy")) expect(said(people, userName)).toEqual([`leaves team ${userName.replace("cy", "ops")}`]);
    expect(teams).toMatch(/ops-dynamic\*\*: removed cy-dynamic/);

    const up = await stack.up({ refresh: true });
    expect(await standing(["sam", "cy"].flatMap(each))).toEqual({ ...removed("sam"), ...kept("cy") });
    for (const team of each("ops")) expect(await members(team)).toEqual([]);
    expect(leftInWandb(up)).toEqual([]);
  });

  it("destroy --refresh: every user the stack holds is removed, reviewed first", async () => {
    const { People: people } = await review({ destroy: true });
    for (const userName of ["ana", "cy", "tom"].flatMap(each)) expect(said(people, userName)?.[0]).toMatch(REMOVED);

    const destroy = await stack.destroy({ refresh: true });
    expect(await standing(["ana", "cy", "tom"].flatMap(each))).toEqual({ ...removed("ana"), ...removed("cy"), ...removed("tom") });
    for (const team of each("lab")) expect(await members(team)).toEqual([]);
    expect(leftInWandb(destroy)).toEqual([]);
  });

  it("destroy: made again, every user the stack holds is removed", async () => {
    await configure({ dropped: "" });
    await stack.up();
    expect(await standing(["ana", "sam"].flatMap(each))).toEqual(kept("ana", "sam"));

    await stack.destroy();
    expect(await standing(["ana", "bo", "sam"].flatMap(each))).toEqual({ ...removed("ana"), ...removed("bo"), ...removed("sam") });
  });
});
