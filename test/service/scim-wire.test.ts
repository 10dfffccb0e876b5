import { describe, expect, it } from "vitest";
import { parseListPage, parseRole, parseScimErrorBody, parseTeam, parseUser } from "../../service/scim-wire";

describe("SCIM wire parsing", () => {
  it("reads a W&B user (emails as one Capitalised object, ETag from the header)", () => {
    const wandb = {
      active: true,
      displayName: "Dev User 1",
      emails: { Value: "Dev-User1@example.com", Display: "", Type: "", Primary: true },
      id: "abc",
      meta: { resourceType: "User", created: "2023-10-01T00:00:00Z", lastModified: "2023-10-02T00:00:00Z", location: "Users/abc" },
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName: "dev-user1",
    };
    const rfc = {
      ...wandb,
      emails: [
        { value: "other@example.com", primary: false },
        { value: "Dev-User1@example.com", primary: true },
      ],
      meta: { ...wandb.meta, version: 'W/"1"' },
    };
    const fromWandb = parseUser(wandb, 'W/"1"');
    expect(fromWandb).toEqual(parseUser(rfc));
    expect(fromWandb).toEqual({
      id: "abc",
      userName: "dev-user1",
      email: "Dev-User1@example.com",
      displayName: "Dev User 1",
      active: true,
      created: "2023-10-01T00:00:00Z",
      lastModified: "2023-10-02T00:00:00Z",
      etag: 'W/"1"',
    });
  });

  it("tells absent roles (unknown) from empty ones (none)", () => {
    const base = { id: "abc", userName: "dev-user1", emails: { Value: "dev-user1@example.com", Primary: true } };
    // The documented GET body: no organizationRole, teamRoles or registryRoles.
    const documented = parseUser(base);
    expect(documented.organizationRole).toBeUndefined();
    expect(documented.teamRoles).toBeUndefined();
    expect(documented.registryRoles).toBeUndefined();
    expect("teamRoles" in documented || "registryRoles" in documented || "organizationRole" in documented).toBe(false);
    // A PATCH response says so explicitly.
    const empty = parseUser({ ...base, organizationRole: "member", teamRoles: [], registryRoles: [] });
    expect(empty).toMatchObject({ organizationRole: "member", teamRoles: [], registryRoles: [] });
    expect(parseUser({ ...base, teamRoles: null, registryRoles: null })).toMatchObject({ teamRoles: [], registryRoles: [] });
    const held = parseUser({
      ...base,
      TeamRoles: { TeamName: "research", RoleName: "admin" },
      registryRoles: [{ registryName: "models", roleName: "viewer" }],
    });
    expect(held.teamRoles).toEqual([{ teamName: "research", roleName: "admin" }]);
    expect(held.registryRoles).toEqual([{ registryName: "models", roleName: "viewer" }]);
  });

  it("reads seats and activity as W&B's reference shows them, in every variant, and tells absent (unknown) from never active", () => {
    // The reference's Get User Response (activity) and Update Models Seat Response (seats), merged.
    const documented = parseUser({
      active: true,
      daysActive: 42,
      displayName: "Dev User 1",
      emails: { Value: "dev-user1@example.com", Display: "", Type: "", Primary: true },
      id: "abc",
      lastActiveAt: "2023-10-15T14:32:10Z",
      meta: { resourceType: "User", created: "2023-10-01T00:00:00Z", lastModified: "2023-10-01T00:00:00Z", location: "Users/abc" },
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName: "dev-user1",
      organizationRole: "member",
      modelsSeat: "full",
      weaveRole: "full",
    });
    expect(documented).toMatchObject({ modelsSeat: "full", weaveRole: "full", daysActive: 42, lastActiveAt: "2023-10-15T14:32:10Z" });
    const base = { id: "abc", userName: "dev-user1", emails: { Value: "dev-user1@example.com", Primary: true } };
    const unsaid = parseUser(base);
    expect(["modelsSeat", "weaveRole", "daysActive", "lastActiveAt"].filter((key) => key in unsaid)).toEqual([]);
    expect(parseUser({ ...base, lastActiveAt: null, daysActive: 0 })).toMatchObject({ lastActiveAt: null, daysActive: 0 });
    expect(parseUser({ ...base, LastActiveAt: "", DaysActive: "7", ModelsSeat: "Viewer", WeaveRole: "NONE" })).toMatchObject({
      lastActiveAt: null,
      daysActive: 7,
      modelsSeat: "viewer",
      weaveRole: "none",
    });
    expect(() => parseUser({ ...base, daysActive: -1 })).toThrow(/daysActive/);
  });

  it("reads groups with Capitalised, lowercase, null or absent members", () => {
    const base = { id: "ghi", displayName: "acme-devs", schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"] };
    expect(parseTeam({ ...base, members: [{ Value: "abc", Ref: "", Type: "", Display: "dev-user1" }] }).members).toEqual([
      { id: "abc", display: "dev-user1" },
    ]);
    expect(parseTeam({ ...base, members: [{ value: "abc", display: "dev-user1" }] }).members).toEqual([
      { id: "abc", display: "dev-user1" },
    ]);
    // The documented PATCH response that lists members as {Value, Display} only.
    expect(parseTeam({ ...base, members: [{ Value: "abc", Display: "dev-user1" }] }).members).toEqual([
      { id: "abc", display: "dev-user1" },
    ]);
    expect(parseTeam({ ...base, members: null }).members).toEqual([]);
    expect(parseTeam(base).members).toEqual([]);
  });

  it("splits role permissions into custom and inherited and accepts schemas [\"\"]", () => {
    const role = parseRole({
      description: "A sample custom role",
      id: "Um9sZTo3",
      inheritedFrom: "member",
      name: "Sample custom role",
      permissions: [
        { name: "artifact:read", isInherited: true },
        { name: "project:update", isInherited: false },
      ],
      schemas: [""],
    });
    expect(role).toEqual({
      id: "Um9sZTo3",
      name: "Sample custom role",
      description: "A sample custom role",
      inheritedFrom: "member",
      permissions: ["project:update"],
      inheritedPermissions: ["artifact:read"],
    });
  });

  it("reads a lowercase key over its Capitalised duplicate, whichever comes first", () => {
    const user = (emails: string) => ({ id: "abc", userName: "ana", active: true, meta: {}, schemas: [], ...JSON.parse(emails) });
    expect(parseUser(user('{"emails": {"Value": "old@x.example", "value": "new@x.example"}}')).email).toBe("new@x.example");
    expect(parseUser(user('{"emails": {"value": "new@x.example", "Value": "old@x.example"}}')).email).toBe("new@x.example");
  });

  it("reads list envelopes and errors of both dialects", () => {
    expect(parseListPage({ Resources: [{}], totalResults: 1 })).toEqual({ resources: [{}], totalResults: 1 });
    expect(parseListPage({ totalResults: 0 })).toEqual({ resources: [], totalResults: 0 });
    expect(parseScimErrorBody({ status: "409", scimType: "uniqueness", detail: "exists" }, "")).toEqual({
      scimType: "uniqueness",
      detail: "exists",
    });
    expect(parseScimErrorBody({ status: 409, detail: "exists" }, "")).toEqual({ detail: "exists" });
    expect(parseScimErrorBody(undefined, "Seat limit reached\n")).toEqual({ detail: "Seat limit reached" });
  });
});
