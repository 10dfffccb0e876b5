// `viewer` is deprecated as an organization role: the core's check accepts it, stores `member`, and
// warns, so that both front doors (the dynamic resources and the native plugin) tell the program.
import { beforeEach, describe, expect, it } from "vitest";
import type { ResourceImplementation } from "../../../provider/kit/implementation";
import { organizationRoleAssignment } from "../../../provider/resources/organization-role-assignment";
import { teamRoleAssignment } from "../../../provider/resources/team-role-assignment";
import { user } from "../../../provider/resources/user";
import type { Operation } from "../../../provider/operation";
import { keptOutput, unconfiguredOperation } from "../../support/provider";

/** What the checks of the test running tell the user. */
let output = keptOutput();
beforeEach(() => {
  output = keptOutput();
});

const KINDS: Record<string, ResourceImplementation<Record<string, unknown>, object, Operation>> = {
  User: user,
  OrganizationRoleAssignment: organizationRoleAssignment,
  TeamRoleAssignment: teamRoleAssignment,
};
// Checks send nothing: an operation without configuration judges the inputs alone.
const check = (kind: string, news: Record<string, unknown>) => KINDS[kind]!.check(unconfiguredOperation(output.sink), {}, news);

describe("the organization role viewer", () => {
  it("is stored as member by a User, with a warning", async () => {
    const checked = await check("User", { userName: "vera", email: "vera@example.com", organizationRole: " Viewer " });
    expect(checked.failures ?? []).toEqual([]);
    expect(checked.inputs?.["organizationRole"]).toBe("member");
    expect(output.lines).toEqual([
      {
        severity: "warning",
        line: 'organizationRole "viewer" is deprecated: W&B assigns "member" instead, which is what this User stores. Set organizationRole: "member".',
      },
    ]);
  });

  it("is stored as member by an OrganizationRoleAssignment, with a warning", async () => {
    const checked = await check("OrganizationRoleAssignment", { user: "vera@example.com", role: "VIEWER" });
    expect(checked.failures ?? []).toEqual([]);
    expect(checked.inputs?.["role"]).toBe("member");
    expect(output.lines).toEqual([
      {
        severity: "warning",
        line:
          'The organization role "viewer" is deprecated: W&B assigns "member" instead, and that is what is stored. ' +
          'Declare role: "member" (or a custom role that inherits from viewer) to make the intent explicit.',
      },
    ]);
  });

  it("is not warned of for other roles, nor in a team, nor for inputs the check refuses", async () => {
    await check("User", { userName: "vera", email: "vera@example.com", organizationRole: "member" });
    await check("OrganizationRoleAssignment", { user: "vera@example.com", role: "Viewers" });
    await check("TeamRoleAssignment", { user: "vera@example.com", teamName: "squad", roleName: "viewer" });
    const refused = await check("User", { userName: "vera", email: "not an email", organizationRole: "viewer" });
    expect(refused.failures?.length).toBeGreaterThan(0);
    expect(output.lines).toEqual([]);
  });
});
