// The identity rule: how each key that names a W&B object, or a role, compares.
import { expect, it } from "vitest";
import { identityOf, namesRecordedUser, sameIdentity, userIdentities } from "../../model/identity";
import { organizationRoleAssignmentFields } from "../../model/shapes/organization-role-assignment";
import { userFields } from "../../model/shapes/user";

it("compares userNames and emails ignoring case", () => {
  expect(sameIdentity("userName", "Ana", "ana")).toBe(true);
  expect(sameIdentity("email", "Bo@X.io", "bo@x.io")).toBe(true);
  expect(sameIdentity("userName", "ana", "ana2")).toBe(false);
});

it("compares a member reference by SCIM id exactly and by email ignoring case", () => {
  expect(sameIdentity("userReference", " Bo@x.io", "bo@x.io")).toBe(true);
  expect(sameIdentity("userReference", "abcD", "abcd")).toBe(false);
  expect(identityOf("userReference", "abcD ")).toBe("abcD");
});

it("compares team, registry and custom role names exactly", () => {
  expect(sameIdentity("teamName", "Research", "research")).toBe(false);
  expect(sameIdentity("registryName", "Models", "models")).toBe(false);
  expect(sameIdentity("customRoleName", "Ops", "ops")).toBe(false);
});

it("compares predefined roles in their canonical spelling, and a custom role's name exactly", () => {
  expect(sameIdentity("organizationRole", "Admin ", "admin")).toBe(true);
  expect(sameIdentity("registryRole", "Restricted  Viewer", "restricted viewer")).toBe(true);
  expect(sameIdentity("teamRole", "Run Operator", "run operator")).toBe(false);
  expect(sameIdentity("organizationRole", "Run Operator", "Run Operator")).toBe(true);
  expect(sameIdentity("baseRole", "VIEWER", "viewer")).toBe(true);
  expect(sameIdentity("organizationRole", undefined, "member")).toBe(false);
  expect(sameIdentity("organizationRole", undefined, undefined)).toBe(true);
});

it("compares a User's organizationRole as an OrganizationRoleAssignment's role: the one rule, so the two cannot drift", () => {
  expect(userFields.organizationRole.compare).toBe("organizationRole");
  expect(organizationRoleAssignmentFields.role.compare).toBe(userFields.organizationRole.compare);
});

it("finds the recorded user under any of its names", () => {
  const state = { user: "Bo@x.io", userId: "u-1", userEmail: "bo@x.io" };
  expect(namesRecordedUser("BO@X.IO", state)).toBe(true);
  expect(namesRecordedUser("u-1", state)).toBe(true);
  expect(namesRecordedUser("U-1", state)).toBe(false);
  expect(namesRecordedUser("ana@x.io", state)).toBe(false);
});

it("names each member by the user state records for it", () => {
  const userOf = userIdentities({ emailsById: { "u-1": "bo@x.io" }, idsByReference: { "ana@x.io": "u-2" } });
  expect(userOf("Bo@X.io")).toBe("u-1");
  expect(userOf("ANA@x.io")).toBe("u-2");
  expect(userOf("u-3")).toBe("u-3");
  expect(userOf("Cy@x.io")).toBe("cy@x.io");
});
