// The organization of the outside-code tests (issue 31): a roster's objects, and beside them what
// people made by hand (a user, an admin, a team, a custom role), a break-glass admin the roster's
// `outsideCode.ignore` matches, a service account in every team, and a team whose members the
// identity provider writes (`membersFrom: idp`). The roster declares the first part only.
import type { Seed } from "../../emulator";
import { defaultSeed } from "../../emulator";

const ROSTER_MEMBERS = ["u1", "u2", "u3", "u4", "u5", "u6", "u7"];

/** What people made by hand, by kind: each must be named by the report, and nothing else. */
export const MADE_BY_HAND = { user: "dee", admin: "eve", team: "by-hand", customRole: "Deleter" } as const;
export const IGNORED_ADMIN = "breakglass-ops";
export const SERVICE_ACCOUNT = "pulumi-automation";
export const IDP_TEAM = "sso-ml";

export function outsideCodeSeed(): Seed {
  const seed = defaultSeed();
  const sa = { serviceAccount: SERVICE_ACCOUNT };
  return {
    ...seed,
    serviceAccounts: [{ name: SERVICE_ACCOUNT, apiKey: "sa-key-0000000000000000000000000000000000" }],
    users: [
      ...seed.users,
      ...ROSTER_MEMBERS.map((userName) => ({ userName, email: `${userName}@acme.example` })),
      { userName: MADE_BY_HAND.user, email: `${MADE_BY_HAND.user}@acme.example` },
      { userName: MADE_BY_HAND.admin, email: `${MADE_BY_HAND.admin}@acme.example`, organizationRole: "admin" },
      { userName: IGNORED_ADMIN, email: `${IGNORED_ADMIN}@acme.example`, organizationRole: "admin" },
    ],
    teams: [
      { displayName: "research", members: [...ROSTER_MEMBERS.map((user) => ({ user })), sa] },
      { displayName: IDP_TEAM, members: [{ user: "member" }, sa] },
      { displayName: MADE_BY_HAND.team, members: [{ user: MADE_BY_HAND.user }, sa] },
    ],
    roles: [
      { name: "Operator", inheritedFrom: "member", permissions: ["run:stop"] },
      { name: MADE_BY_HAND.customRole, inheritedFrom: "member", permissions: ["project:delete"] },
    ],
  };
}

/** The roster: the seed's own objects, the break-glass admins ignored; the rest reported only, unless `removing` asks otherwise. */
export function outsideCodeRoster(removing: { users?: "deactivate"; customRoles?: "delete" } = {}) {
  return {
    users: [
      { userName: "admin", email: "admin@acme.example", organizationRole: "admin" },
      { userName: "second-admin", email: "second-admin@acme.example", organizationRole: "admin" },
      { userName: "member", email: "member@acme.example" },
      ...ROSTER_MEMBERS.map((userName) => ({ userName, email: `${userName}@acme.example` })),
    ],
    customRoles: [{ name: "Operator", inheritedFrom: "member", permissions: ["run:stop"] }],
    teams: [
      { name: "research", members: ROSTER_MEMBERS },
      { name: IDP_TEAM, membersFrom: "idp", members: ["member"] },
    ],
    outsideCode: { users: removing.users ?? "report", customRoles: removing.customRoles ?? "report", ignore: ["breakglass-*"] },
  };
}
