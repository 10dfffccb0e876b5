import { describe, expect, it } from "vitest";
import { idScheme } from "../../../provider/kit/pair-id";

const member = idScheme("TeamMember", "<teamId>/<userId>");
const teamRole = idScheme("TeamRoleAssignment", "<userId>/teams/<teamName>");
const orgRole = idScheme("OrganizationRoleAssignment", "<userId>/organization");

/** Values that have broken naive schemes: separators, escapes and things that look like them. */
const AWKWARD = ["VXNlcjoy", "a/b", "/", "//", "%", "100%", "%2F", "%2f", "%25", "%252F", "a%2Fb/c", "teams", "organization", "x/teams/y", "é ü 空", " "];

describe("pair ids", () => {
  it("round-trip awkward values in every position", () => {
    for (const a of AWKWARD) {
      for (const b of AWKWARD) {
        expect(member.split(member.join({ teamId: a, userId: b }))).toEqual({ teamId: a, userId: b });
        expect(teamRole.split(teamRole.join({ userId: a, teamName: b }))).toEqual({ userId: a, teamName: b });
      }
      expect(orgRole.split(orgRole.join({ userId: a }))).toEqual({ userId: a });
    }
  });

  it("stay readable: only / and what starts an escape are escaped", () => {
    expect(teamRole.join({ userId: "VXNlcjoy", teamName: "ml research" })).toBe("VXNlcjoy/teams/ml research");
    expect(teamRole.join({ userId: "VXNlcjoy", teamName: "ml/research" })).toBe("VXNlcjoy/teams/ml%2Fresearch");
    expect(member.join({ teamId: "100%", userId: "a%2Fb" })).toBe("100%/a%252Fb");
    expect(orgRole.join({ userId: "VXNlcjoy" })).toBe("VXNlcjoy/organization");
  });

  it("split the ids existing stacks hold", () => {
    // TeamMember ids always escaped % and / (as %25 and %2F).
    expect(member.split("VGVhbTox/VXNlcjoy")).toEqual({ teamId: "VGVhbTox", userId: "VXNlcjoy" });
    expect(member.split("a%2Fb/x%25")).toEqual({ teamId: "a/b", userId: "x%" });
    expect(member.split("a%2fb/c")).toEqual({ teamId: "a/b", userId: "c" });
    // Assignment ids carried the user id and the scope verbatim, cut at the last separator.
    expect(teamRole.split("VXNlcjoy/teams/seed-team")).toEqual({ userId: "VXNlcjoy", teamName: "seed-team" });
    expect(teamRole.split("ab/cd/teams/x/y")).toEqual({ userId: "ab/cd", teamName: "x/y" });
    expect(teamRole.split("ab/teams/cd/teams/x")).toEqual({ userId: "ab/teams/cd", teamName: "x" });
    expect(orgRole.split("ab/cd/organization")).toEqual({ userId: "ab/cd" });
  });

  it("refuse what is not an id of the kind, naming the expected shape", () => {
    for (const id of ["", "just-one", "/x", "x/", "a//b"]) expect(() => member.split(id), id).toThrow('expected "<teamId>/<userId>"');
    for (const id of ["u/teams/", "/teams/t", "u/team/t", "u"]) expect(() => teamRole.split(id), id).toThrow(`"${id}" is not a TeamRoleAssignment id`);
    for (const id of ["u/organizations", "/organization", "organization"]) expect(() => orgRole.split(id), id).toThrow('expected "<userId>/organization"');
  });
});
