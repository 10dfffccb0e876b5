// A diff derived from a kind's field table: what changed, how each field compares, what replaces.
import { expect, it } from "vitest";
import { fieldChanges } from "../../../provider/kit/field-changes";
import type { FieldTable } from "../../../model/shapes/fields";
import { teamMemberFields } from "../../../model/shapes/team-member";
import { userFields } from "../../../model/shapes/user";

const user = { userName: "Ana", email: "ana@x.io", active: true, organizationRole: "admin", teams: ["a", "b"], adoptExisting: false, deletionPolicy: "delete" };

it("compares each field by its rule: caseless names, canonical roles, sets in any order", () => {
  expect(fieldChanges(userFields, user, { ...user, userName: "ana", email: "ANA@x.io", organizationRole: "Admin", teams: ["b", "a"] }, { id: "u-1" })).toEqual({
    changed: [],
    replaces: [],
    sets: { teams: { added: [], removed: [] } },
  });
});

it("reports a replacing field in replaces, and the set's joining and leaving items", () => {
  const changes = fieldChanges(userFields, user, { ...user, userName: "bo", active: false, teams: ["b", "c"] }, { id: "u-1" });
  expect(changes.changed).toEqual(["userName", "active", "teams"]);
  expect(changes.replaces).toEqual(["userName"]);
  expect(changes.sets["teams"]).toEqual({ added: ["c"], removed: ["a"] });
});

it("leaves an optional field the program leaves out, and a create setting, uncompared", () => {
  const { organizationRole: _role, teams: _teams, ...unmanaged } = user;
  expect(fieldChanges(userFields, user, { ...unmanaged, adoptExisting: true }, { id: "u-1" }).changed).toEqual([]);
});

it("replaces only for an own id that names another object", () => {
  expect(fieldChanges(userFields, user, { ...user, importId: "u-1" }, { id: "u-1" }).replaces).toEqual([]);
  expect(fieldChanges(userFields, user, { ...user, importId: "u-2" }, { id: "u-1" }).replaces).toEqual(["importId"]);
});

it("finds the recorded user under another name, and another user as a replacement", () => {
  const state = { teamId: "t-1", user: "bo@x.io", userId: "u-1", userEmail: "bo@x.io", etag: "" };
  expect(fieldChanges(teamMemberFields, state, { teamId: "t-1", user: "u-1" }).changed).toEqual([]);
  expect(fieldChanges(teamMemberFields, state, { teamId: "t-1", user: "Bo@X.io" }).changed).toEqual([]);
  expect(fieldChanges(teamMemberFields, state, { teamId: "T-1", user: "ana@x.io" }).replaces).toEqual(["teamId", "user"]);
});

it("counts a set declared on one side only as a change, and compares a set of users through the state", () => {
  const table: FieldTable = { members: { owner: "program", compare: { set: "user" }, write: "members", replaces: false } };
  expect(fieldChanges(table, { members: undefined }, { members: ["a@x.io"] }).changed).toEqual(["members"]);
  const userOf = (reference: string) => (reference.toUpperCase() === "A@X.IO" ? "u-1" : reference);
  expect(fieldChanges(table, { members: ["u-1"] }, { members: ["A@x.io"] }, { userOf }).changed).toEqual([]);
});

it("counts a naming setting set or unset as a change, and another name alone as none", () => {
  const guarded = { ...user, guardedBy: "acme-a" };
  expect(fieldChanges(userFields, guarded, { ...user, guardedBy: "acme-b" }, { id: "u-1" }).changed).toEqual([]);
  expect(fieldChanges(userFields, user, guarded, { id: "u-1" }).changed).toEqual(["guardedBy"]);
  expect(fieldChanges(userFields, guarded, user, { id: "u-1" }).changed).toEqual(["guardedBy"]);
});
