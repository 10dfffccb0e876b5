// What an Organization's adoption (`adoptExisting`) recorded of roles without a write, said by the
// component once per kind of role, at the `pulumi up` that adopts, rather than once per person by
// each resource: the roles W&B does not show (recorded as declared, unverified), and those it shows
// otherwise than the roster declares (recorded as W&B holds them; the next preview shows the change).
// Each child's state says which (`organizationRoleUnverified`, `roleUnverified`, the role recorded);
// only the children this run creates are named, so that a later run says nothing again.
import * as pulumi from "@pulumi/pulumi";
import { sameIdentity, type Identity } from "../model/identity";
import { shownName } from "../model/shown-names";
import type { OrganizationPlan } from "../model/organization";
import type { ChildrenShape, DeclaredChild, DeclaredOrganization } from "./organization";
import { lastStateUrns } from "./last-state";

/** A child as the notice reads it: its URN and any property of its state. */
export interface ChildReading {
  urn: pulumi.Output<string>;
  output(property: string): pulumi.Output<unknown>;
}

/** One role the roster declares, and the child that holds it. */
interface DeclaredRole {
  child: DeclaredChild;
  /** The person of the child (an OrganizationMembers) whose state holds the role; none when the child's own state does. */
  person?: string;
  /** How the role is named, e.g. `ana in team research`. */
  holder: string;
  role: string;
}

/** A kind of role: its name, its children's properties, and how its roles compare. */
interface RoleKind {
  noun: string;
  unverified: string;
  recorded: string;
  identity: Identity;
  roles: DeclaredRole[];
}

/** At most this many holders are named in one line; the others are counted. */
const NAMED = 50;

/** The holders by role (`as member: ana, bo; as admin: cy`), the first NAMED of them named and the rest counted. */
function named(roles: readonly { holder: string; role: string; declared?: string }[]): string {
  const byRole = new Map<string, string[]>();
  for (const { holder, role, declared } of roles) byRole.set(role, [...(byRole.get(role) ?? []), declared === undefined ? holder : `${holder} (declared ${declared})`]);
  let room = NAMED;
  const parts = [...byRole].map(([role, holders]) => {
    const shown = holders.slice(0, Math.max(room, 0));
    room -= shown.length;
    const more = holders.length - shown.length;
    return `as ${shownName(role)}: ${[...shown, ...(more > 0 ? [`${more} more`] : [])].join(", ")}`;
  });
  return parts.join("; ");
}

function roleKinds<C extends ChildrenShape>(plan: OrganizationPlan, declared: DeclaredOrganization<C>): RoleKind[] {
  const { roster } = plan;
  const userRoles = new Map(roster.users.map((user) => [user.userName, user.organizationRole]));
  const customRoles = new Set(roster.customRoles.map((role) => role.name));
  const inScope = (scope: string, userName: string) => `${scope}\u0000${userName}`;
  /** The assignments of a role in a scope (a team, a registry), each with the role the roster declares there. */
  const scoped = (children: Readonly<Record<string, Readonly<Record<string, DeclaredChild>>>>, where: string, roles: ReadonlyMap<string, string>) =>
    Object.entries(children).flatMap(([scope, holders]) =>
      Object.entries(holders).map(([userName, child]) => ({ child, holder: `${userName} in ${where} ${scope}`, role: roles.get(inScope(scope, userName)) ?? "" })),
    );
  const teamRoles = new Map(roster.teams.flatMap((team) => Object.entries(team.roles).map(([userName, role]) => [inScope(team.name, userName), role])));
  const registryRoles = new Map(roster.registryRoles.map((grant) => [inScope(grant.registry, grant.user), grant.role]));
  const assigned = { unverified: "roleUnverified", recorded: "roleName" };
  return [
    {
      noun: "organization roles",
      unverified: "organizationRoleUnverified",
      recorded: "organizationRole",
      identity: "organizationRole",
      roles: [
        ...Object.entries(declared.users).map(([userName, child]) => ({ child: child as DeclaredChild, userName, person: undefined as string | undefined })),
        ...(declared.members === undefined ? [] : roster.users.map(({ userName }) => ({ child: declared.members as DeclaredChild, userName, person: userName }))),
      ].flatMap(({ child, userName, person }) => {
        const role = userRoles.get(userName);
        return role === undefined || customRoles.has(role) ? [] : [{ child, holder: userName, role, ...(person === undefined ? {} : { person }) }];
      }),
    },
    {
      noun: "custom organization roles",
      ...assigned,
      recorded: "role",
      identity: "organizationRole",
      roles: Object.entries(declared.organizationRoleAssignments).map(([userName, child]) => ({ child, holder: userName, role: userRoles.get(userName) ?? "" })),
    },
    { noun: "team roles", ...assigned, identity: "teamRole", roles: scoped(declared.teamRoleAssignments, "team", teamRoles) },
    { noun: "registry roles", ...assigned, identity: "registryRole", roles: scoped(declared.registryRoleAssignments, "registry", registryRoles) },
  ];
}

/** Says, once per kind, what the roles of one kind the run adopted were recorded as. */
function noticeKind(component: pulumi.Resource, name: string, kind: RoleKind, read: (child: DeclaredChild) => ChildReading): void {
  if (kind.roles.length === 0) return;
  // One reading of a set's people for all of them: each reading of a state's property is an Output of its own.
  const people = new Map<DeclaredChild, pulumi.Output<Record<string, Record<string, unknown>> | undefined>>();
  const peopleOf = (declared: DeclaredChild, child: ChildReading) => {
    const known = people.get(declared) ?? (child.output("members") as pulumi.Output<Record<string, Record<string, unknown>> | undefined>);
    people.set(declared, known);
    return known;
  };
  const readings = kind.roles.map((declared) => {
    const child = read(declared.child);
    const { person } = declared;
    const output =
      person === undefined
        ? (property: string) => child.output(property)
        : (property: string) => peopleOf(declared.child, child).apply((members) => members?.[person]?.[property]);
    return pulumi.all([child.urn, output(kind.unverified), output(kind.recorded)]);
  });
  // The last state comes in with the readings, so that the notice is said in the apply, at once.
  pulumi.all([pulumi.output(lastStateUrns()), pulumi.all(readings)]).apply(([urns, read]) => {
    const last = urns === undefined ? undefined : new Set(urns);
    const adopted = read.map(([urn]) => last !== undefined && !last.has(urn));
    const unverified = kind.roles.filter((_, i) => adopted[i] && read[i]?.[1] === true);
    const kept = kind.roles.flatMap((declared, i) => {
      const recorded = read[i]?.[2];
      return adopted[i] && typeof recorded === "string" && !sameIdentity(kind.identity, recorded, declared.role) ? [{ ...declared, role: recorded, declared: declared.role }] : [];
    });
    const at = (count: number) => `Organization "${name}" adopted ${count} ${kind.noun}`;
    if (unverified.length > 0) {
      void pulumi.log.warn(
        `${at(unverified.length)} that W&B does not show, each recorded as declared, without a write (${named(unverified)}). Check them against the web ` +
          "application: where W&B holds another role, the roster's is not in effect until the roster changes it (a change is written).",
        component,
      );
    }
    if (kept.length > 0) {
      void pulumi.log.warn(
        `${at(kept.length)} that W&B shows otherwise than the roster declares, each recorded as W&B holds it, without a write (${named(kept)}). ` +
          "The next preview shows each declared role as a change, for review.",
        component,
      );
    }
  });
}

/**
 * At the `pulumi up` of an Organization with `adoptExisting`, says once per kind of role (organization,
 * custom organization, team, registry) which roles its adoption recorded without a write: those W&B
 * does not show, and those it shows otherwise than declared. `read` reads a child's URN and state.
 */
export function noticeAdoptedRoles<C extends ChildrenShape>(
  component: pulumi.Resource,
  name: string,
  plan: OrganizationPlan,
  declared: DeclaredOrganization<C>,
  read: (child: DeclaredChild) => ChildReading,
): void {
  if (!plan.adoptExisting || pulumi.runtime.isDryRun()) return;
  for (const kind of roleKinds(plan, declared)) noticeKind(component, name, kind, read);
}
