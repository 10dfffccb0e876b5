// The roster an export writes: the Organization component's format, with the live values, sorted,
// and a comment wherever the service does not show a value a reviewer must give (roles on W&B's
// documented wire), instead of a guess.
import { stringify } from "yaml";
import type { ScimUser } from "../service/model";
import { canonicalRole, ORGANIZATION_ROLES, REGISTRY_ROLES, TEAM_ROLES } from "../model/vocabulary";
import type { Selection } from "./selection";
import { identityOf, sameIdentity } from "../model/identity";

/** A scalar as YAML writes it in block context: quoted only when it must be. */
const scalar = (value: string): string => stringify(value, { lineWidth: 0 }).trimEnd();

const ORGANIZATION_ROLE_NOT_SHOWN =
  "# organizationRole: not shown by the service (its /Users carries no roles): write admin or a custom role's name; left out, it is member";
const TEAM_ROLES_NOT_SHOWN =
  "# roles: not shown by the service (its /Users carries no team roles): map members to roles other than member, e.g. { alice: admin }";
const REGISTRY_ROLES_NOT_SHOWN =
  "# registryRoles: not shown by the service (its /Users carries no registry roles): list them here, e.g. - { user: alice, registry: models, role: admin }";

/** Teams that hold people the roster does not write: adopting them as written would remove those people. */
export function teamsHoldingUnwritten(selection: Selection): string[] {
  const written = new Set(selection.users.map((user) => user.id));
  return selection.teams.flatMap((team) => {
    const missing = team.userIds.filter((id) => !written.has(id));
    if (missing.length === 0) return [];
    const who = missing.map((id) => {
      const left = selection.leftOut.get(id);
      return left === undefined ? `user ${id} (not listed by /Users)` : `${left.user.userName} (${left.reason})`;
    });
    return [`team ${JSON.stringify(team.name)} holds ${who.join(", ")}`];
  });
}

/** Written where the service shows no role for the user the key acts as: SCIM answers only an organization admin's key. */
const ACTING_ADMIN = "organizationRole: admin  # the user this key acts as: only an organization admin's key is answered by SCIM";

/** Written where the service shows no role for a user `--admins` lists. */
const LISTED_ADMIN = "organizationRole: admin  # listed by --admins";

interface UserSource {
  actingUser?: string | undefined;
  /** The ids of the users `--admins` lists. */
  admins: ReadonlySet<string>;
}

function userLines(user: ScimUser, source: UserSource, unshown: () => void): string[] {
  const lines = [`  - userName: ${scalar(user.userName)}`, `    email: ${scalar(user.email)}`];
  if (user.displayName) lines.push(`    displayName: ${scalar(user.displayName)}`);
  if (user.organizationRole === undefined && source.actingUser !== undefined && sameIdentity("userName", user.userName, source.actingUser)) {
    lines.push(`    ${ACTING_ADMIN}`);
  } else if (user.organizationRole === undefined && source.admins.has(user.id)) {
    lines.push(`    ${LISTED_ADMIN}`);
  } else if (user.organizationRole === undefined) {
    unshown();
    lines.push(`    ${ORGANIZATION_ROLE_NOT_SHOWN}`);
  } else {
    lines.push(`    organizationRole: ${scalar(canonicalRole(user.organizationRole, ORGANIZATION_ROLES))}`);
  }
  return lines;
}

/** The roster's text, and how many roles in it the service did not show (comments for the reviewer). */
export interface RosterFile {
  text: string;
  rolesToReview: number;
}

/**
 * The roster. `source` names the organization in its header (never with a key), the user the key
 * acts as, if a user's key (whose role is known even where the service shows none), and the admins
 * `--admins` lists.
 */
export function rosterFile(selection: Selection, source: UserSource & { baseUrl: string }): RosterFile {
  let rolesToReview = 0;
  const usersById = new Map(selection.users.map((user) => [user.id, user]));
  const lines = [
    `# The W&B organization at ${source.baseUrl}, as \`pulumi-wandb export\` listed it.`,
    "# Review it (above all the comments that ask for a value), then adopt it with",
    "# new Organization(name, { roster: <this file>, adoptExisting: true }): objects equal to it are taken over without a write.",
  ];
  lines.push(selection.users.length === 0 ? "users: []" : "users:");
  const unshown = () => void rolesToReview++;
  for (const user of selection.users) lines.push(...userLines(user, source, unshown));

  lines.push(selection.roles.length === 0 ? "customRoles: []" : "customRoles:");
  for (const role of selection.roles) {
    lines.push(`  - name: ${scalar(role.name)}`);
    if (role.description) lines.push(`    description: ${scalar(role.description)}`);
    lines.push(`    inheritedFrom: ${scalar(identityOf("baseRole", role.inheritedFrom))}`);
    const permissions = [...role.permissions].sort();
    lines.push(permissions.length === 0 ? "    permissions: []" : "    permissions:", ...permissions.map((p) => `      - ${scalar(p)}`));
  }

  lines.push(selection.teams.length === 0 ? "teams: []" : "teams:");
  for (const team of selection.teams) {
    lines.push(`  - name: ${scalar(team.name)}`);
    const members = team.userIds.flatMap((id) => usersById.get(id) ?? []).sort((a, b) => identityOf("userName", a.userName).localeCompare(identityOf("userName", b.userName)));
    lines.push(members.length === 0 ? "    members: []" : "    members:", ...members.map((user) => `      - ${scalar(user.userName)}`));
    if (members.length === 0) continue;
    if (members.some((user) => user.teamRoles === undefined)) {
      unshown();
      lines.push(`    ${TEAM_ROLES_NOT_SHOWN}`);
      continue;
    }
    const roles = members.flatMap((user) => {
      const role = user.teamRoles?.find((held) => held.teamName === team.name)?.roleName;
      const canonical = role === undefined ? "member" : canonicalRole(role, TEAM_ROLES);
      return canonical === "member" ? [] : [`      ${scalar(user.userName)}: ${scalar(canonical)}`];
    });
    if (roles.length > 0) lines.push("    roles:", ...roles);
  }

  const registryRoles = selection.users.flatMap((user) =>
    (user.registryRoles ?? [])
      .map(({ registryName, roleName }) => ({ user: user.userName, registry: registryName, role: canonicalRole(roleName, REGISTRY_ROLES) }))
      .sort((a, b) => a.registry.localeCompare(b.registry)),
  );
  const registryRolesShown = selection.users.every((user) => user.registryRoles !== undefined);
  if (!registryRolesShown && selection.users.length > 0) lines.push(REGISTRY_ROLES_NOT_SHOWN);
  else if (registryRoles.length > 0) {
    lines.push("registryRoles:");
    for (const grant of registryRoles) {
      lines.push(`  - user: ${scalar(grant.user)}`, `    registry: ${scalar(grant.registry)}`, `    role: ${scalar(grant.role)}`);
    }
  }
  return { text: `${lines.join("\n")}\n`, rolesToReview };
}
