import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAllPools } from "../../service";
import { heldUser } from "../../scripts/emulator-api";
import { rolesShownByDefault } from "../support/wire";
import { startHarness, type Harness } from "../support/client";

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

  async function scenario(h: Harness): Promise<Record<string, any>> {
    const scim = h.scim();
    const user = await scim.createUser({ userName: "same-user", email: "Same.User@example.com", displayName: "Same" });
    const team = await scim.createTeam({ name: "same-team", memberIds: [user.id] });
    const emptied = await scim.patchTeam(team.id, [{ op: "remove", path: "members" }]);
    const role = await scim.createRole({ name: "Same role", description: "d", inheritedFrom: "viewer", permissions: ["run:delete"] });
    const patchedUser = await scim.patchUser(user.id, [{ op: "replace", path: "organizationRole", value: "admin" }]);
    const readUser = await scim.getUser(user.id);
    const readRole = await scim.getRole(role.id);
    const heldRole = (await heldUser(h.emulator, user.id)).organizationRole as string;
    const ids = new Map<string, string>();
    return { heldRole, ...(comparable({ user, team, emptied, role, patchedUser, readUser, readRole }, ids) as object) };
  }

  /**
   * The model without what W&B's PATCH answer and the documented GET show differently: the user's
   * roles and seats (the PATCH answer's, not GET's) and activity (GET's, not the PATCH answer's).
   */
  const withoutPatchedRoles = ({
    patchedUser: { organizationRole: _o, teamRoles: _t, registryRoles: _r, modelsSeat: _m, weaveRole: _w, daysActive: _d, lastActiveAt: _l, ...patchedUser },
    ...rest
  }: Record<string, any>) => ({
    ...rest,
    patchedUser,
  });

  it("for users, teams and roles, created, patched and read", async () => {
    const [fromWandb, fromRfc] = await Promise.all([scenario(wandb), scenario(rfc)]);
    expect(fromWandb).toMatchObject({
      heldRole: "admin",
      user: { email: "Same.User@example.com", etag: "string" },
      emptied: { members: [] },
      readUser: { status: "found", user: { etag: "string" } },
      readRole: { status: "found", role: { permissions: ["run:delete"], etag: "string" } },
    });
    if (rolesShownByDefault) {
      // Activity is GET's alone: the RFC client reads the user after its PATCH, W&B answers the PATCH itself.
      const withoutPatchedActivity = ({ patchedUser: { daysActive: _d, lastActiveAt: _l, ...patchedUser }, ...rest }: Record<string, any>) => ({ ...rest, patchedUser });
      expect(withoutPatchedActivity(fromWandb)).toEqual(withoutPatchedActivity(fromRfc));
      expect(fromWandb.readUser.user.organizationRole).toBe("admin");
    } else {
      // W&B answers the PATCH with the user, roles included; an RFC server answers 204 and the
      // client reads the user, whose documented GET body carries no roles: not said, not "none".
      expect(withoutPatchedRoles(fromWandb)).toEqual(withoutPatchedRoles(fromRfc));
      expect(fromWandb.patchedUser).toMatchObject({ organizationRole: "admin", teamRoles: [], registryRoles: [] });
      expect(fromRfc.patchedUser).not.toHaveProperty("organizationRole");
      expect(fromRfc.patchedUser).not.toHaveProperty("teamRoles");
      expect(fromWandb.readUser.user).not.toHaveProperty("organizationRole");
      expect(fromRfc.heldRole).toBe("admin");
    }
  });
});
