// The guard rails at the writes themselves (issue 30): the users and teams an Organization declares
// (guardedBy) judge each removal at their own delete, update or check, counted per engine operation
// against the organization as W&B lists it, so that no way of invoking a run skips them. A wave of
// deletes the engine sends together is admitted or refused whole. Resources no Organization
// declares are not counted. Against the emulator over real HTTP, called as the engine calls them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { KINDS } from "../../../provider/kinds";
import { readLog, readState, resetLog } from "../../../scripts/emulator-api";
import { nextOperation, operationFor } from "../../support/provider";
import type { Operation } from "../../../provider/operation";

interface Made {
  id: string;
  outs: Record<string, unknown>;
}

describe("removals judged at their own writes", () => {
  let emu: RunningEmulator;
  let operation: Operation;
  let made: Made[];

  const liveUserNames = async () => ((await readState(emu)) as { users: { userName: string }[] }).users.map((u) => u.userName);
  const create = async (kind: "User" | "Team", news: Record<string, unknown>): Promise<Made> => {
    const checked = await KINDS[kind].check(operation, {}, news);
    expect(checked.failures ?? []).toEqual([]);
    return KINDS[kind].create(operation, checked.inputs);
  };
  const deleteUsers = (users: Made[]) => Promise.allSettled(users.map((user) => KINDS.User.delete(operation, user.id, user.outs)));

  beforeAll(async () => {
    // The seed's three users, and nine of a roster: twelve users W&B lists.
    emu = await startEmulator({ port: 0 });
    operation = operationFor(emu);
    made = [];
    for (let i = 0; i < 9; i += 1) made.push(await create("User", { userName: `r${i}`, email: `r${i}@acme.example`, guardedBy: "acme" }));
  });
  afterAll(() => emu?.close());

  it("refuses a wave of deletes that removes more than 25% of the users W&B lists, whole and before any write", async () => {
    operation = nextOperation(operation);
    const outcomes = await deleteUsers(made.slice(0, 4));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected", "rejected", "rejected"]);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toContain(
      'Organization "acme": this run removes 4 of the 12 users W&B lists (33%): r0, r1, r2, r3; more than wandb:maxRemovalFraction (25%) allows in one run.',
    );
    expect(await liveUserNames()).toEqual(expect.arrayContaining(["r0", "r1", "r2", "r3"]));
  });

  it("admits 3 of 12, then refuses the next wave of the same operation, and every removal after it", async () => {
    operation = nextOperation(operation);
    expect((await deleteUsers(made.slice(0, 3))).map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    const next = await deleteUsers(made.slice(3, 4));
    expect(String((next[0] as PromiseRejectedResult).reason)).toContain("this run removes 4 of the 12 users W&B lists (33%) (3 of them removed earlier in this run)");
    expect((await deleteUsers(made.slice(4, 5)))[0]!.status).toBe("rejected");
    expect(await liveUserNames()).not.toContain("r0");
    expect(await liveUserNames()).toEqual(expect.arrayContaining(["r3", "r4"]));
  });

  it("does not count users no Organization declares", async () => {
    operation = nextOperation(operation);
    const loose = [];
    for (let i = 0; i < 4; i += 1) loose.push(await create("User", { userName: `loose${i}`, email: `loose${i}@acme.example` }));
    operation = nextOperation(operation);
    expect((await deleteUsers(loose)).map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
  });

  it("a user and a team recorded before guardedBy record it with an update that sends nothing", async () => {
    operation = nextOperation(operation);
    const user = await create("User", { userName: "earlier", email: "earlier@acme.example" });
    const team = await create("Team", { name: "earlier-team", members: [user.id] });
    operation = nextOperation(operation);
    await resetLog(emu);
    for (const [kind, made, news] of [
      ["User", user, { userName: "earlier", email: "earlier@acme.example", guardedBy: "acme" }],
      ["Team", team, { name: "earlier-team", members: [user.id], guardedBy: "acme" }],
    ] as const) {
      const checked = (await KINDS[kind].check(operation, {}, news)).inputs;
      expect((await KINDS[kind].diff(operation, made.id, made.outs, checked)).changes).toBe(true);
      expect((await KINDS[kind].update(operation, made.id, made.outs, checked)).outs).toMatchObject({ guardedBy: "acme" });
    }
    expect((await readLog(emu)).counters.total).toBe(0);
  });

  it("a roster's team refuses at its check to lose more than 25% of its members, and refuses to be emptied by its delete", async () => {
    operation = nextOperation(operation);
    const members = made.slice(3, 9).map((user) => user.id);
    const team = await create("Team", { name: "research", members, guardedBy: "acme" });
    const shrunk = await KINDS.Team.check(operation, { name: "research", members, guardedBy: "acme" }, { name: "research", members: members.slice(2), guardedBy: "acme" });
    expect(shrunk.failures).toEqual([
      {
        property: "members",
        reason: expect.stringContaining('Organization "acme": this change removes 2 of 6 members of team research (33%); more than wandb:maxRemovalFraction (25%) allows.'),
      },
    ]);
    await expect(KINDS.Team.delete(nextOperation(operation), team.id, team.outs)).rejects.toThrow("removes 6 of 6 members of team research (100%), emptying it;");
    const state = (await readState(emu)) as { teams: { displayName: string; members: { user?: string }[] }[] };
    expect(state.teams.find((t) => t.displayName === "research")?.members.filter((member) => member.user !== undefined)).toHaveLength(6);
  });
});
