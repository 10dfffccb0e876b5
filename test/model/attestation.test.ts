// What changed between two attestations, principal by principal: a user gone, a service account
// made, a seat, a registry role removed; each told as made outside code unless W&B now holds what
// the roster declares; with the log off, who made it is "not read".
import { describe, expect, it } from "vitest";
import { attestedPrincipals, changesSince, type AttestedPrincipal } from "../../model/attestation";
import { rosterAsOf } from "../../model/roster/as-of";
import { parseRoster } from "../../model/roster/roster";

const roster = parseRoster(
  JSON.stringify({
    users: [{ userName: "ana", email: "ana@acme.example", modelsSeat: "viewer" }, { userName: "bo", email: "bo@acme.example" }],
    serviceAccounts: [{ name: "ci", scope: "team", defaultTeam: "ml" }],
    teams: [{ name: "ml", members: ["ana"] }],
  }),
  "roster.json",
  { deployment: "dedicated" },
);

const user = (name: string, extra: Partial<AttestedPrincipal> = {}): AttestedPrincipal => ({
  kind: "user",
  name,
  email: `${name}@acme.example`,
  active: true,
  organizationRole: "member",
  modelsSeat: "full",
  teams: [],
  registryRoles: [],
  declared: true,
  ...extra,
});

describe("changes between two attestations", () => {
  it("tells each change, and whether the roster declares what W&B holds now", () => {
    const before = [user("ana", { registryRoles: [{ registry: "models", role: "admin" }] }), user("bo"), user("cy", { declared: false })];
    const ci: AttestedPrincipal = { kind: "serviceAccount", name: "ci", active: true, teams: [{ team: "ml" }], declared: true };
    const after = [user("ana", { modelsSeat: "viewer" }), user("bo"), ci];
    expect(changesSince(before, after, roster, undefined)).toEqual([
      { kind: "user", principal: "ana", what: "Models seat full → viewer", outsideCode: false, attribution: "not read: wandb:auditLog is off" },
      { kind: "user", principal: "ana", what: "registry models: role admin removed", outsideCode: false, attribution: "not read: wandb:auditLog is off" },
      { kind: "serviceAccount", principal: "ci", what: "made", outsideCode: false, attribution: "not read: wandb:auditLog is off" },
      { kind: "user", principal: "cy", what: "no longer in W&B", outsideCode: false, attribution: "not read: wandb:auditLog is off" },
    ]);
  });

  it("a declared user deactivated, or a role W&B now holds that the roster does not declare, is outside code", () => {
    const changes = changesSince([user("bo")], [user("bo", { active: false, organizationRole: "admin" })], roster, undefined);
    expect(changes.map(({ what, outsideCode }) => ({ what, outsideCode }))).toEqual([
      { what: "deactivated", outsideCode: true },
      { what: "organization role member → admin", outsideCode: true },
    ]);
  });
});

describe("a roster's expiries in an attestation", () => {
  const expiring = parseRoster(
    JSON.stringify({
      users: [{ userName: "ana", email: "ana@acme.example", expires: "2025-07-01" }, { userName: "bo", email: "bo@acme.example" }],
      teams: [{ name: "ml", members: ["ana", { user: "bo", expires: "2025-07-01" }] }],
    }),
    "roster.json",
    { deployment: "dedicated" },
  );

  it("shows when a user's own access ends, where the roster says", () => {
    const principals = attestedPrincipals([{ id: "1", userName: "ana", email: "ana@acme.example", active: true }, { id: "2", userName: "bo", email: "bo@acme.example", active: true }], [], expiring);
    expect(principals.map(({ name, expires }) => ({ name, expires }))).toEqual([{ name: "ana", expires: "2025-07-01" }, { name: "bo", expires: undefined }]);
  });

  it("as of a time past the date, a user deactivated and a membership left are what the roster declares, not outside code", () => {
    const asOf = rosterAsOf(expiring, Date.parse("2025-07-02T00:00:00Z")).roster;
    const changes = changesSince([user("ana", { teams: [{ team: "ml", role: "member" }] }), user("bo", { teams: [{ team: "ml", role: "member" }] })], [user("ana", { active: false, teams: [{ team: "ml", role: "member" }] }), user("bo")], asOf, undefined);
    expect(changes.map(({ principal, what, outsideCode }) => ({ principal, what, outsideCode }))).toEqual([
      { principal: "ana", what: "deactivated", outsideCode: false },
      { principal: "bo", what: "left team ml", outsideCode: false },
    ]);
  });
});
