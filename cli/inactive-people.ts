// Who has not been active in N days, from a refreshing preview (`pulumi preview --refresh
// --show-sames --json`): each user's state as refreshed is the state its planned step starts from
// (W&B's lastActiveAt, one of the activity fields of the User's table). Someone never active is
// included; a user the preview shows only before its refresh is counted as not seen.
import { readState, STATE_READERS } from "./kind-states";
import type { PreviewJson } from "./preview-json";
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

export function inactivePeople(preview: PreviewJson, days: number, now: number): InactivePeople {
  const refreshed = new Map<string, Record<string, unknown> | undefined>();
  for (const step of preview.steps) {
    const type = step.oldState?.type ?? step.newState?.type;
    if (type === undefined || kindOfType(type) !== "User" || step.op === "create") continue;
    // The refresh step prints the state before the read; the step planned after it starts from the state read.
    if (step.op === "refresh") {
      if (!refreshed.has(step.urn)) refreshed.set(step.urn, undefined);
    } else if (refreshed.get(step.urn) === undefined) {
      refreshed.set(step.urn, step.op === "delete" ? {} : { ...step.oldState?.inputs, ...step.oldState?.outputs });
    }
  }
  const result: InactivePeople = { days, people: [], notSeen: 0, unreported: 0 };
  for (const [urn, properties] of refreshed) {
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
