// The roster's expiries as the access review reads them from each roster record the preview shows
// (changed, or unchanged under --show-sames): which grants the run takes away as past their date,
// each of whose removal lines the review says so of, and which end within wandb:expiryNoticeDays.
import type { JudgedExpiry } from "../model/expiry";
import { kindOfType } from "../model/tokens";
import { readState, STATE_READERS } from "./kind-states";
import type { PreviewJson } from "./preview-json";

/** What a roster record says of its expiries: those past their date, and those ending within its notice. */
export interface RecordedExpiries {
  expired: JudgedExpiry[];
  expiring: { organization: string; days: number; grants: JudgedExpiry[] }[];
}

/** The expiries every roster record of the preview judged, as its check left them (its new inputs); a record shown twice (a refresh's step, then its own), once. */
export function expiriesIn(preview: PreviewJson): RecordedExpiries {
  const byRecord = new Map<string, { expired: JudgedExpiry[]; expiring?: RecordedExpiries["expiring"][number] }>();
  for (const step of preview.steps) {
    const state = step.newState;
    if (state?.inputs === undefined || kindOfType(state.type) !== "RosterGuard") continue;
    const { organization = step.urn, expiries = [], expiringSoon } = readState(STATE_READERS.RosterGuard, "RosterGuard", step.urn, state.inputs);
    const soon = expiringSoon !== undefined && expiringSoon.grants.length > 0 ? { organization, ...expiringSoon } : undefined;
    byRecord.set(step.urn, { expired: expiries.filter((expiry) => expiry.expired), ...(soon === undefined ? {} : { expiring: soon }) });
  }
  const records = [...byRecord.values()];
  return { expired: records.flatMap((record) => record.expired), expiring: records.flatMap((record) => record.expiring ?? []) };
}
