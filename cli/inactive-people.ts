// Who has not been active in N days, from a refreshing preview (`pulumi preview --refresh
// --show-sames --json`): each user's state as refreshed is the state its planned step starts from
// (W&B's lastActiveAt, one of the activity fields of the User's table). Someone never active is
// included; a user the preview shows only before its refresh is counted as not seen.
import { readState, STATE_READERS } from "./kind-states";
import { objectOf, type PreviewJson } from "./preview-json";
import { DAY_MS, inactiveFor, recordedActivity } from "../model/activity";
import { kindOfType } from "../model/tokens";
import { parseUrn } from "../model/urn";

export interface InactivePerson {
  userName: string;
  /** The last activity (ISO 8601, as W&B reports it) and how many whole days ago it was; undefined for someone never active. */
  lastActive: { at: string; daysAgo: number } | undefined;
}

export interface InactivePeople {
  days: number;
  /** Sorted by userName. */
  people: InactivePerson[];
  /** Users whose refreshed state the preview does not print (a preview without `--show-sames`). */
  notSeen: number;
  /** Users whose state carries no activity (W&B did not report it). */
  unreported: number;
}

/**
 * Each user a step's state holds, by a key of its own, with their properties as a User's: a User's
 * state, or each person of an OrganizationMembers (their userName the entry's key).
 */
function usersOf(kind: string, urn: string, state: { inputs?: Record<string, unknown>; outputs?: Record<string, unknown> } | undefined): [string, Record<string, unknown>][] {
  if (kind === "User") return [[urn, { ...state?.inputs, ...state?.outputs }]];
  const [declared, recorded] = [objectOf(state?.inputs?.["members"]), objectOf(state?.outputs?.["members"])];
  // Keyed by their SCIM id where recorded, as a User by its URN: the same person whatever W&B now calls them.
  return [...new Set([...Object.keys(declared), ...Object.keys(recorded)])].map((userName) => {
    const person: Record<string, unknown> = { ...objectOf(declared[userName]), ...objectOf(recorded[userName]), userName };
    return [`${urn}\u0000${typeof person["id"] === "string" ? person["id"] : userName}`, person];
  });
}

export function inactivePeople(preview: PreviewJson, days: number, now: number): InactivePeople {
  /** Each user, by key: the URN of the resource holding them, and their properties as refreshed (undefined: not seen). */
  const refreshed = new Map<string, { urn: string; properties: Record<string, unknown> | undefined }>();
  for (const step of preview.steps) {
    const type = step.oldState?.type ?? step.newState?.type;
    const kind = type === undefined ? undefined : kindOfType(type);
    if ((kind !== "User" && kind !== "OrganizationMembers") || step.op === "create") continue;
    // The refresh step prints the state before the read; the step planned after it starts from the state read.
    for (const [key, properties] of usersOf(kind, step.urn, step.oldState ?? undefined)) {
      if (step.op === "refresh") {
        if (!refreshed.has(key)) refreshed.set(key, { urn: step.urn, properties: undefined });
      } else if (refreshed.get(key)?.properties === undefined) {
        refreshed.set(key, { urn: step.urn, properties: step.op === "delete" ? {} : properties });
      }
    }
  }
  const result: InactivePeople = { days, people: [], notSeen: 0, unreported: 0 };
  for (const { urn, properties } of refreshed.values()) {
    if (properties === undefined) {
      result.notSeen += 1;
      continue;
    }
    // A user this change removes, or one deactivated, holds no access to clean up.
    if (Object.keys(properties).length === 0) continue;
    const user = readState(STATE_READERS.User, "User", parseUrn(urn).name, properties);
    if (user.active === false || user.userName === undefined) continue;
    const lastActiveAt = recordedActivity(user);
    const inactive = inactiveFor(lastActiveAt, days, now, user.createdAt);
    if (inactive === undefined) result.unreported += 1;
    else if (inactive) {
      const lastActive = typeof lastActiveAt === "string" ? { at: lastActiveAt, daysAgo: Math.floor((now - Date.parse(lastActiveAt)) / DAY_MS) } : undefined;
      result.people.push({ userName: user.userName, lastActive });
    }
  }
  result.people.sort((a, b) => a.userName.localeCompare(b.userName, "en", { sensitivity: "base" }));
  return result;
}
