// What changed between two attestations, principal by principal: a user gone, a service account
// made, a seat, a registry role removed; each told as made outside code unless W&B now holds what
// the roster declares; with the log off, who made it is "not read".
import { describe, expect, it } from "vitest";
import { changesSince, type AttestedPrincipal } from "../../model/attestation";
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
