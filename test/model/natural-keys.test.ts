// Two resources that name one W&B object: the second to claim it is told, with both names.
import { expect, it } from "vitest";
import { NaturalKeyClaims, naturalKeyOf } from "../../model/natural-keys";

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
