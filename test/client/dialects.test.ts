import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAllPools } from "../../api/client";
import { startHarness, type Harness } from "./helpers";

afterAll(() => closeAllPools());

/**
 * Replaces what legitimately differs between two servers: ids, times and ETags.
 * lastModified is dropped: W&B leaves it out of creation responses.
 */
function comparable(value: unknown, ids: Map<string, string>): unknown {
  return JSON.parse(JSON.stringify(value), (key, v) => {
    if (key === "lastModified") return undefined;
    if (key === "created" || key === "etag") return typeof v;
    if (key === "id" && typeof v === "string") {
      if (!ids.has(v)) ids.set(v, `id${ids.size}`);
      return ids.get(v);
    }
    return v;
  });
}

describe("both dialects parse into the same model", () => {
  let wandb: Harness;
  let rfc: Harness;
  beforeAll(async () => {
    [wandb, rfc] = await Promise.all([startHarness("wandb"), startHarness("rfc")]);
  });
  afterAll(() => Promise.all([wandb.close(), rfc.close()]));

  async function scenario(h: Harness) {
    const scim = h.scim();
    const user = await scim.createUser({ userName: "same-user", email: "Same.User@example.com", displayName: "Same" });
    const team = await scim.createTeam({ name: "same-team", memberIds: [user.id] });
    const emptied = await scim.patchTeam(team.id, [{ op: "remove", path: "members" }]);
    const role = await scim.createRole({ name: "Same role", description: "d", inheritedFrom: "viewer", permissions: ["run:delete"] });
    const patchedUser = await scim.patchUser(user.id, [{ op: "replace", path: "organizationRole", value: "admin" }]);
    const readUser = await scim.getUser(user.id);
    const readRole = await scim.getRole(role.id);
    const ids = new Map<string, string>();
    return comparable({ user, team, emptied, role, patchedUser, readUser, readRole }, ids);
  }

  it("for users, teams and roles, created, patched and read", async () => {
    const [fromWandb, fromRfc] = await Promise.all([scenario(wandb), scenario(rfc)]);
    expect(fromWandb).toEqual(fromRfc);
    expect(fromWandb).toMatchObject({
      user: { email: "Same.User@example.com", etag: "string" },
      emptied: { members: [] },
      readUser: { status: "found", user: { organizationRole: "admin", etag: "string" } },
      readRole: { status: "found", role: { permissions: ["run:delete"], etag: "string" } },
    });
  });
});
