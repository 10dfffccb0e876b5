// What a destroy of users and the team they are in sends (issue 15): emptying the team moves its
// members' ETags, which the provider knows, so each user is read once and deleted once under the
// fresh ETag, never sent a DELETE bound to draw a 412 (and its wait). A person's change in between
// is still refused. Against the emulator over real HTTP, in both dialects.
import { beforeEach, afterEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../../emulator";
import { team, type TeamInputs } from "../../../provider/resources/team";
import { user, type UserInputs } from "../../../provider/resources/user";
import { adminRequest, readLog, resetLog } from "../../../scripts/emulator-api";
import { checkedInputs, nextOperation } from "../../support/provider";
import { operationForTeams, PATCH_SCHEMA, startTeamEmulator, type Dialect } from "../../support/teams";
import type { Operation } from "../../../provider/operation";

/** The engine operation this file's calls are served in, built by each test's setup. */
let operation: Operation;

const CREW = ["ann", "ben", "cid"] as const;

describe.each<Dialect>(["wandb", "rfc"])("destroying a team and its members (%s dialect)", (dialect) => {
  let emu: RunningEmulator;
  let users: { id: string; outs: Awaited<ReturnType<typeof user.create>>["outs"] }[];
  let made: Awaited<ReturnType<typeof team.create>>;

  beforeEach(async () => {
    emu = await startTeamEmulator(dialect);
    operation = operationForTeams(emu);
    users = await Promise.all(
      CREW.map(async (name) => user.create(operation, await checkedInputs<UserInputs>(operation, user, { userName: name, email: `${name}@crew.example` }))),
    );
    made = await team.create(operation, await checkedInputs<TeamInputs>(operation, team, { name: "crew", members: users.map((u) => u.id) }));
    // A destroy is an engine operation of its own.
    operation = nextOperation(operation);
    await resetLog(emu);
  });
  afterEach(async () => emu?.close());

  it("empties the team, then reads and deletes each user once, with no 412", async () => {
    await team.delete(operation, made.id, made.outs);
    await Promise.all(users.map((u) => user.delete(operation, u.id, u.outs)));
    const { requests } = await readLog(emu);
    const count = (method: string, route: string) => requests.filter((r) => r.method === method && r.route === route).length;
    expect(requests.filter((r) => r.status === 412)).toEqual([]);
    expect([count("GET", "/scim/Users/:id"), count("DELETE", "/scim/Users/:id")]).toEqual([CREW.length, CREW.length]);
    expect(count("PATCH", "/scim/Groups/:id")).toBe(1);
    // Besides: the team read (again after a PATCH answered without a body), and at most one listing of each collection.
    expect(count("GET", "/scim/Groups/:id")).toBeLessThanOrEqual(2);
    const listings = requests.filter((r) => !r.route.endsWith(":id")).map((r) => r.route);
    expect(new Set(listings).size).toBe(listings.length);
  });

  it("still refuses to delete a user a person changed since Pulumi last read it", async () => {
    await team.delete(operation, made.id, made.outs);
    const [first] = users;
    const changed = await adminRequest(emu, "PATCH", `/scim/Users/${first!.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: "replace", path: "displayName", value: "Changed By Hand" }],
    });
    expect(changed.status).toBeLessThan(300);
    await expect(user.delete(operation, first!.id, { ...first!.outs, displayName: "" })).rejects.toThrow(/changed outside Pulumi \(displayName\)/);
  });
});
