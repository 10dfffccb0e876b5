// Two resources that name one W&B object: the second to claim it is told, with both names.
import { expect, it } from "vitest";
import { checkedKeyFields, NaturalKeyClaims, naturalKeyOf } from "../../model/natural-keys";

it("refuses a second resource naming a claimed object, naming both and the key", () => {
  const claims = new NaturalKeyClaims();
  expect(claims.claim("Team", { name: "research" }, "urn:a", "research-a")).toBeUndefined();
  expect(claims.claim("Team", { name: "research" }, "urn:a", "research-a")).toBeUndefined();
  expect(claims.claim("Team", { name: "vision" }, "urn:b", "research-b")).toBeUndefined();
  expect(claims.claim("Team", { name: "research" }, "urn:c", "research-c")).toBe(
    'Team resources "research-a" and "research-c" both declare the one W&B object with name "research": each would undo ' +
      "the other's changes. Declare it once, or give each resource its own name.",
  );
  expect(claims.claim("CustomRole", { name: "research" }, "urn:d")).toBeUndefined();
});

it("keys pairs by both parts, and leaves alone what is not known yet", () => {
  const claims = new NaturalKeyClaims();
  expect(claims.claim("TeamMember", { teamId: "t1", user: "ana" }, "a")).toBeUndefined();
  expect(claims.claim("TeamMember", { teamId: "t2", user: "ana" }, "b")).toBeUndefined();
  expect(claims.claim("TeamMember", { teamId: "t1", user: "ana" }, "c")).toMatch(/"a" and "c" .* teamId "t1" and user "ana"/);
  const unknown = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
  expect(naturalKeyOf("TeamMember", { teamId: unknown, user: unknown })).toBeUndefined();
  expect(naturalKeyOf("User", {})).toBeUndefined();
});

it("compares each key field as the identity rule says: userNames and emails caseless, names and ids exactly", () => {
  const claims = new NaturalKeyClaims();
  expect(claims.claim("User", { userName: "Ana" }, "urn:1", "ana-1")).toBeUndefined();
  expect(claims.claim("User", { userName: "ana" }, "urn:2", "ana-2")).toBe(
    'User resources "ana-1" and "ana-2" both declare the one W&B object with userName "ana" (which "ana-1" writes ' +
      'userName "Ana": W&B takes both for one): each would undo the other\'s changes. Declare it once, or give each ' +
      "resource its own userName.",
  );
  expect(claims.claim("TeamMember", { teamId: "t1", user: "Bo@x.io" }, "urn:3")).toBeUndefined();
  expect(claims.claim("TeamMember", { teamId: "t1", user: "bo@x.io" }, "urn:4")).toMatch(/both declare the one W&B object with teamId "t1" and user "bo@x.io"/);
  // A SCIM id is opaque, and team and custom role names keep their case.
  expect(claims.claim("TeamMember", { teamId: "t1", user: "abcD" }, "urn:5")).toBeUndefined();
  expect(claims.claim("TeamMember", { teamId: "t1", user: "abcd" }, "urn:6")).toBeUndefined();
  expect(claims.claim("Team", { name: "Research" }, "urn:7")).toBeUndefined();
  expect(claims.claim("Team", { name: "research" }, "urn:8")).toBeUndefined();
  expect(claims.claim("CustomRole", { name: "Ops" }, "urn:9")).toBeUndefined();
  expect(claims.claim("CustomRole", { name: "ops" }, "urn:10")).toBeUndefined();
});

it("claims on the inputs as check stores them: trimmed, and nothing for a value check refuses", () => {
  expect(checkedKeyFields("User", { userName: "  ana ", email: "not checked here" })).toEqual({ userName: "ana" });
  expect(checkedKeyFields("TeamMember", { teamId: " t1", user: "has spaces in an id" })).toEqual({ teamId: "t1" });
  expect(naturalKeyOf("User", checkedKeyFields("User", { userName: " Ana" }))).toBe(naturalKeyOf("User", { userName: "ana" }));
});

it("claims each person of an OrganizationMembers as a User: a person declared twice, by a User or another set, is refused naming both", () => {
  const claims = new NaturalKeyClaims();
  expect(claims.claim("User", { userName: "Ana" }, "urn:ana", "ana")).toBeUndefined();
  expect(claims.claim("OrganizationMembers", { members: { bo: {}, cy: {} } }, "urn:people", "people")).toBeUndefined();
  // The same set checked again claims nothing new.
  expect(claims.claim("OrganizationMembers", { members: { bo: {}, cy: {} } }, "urn:people", "people")).toBeUndefined();
  expect(claims.claim("OrganizationMembers", { members: { ana: {} } }, "urn:others", "others")).toBe(
    'User resources "ana" and "others" members["ana"] both declare the one W&B object with userName "ana" (which "ana" writes userName "Ana": W&B takes both for one): ' +
      "each would undo the other's changes. Declare it once, or give each resource its own userName.",
  );
  expect(claims.claim("User", { userName: "cy" }, "urn:cy", "cy")).toMatch(/^User resources "people" members\["cy"\] and "cy" both declare the one W&B object with userName "cy":/);
});
