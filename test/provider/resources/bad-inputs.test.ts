// Bad input fails `check` (the engine's preview) with a failure naming the property and what to do,
// before any request. The engine's rendering of such failures is shown once in test/lifecycle/bad-inputs.test.ts.
import { describe, expect, it } from "vitest";
import type { ResourceKind } from "../../../model/resource-kinds";
import { dispatch } from "../../../provider/doors/dynamic";

interface BadInput {
  what: string;
  kind: ResourceKind;
  inputs: Record<string, unknown>;
  /** The property the failure must name. */
  property: string;
  /** Words from the reason that tell the user what to do. */
  advice: RegExp;
}

const user = { userName: "x", email: "x@example.com" };
const CONTROL_CHARACTERS = /must not contain control characters .*write it on one line/;

const badInputs: BadInput[] = [
  { what: "a user without an email", kind: "User", inputs: { userName: "nomail" }, property: "email", advice: /email is required/i },
  { what: "a malformed email", kind: "User", inputs: { userName: "x", email: "not-an-email" }, property: "email", advice: /email address/i },
  { what: "an unknown organization role", kind: "User", inputs: { ...user, organizationRole: "owner" }, property: "organizationRole", advice: /admin|member/ },
  { what: "an unknown deletion policy", kind: "User", inputs: { ...user, deletionPolicy: "archive" }, property: "deletionPolicy", advice: /delete|deactivate/ },
  { what: "a misspelt user property", kind: "User", inputs: { ...user, emial: "x" }, property: "emial", advice: /unknown property.*email/i },
  { what: "an empty team name", kind: "Team", inputs: { name: "" }, property: "name", advice: /name/i },
  { what: "an unknown team deletion policy", kind: "Team", inputs: { name: "t", deletionPolicy: "nuke" }, property: "deletionPolicy", advice: /empty|retain|fail/ },
  { what: "a team member without a team", kind: "TeamMember", inputs: { user: "x@example.com" }, property: "teamId", advice: /SCIM id of the team/ },
  { what: "a custom role inheriting from admin", kind: "CustomRole", inputs: { name: "r", inheritedFrom: "admin", permissions: [] }, property: "inheritedFrom", advice: /member.*viewer/ },
  { what: "a permission that is not <object>:<operation>", kind: "CustomRole", inputs: { name: "r", inheritedFrom: "member", permissions: ["runstop"] }, property: "permissions[0]", advice: /<object>:<operation>/ },
  { what: "an organization role assignment without a role", kind: "OrganizationRoleAssignment", inputs: { user: "x@example.com" }, property: "role", advice: /admin.*member/ },
  { what: "a registry role that does not exist", kind: "RegistryRoleAssignment", inputs: { user: "x@example.com", registryName: "models", roleName: "owner" }, property: "roleName", advice: /admin|member|viewer/ },
  { what: "an email of the wrong type", kind: "User", inputs: { userName: "x", email: 42 }, property: "email", advice: /^email must be a string, got the number 42 \(the user's primary email address/ },
  { what: "active of the wrong type", kind: "User", inputs: { ...user, active: "yes" }, property: "active", advice: /^active must be true or false, got "yes"/ },
  { what: "members that are not a list", kind: "Team", inputs: { name: "t", members: "ana@example.com" }, property: "members", advice: /^members must be a list, got "ana@example.com" \(members must be a list of user ids or email addresses/ },
  { what: "a permission of the wrong type in a list", kind: "CustomRole", inputs: { name: "r", inheritedFrom: "member", permissions: ["run:stop", 7] }, property: "permissions[1]", advice: /^permissions\[1\] must be a string, got the number 7/ },
  { what: "a malformed permission names the value typed", kind: "CustomRole", inputs: { name: "r", inheritedFrom: "member", permissions: ["run:stop", "Project Delete"] }, property: "permissions[1]", advice: /^"Project Delete": each permission is/ },
  { what: "a team member that is no user reference, named by its value", kind: "Team", inputs: { name: "t", members: ["bo@example.com", "ana at example.com"] }, property: "members[1]", advice: /^"ana at example.com": each entry of members must be a user's SCIM id .* or an email address/ },
  { what: "a team member of the wrong type, with the reference's hint", kind: "Team", inputs: { name: "t", members: [7] }, property: "members[0]", advice: /^members\[0\] must be a string, got the number 7 \(a user's SCIM id/ },
  { what: "a TeamMember user that is no user reference", kind: "TeamMember", inputs: { teamId: "t1", user: "bo at example.com" }, property: "user", advice: /^user must be a user's SCIM id .*no spaces.* or an email address/ },
  { what: "a role assignment's user that is no user reference", kind: "OrganizationRoleAssignment", inputs: { user: "bo@", role: "admin" }, property: "user", advice: /^user must be a user's SCIM id .* or an email address/ },
  { what: "a custom role named like a predefined role", kind: "CustomRole", inputs: { name: "admin", inheritedFrom: "member", permissions: [] }, property: "name", advice: /predefined roles cannot be redefined; choose another name/ },
  { what: "a predefined role's name in another case and spacing", kind: "CustomRole", inputs: { name: "  Viewer ", inheritedFrom: "member", permissions: [] }, property: "name", advice: /predefined role .*admin, member, viewer/ },
  { what: "a userName with a space", kind: "User", inputs: { ...user, userName: "ana lima" }, property: "userName", advice: /^userName must not contain spaces: give the user's W&B username/ },
  { what: "a team role assignment without a team", kind: "TeamRoleAssignment", inputs: { user: "x@example.com", roleName: "admin" }, property: "teamName", advice: /team/i },
  // Names holding control characters: W&B would store them, but no one could read them, and in a review a newline could forge a line.
  { what: "a newline in a userName", kind: "User", inputs: { userName: "ana\nlima", email: "ana@example.com" }, property: "userName", advice: CONTROL_CHARACTERS },
  { what: "a bell in an email", kind: "User", inputs: { userName: "ana", email: "ana\u0007@example.com" }, property: "email", advice: CONTROL_CHARACTERS },
  { what: "a newline in a team name", kind: "Team", inputs: { name: "research\n## Guard rails" }, property: "name", advice: CONTROL_CHARACTERS },
  {
    what: "an escape in a custom role name",
    kind: "CustomRole",
    inputs: { name: "Run\u001b[31m operator", inheritedFrom: "member", permissions: [] },
    property: "name",
    advice: CONTROL_CHARACTERS,
  },
];

describe("check refuses bad input, naming the property, without a request", () => {
  // No configuration at all: check must judge inputs before any key is set, and sends nothing.
  it.each(badInputs.map((bad) => [bad.what, bad] as const))("%s", async (_what, bad) => {
    const result = (await dispatch(bad.kind, "check", [{}, { ...bad.inputs, __provider: "shim" }])) as {
      failures?: Array<{ property: string; reason: string }>;
    };
    const failure = result.failures?.find((f) => f.property === bad.property);
    expect(failure, JSON.stringify(result.failures)).toBeDefined();
    expect(failure?.reason).toMatch(bad.advice);
  });
});
