// `viewer` is deprecated as an organization role: the core's check accepts it, stores `member`, and
// warns, so that both front doors (the dynamic resources and the native plugin) tell the program.
import { afterEach, describe, expect, it } from "vitest";
import { printedOutput, sendOutputTo, type Severity } from "../../../provider/kit/engine-output";
import type { ResourceImplementation } from "../../../provider/kit/implementation";
import { organizationRoleAssignment } from "../../../provider/resources/organization-role-assignment";
import { teamRoleAssignment } from "../../../provider/resources/team-role-assignment";
import { user } from "../../../provider/resources/user";
import type { Operation } from "../../../provider/operation";
import { unconfiguredOperation } from "../../support/provider";

afterEach(() => sendOutputTo(printedOutput));

function told(): { severity: Severity; line: string }[] {
  const lines: { severity: Severity; line: string }[] = [];
  sendOutputTo((severity, line) => lines.push({ severity, line }));
  return lines;
}

const KINDS: Record<string, ResourceImplementation<Record<string, unknown>, object, Operation>> = {
  User: user,
  OrganizationRoleAssignment: organizationRoleAssignment,
  TeamRoleAssignment: teamRoleAssignment,
};
// Checks send nothing: an operation without configuration judges the inputs alone.
const check = (kind: string, news: Record<string, unknown>) => KINDS[kind]!.check(unconfiguredOperation(), {}, news);

describe("the organization role viewer", () => {
  it("is stored as member by a User, with a warning", async () => {
    const lines = told();
    const checked = await check("User", { userName: "vera", email: "vera@example.com", organizationRole: " Viewer " });
    expect(checked.failures ?? []).toEqual([]);
    expect(checked.inputs?.["organizationRole"]).toBe("member");
    expect(lines).toEqual([
      {
        severity: "warning",
        line: 'organizationRole "viewer" is deprecated: W&B assigns "member" instead, which is what this User stores. Set organizationRole: "member".',
      },
    ]);
  });

  it("is stored as member by an OrganizationRoleAssignment, with a warning", async () => {
    const lines = told();
    const checked = await check("OrganizationRoleAssignment", { user: "vera@example.com", role: "VIEWER" });
    expect(checked.failures ?? []).toEqual([]);
    expect(checked.inputs?.["role"]).toBe("member");
    expect(lines).toEqual([
      {
        severity: "warning",
        line:
          'The organization role "viewer" is deprecated: W&B assigns "member" instead, and that is what is stored. ' +
          'Declare role: "member" (or a custom role that inherits from viewer) to make the intent explicit.',
      },
    ]);
  });

  it("is not warned of for other roles, nor in a team, nor for inputs the check refuses", async () => {
    const lines = told();
    await check("User", { userName: "vera", email: "vera@example.com", organizationRole: "member" });
    await check("OrganizationRoleAssignment", { user: "vera@example.com", role: "Viewers" });
    await check("TeamRoleAssignment", { user: "vera@example.com", teamName: "squad", roleName: "viewer" });
    const refused = await check("User", { userName: "vera", email: "not an email", organizationRole: "viewer" });
    expect(refused.failures?.length).toBeGreaterThan(0);
    expect(lines).toEqual([]);
  });
});
