// Which of the live organization an export writes: `--only` kinds, `--exclude` patterns, and the
// users a roster cannot hold (deactivated ones: a roster declares active users).
import type { ScimRole, ScimUser } from "../service/model";
import type { LiveOrganization, LiveTeam } from "./live-organization";
import { foldCase } from "../service/case-folding";
import { patternMatcher } from "../model/name-patterns";

export const KINDS = ["users", "teams", "roles"] as const;
export type Kind = (typeof KINDS)[number];

export interface SelectionOptions {
  only: ReadonlySet<Kind>;
  /** Glob patterns (`*`, `?`), matched without regard to case. */
  exclude: readonly string[];
}

/** What is written, and what was left out and why. */
export interface Selection {
  users: ScimUser[];
  teams: LiveTeam[];
  roles: ScimRole[];
  /** Users left out, by id, with the reason (excluded, deactivated); none when users are not exported at all (--only). */
  leftOut: Map<string, { user: ScimUser; reason: string }>;
}

/** By name ignoring case, then as written: an export's order is stable. */
const byName = (a: string, b: string) => {
  const [foldedA, foldedB] = [foldCase(a), foldCase(b)];
  return foldedA < foldedB ? -1 : foldedA > foldedB ? 1 : a < b ? -1 : a > b ? 1 : 0;
};

/** Applies the options to the organization; every list comes out sorted by name, so that an export is stable. */
export function select(org: LiveOrganization, options: SelectionOptions): Selection {
  const excludedBy = patternMatcher(options.exclude);
  const leftOut = new Map<string, { user: ScimUser; reason: string }>();
  const users: ScimUser[] = [];
  for (const user of options.only.has("users") ? org.users : []) {
    const pattern = excludedBy(user.userName, user.email);
    const reason =
      pattern !== undefined ? `excluded by --exclude ${JSON.stringify(pattern)}` : !user.active ? "deactivated (a roster declares active users)" : undefined;
    if (reason === undefined) users.push(user);
    else leftOut.set(user.id, { user, reason });
  }
  const teams = options.only.has("teams") ? org.teams.filter((team) => excludedBy(team.name) === undefined) : [];
  const roles = options.only.has("roles") ? org.roles.filter((role) => excludedBy(role.name) === undefined) : [];
  return {
    users: users.sort((a, b) => byName(a.userName, b.userName)),
    teams: teams.sort((a, b) => byName(a.name, b.name)),
    roles: roles.sort((a, b) => byName(a.name, b.name)),
    leftOut,
  };
}

/** Parses `--only users,teams`: the kinds named, each once. */
export function parseKinds(value: string): Set<Kind> | string {
  const kinds = new Set<Kind>();
  for (const word of value.split(",").map((w) => foldCase(w.trim())).filter((w) => w !== "")) {
    if (!(KINDS as readonly string[]).includes(word)) return `--only: unknown kind "${word}": use ${KINDS.join(", ")} (comma-separated)`;
    kinds.add(word as Kind);
  }
  return kinds.size === 0 ? `--only: name at least one of ${KINDS.join(", ")}` : kinds;
}
