// The access review as Markdown for a pull request comment: the guard rails' verdicts, then per
// person what they gain and lose, per team who is added and removed, per custom role which
// permissions, the renames in code, and the totals. Everything quoted from the preview is escaped.
import { UNVERIFIED_KINDS, type AccessChanges, type CustomRoleChange, type TeamChange } from "./access-ledger";
import type { AuditLogReading } from "../model/audit-attribution";
import { attributed, combinedReading, readingMarkdown } from "./attribution-markdown";
import { holdsOutsideCode, outsideCodeMarkdown } from "./outside-code-markdown";
import type { InactivePeople } from "./inactive-people";
import { joined, list, markdownOf, phrase, type Phrase } from "./quoted-text";
import { grantWords } from "../model/expiry";

export interface ReviewHeading {
  /** The first heading. */
  title: string;
  /** A sentence under it, saying what the lines mean. */
  lede: string;
  /** What the review cannot see, said under the lede. */
  limits?: string;
  /** When the "Outside code" section's report was made, as the preview shows it. */
  outsideCodeSeen: string;
  /**
   * The title and lede instead, when the review finds no change of access: `outside`, when W&B holds
   * what a roster does not declare all the same. Undefined: the same title and lede either way.
   */
  unchanged?: (outside: boolean) => Pick<ReviewHeading, "title" | "lede">;
}

export const PULL_REQUEST_HEADING: ReviewHeading = {
  title: "Access review",
  lede: "What applying this change does to who can do what in the W&B organization.",
  outsideCodeSeen: "as the roster's record last found it (at the last refresh or apply; `pulumi preview --refresh` shows it now)",
};

export const DRIFT_HEADING: ReviewHeading = {
  title: "Access changed outside code",
  lede: "The organization differs from the code. Each line says what `pulumi up` would do to put it back as declared.",
  limits:
    "**Not seen here:** on W&B's documented API, reading a user shows none of its roles, so an organization, team or registry role " +
    "changed in the web application goes unnoticed (refresh keeps the role Pulumi last wrote). Users, team membership and custom roles are seen.",
  outsideCodeSeen:
    "as this refresh found it when the preview shows the refreshed record (`--show-sames`, as the drift watch runs, or a change of the record: " +
    "something new since its last write fails the preview under `--expect-no-changes`), else as the record last reported it (at its last write, or a `pulumi refresh`)",
  unchanged: (outside) =>
    outside
      ? {
          title: "Access outside code",
          lede: "What the code declares is as declared; W&B also holds access the roster does not declare (below, in Outside code).",
        }
      : { title: "No access changed outside code", lede: "The organization is as the code declares it." },
};

/** `1 person`, `2 people`: a count and its noun, in the right number. */
export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const byName = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });
const sortedEntries = <T>(map: ReadonlyMap<string, T>) => [...map].sort(([a], [b]) => byName(a, b));

/** People with a change of access: not those only taken over as W&B holds them. */
const peopleChanged = (changes: AccessChanges) => [...changes.people.values()].filter((lines) => lines.some((each) => !each.adoption)).length;

function totals(changes: AccessChanges, teamsChanged: number): string {
  const changed = peopleChanged(changes);
  const parts = [
    `${plural(changed, "person", "people")} ${changed === 1 ? "gains or loses" : "gain or lose"} access ` +
      `(${changes.joining.length} joining the organization, ${changes.leaving.length} leaving it)`,
    ...(changes.adopted.length > 0 ? [`${plural(changes.adopted.length, "person", "people")} adopted as W&B holds them`] : []),
    ...(changes.adoptedOrJoining.length > 0
      ? [`${plural(changes.adoptedOrJoining.length, "person", "people")} adopted if W&B holds them, else joining (the preview could not look)`]
      : []),
    `${plural(teamsChanged, "team")} with members added or removed`,
    `${plural(rolesChanged(changes), "custom role")} changed`,
    ...(changes.renames.length > 0 ? [`${plural(changes.renames.length, "resource")} renamed in code`] : []),
  ];
  const engine = Object.entries(changes.engineSummary)
    .filter(([op]) => op !== "same")
    .map(([op, count]) => `${count} to ${op}`)
    .join(", ");
  return `**Totals:** ${parts.join("; ")}.${engine ? ` Resources: ${engine}.` : ""}`;
}

/** Custom roles created, deleted or changed: not those adopted as W&B holds them. */
const rolesChanged = (changes: AccessChanges) => [...changes.customRoles.values()].filter((change) => change.adoption !== "adopted").length;

/** What became of a custom role created or deleted: one created with adoptExisting is adopted where W&B holds it. */
function statusOf(change: CustomRoleChange): Phrase {
  if (change.adoption === "adopted") return phrase`adopted as W&B holds it`;
  return change.adoption === "undetermined" ? phrase`adopted if W&B holds it, else created` : phrase`${change.status}`;
}

function guardRails(changes: AccessChanges): string[] {
  const lines = ["### Guard rails", ""];
  if (changes.refusals.length > 0) {
    lines.push("**The preview failed; nothing can be applied as it is:**", "");
    for (const refusal of changes.refusals) lines.push(`- ${markdownOf(phrase`${refusal.replace(/\s*\n\s*/g, " ")}`)}`);
    lines.push("");
  }
  for (const [organization, verdicts] of sortedEntries(changes.verdicts)) {
    for (const verdict of verdicts) lines.push(`- ${markdownOf(phrase`${organization}: ${verdict}`)}`);
  }
  if (changes.verdicts.size === 0 && changes.refusals.length === 0) lines.push("- no roster's membership changes: nothing for them to judge");
  return [...lines, ""];
}

/** Each person's lines; with `reading` (a drift preview's, from W&B's audit log), each that puts back a change says who made it and when. */
function people(changes: AccessChanges, reading: AuditLogReading | undefined): string[] {
  if (changes.people.size === 0) return [];
  const lines = ["### People", ""];
  for (const [person, said] of sortedEntries(changes.people)) {
    lines.push(`- **${markdownOf(phrase`${person}`)}**`);
    for (const { line, undoes } of [...said].sort((a, b) => a.aspect - b.aspect)) {
      lines.push(`  - ${markdownOf(undoes === undefined ? line : attributed(line, undoes.change, undoes.object, reading))}`);
    }
  }
  return [...lines, ""];
}

function teamLine(change: TeamChange): Phrase {
  const sorted = (names: readonly string[]) => list([...names].sort(byName));
  return joined(
    [
      ...(change.added.length > 0 ? [joined([phrase`added `, sorted(change.added)], "")] : []),
      ...(change.removed.length > 0 ? [joined([phrase`removed `, sorted(change.removed)], "")] : []),
      ...(change.adopted.length > 0 ? [joined([phrase`adopted with its members `, sorted(change.adopted)], "")] : []),
      ...(change.left === undefined ? [] : [change.left]),
    ],
    "; ",
  );
}

function teams(changed: readonly (readonly [string, TeamChange])[]): string[] {
  if (changed.length === 0) return [];
  return ["### Teams", "", ...changed.map(([team, change]) => `- **${markdownOf(phrase`${team}`)}**: ${markdownOf(teamLine(change))}`), ""];
}

function customRoles(changes: AccessChanges, reading: AuditLogReading | undefined): string[] {
  if (changes.customRoles.size === 0) return [];
  const lines = ["### Custom roles", ""];
  for (const [role, change] of sortedEntries(changes.customRoles)) {
    const parts = [
      ...(change.status === "changed" ? [] : [statusOf(change)]),
      ...(change.added.length > 0 ? [joined([phrase`permissions added `, list(change.added)], "")] : []),
      ...(change.removed.length > 0 ? [joined([phrase`permissions removed `, list(change.removed)], "")] : []),
      ...change.notes,
    ];
    lines.push(`- **${markdownOf(phrase`${role}`)}**: ${markdownOf(attributed(joined(parts, "; "), "customRoleChanged", {}, reading))}`);
  }
  return [...lines, ""];
}

/** The roles an adoption records as the roster declares them, which W&B's documented API does not show: one line per kind. */
function unverified(changes: AccessChanges): string[] {
  if (changes.unverified.size === 0) return [];
  const lines = [
    "### Roles recorded as declared, not verified",
    "",
    "W&B's documented API does not show these roles, so adopting records each as the roster declares it, without a write: check " +
      "them against the web application. (A service that shows roles has each one that differs recorded as it holds it, and the " +
      "next preview shows the roster's role as a change.)",
    "",
  ];
  for (const kind of Object.values(UNVERIFIED_KINDS)) {
    const roles = changes.unverified.get(kind);
    const sorted = [...(roles ?? [])].sort((a, b) => byName(a.person, b.person)).map((role) => role.holding);
    if (sorted.length > 0) lines.push(`- ${kind}: ${markdownOf(joined(sorted, ", "))}`);
  }
  return [...lines, ""];
}

function renames(changes: AccessChanges): string[] {
  if (changes.renames.length === 0) return [];
  const lines = ["### Renamed in code", "", "Each is one W&B object held by another resource in code (renamed, or a person moved between an Organization's resources), no access change by itself; for a renamed resource, `aliases` keeps its history.", ""];
  for (const { kind, from, to } of changes.renames) lines.push(`- ${markdownOf(phrase`${kind} ${from} → ${to}`)}`);
  return [...lines, ""];
}

/** What ends within each roster's notice (`wandb:expiryNoticeDays`): no change yet, a reminder of the run that makes it. */
function expiring(changes: AccessChanges): string[] {
  if (changes.expiring.length === 0) return [];
  const days = Math.max(...changes.expiring.map((each) => each.days));
  const lines = [
    `### Expiring within ${plural(days, "day")}`,
    "",
    "Grants the roster ends at a date to come (`expires`): the first `pulumi up` from that date takes each away, under the guard rails. No change yet.",
    "",
  ];
  const grants = changes.expiring.flatMap((each) => each.grants).sort((a, b) => byName(a.user, b.user));
  for (const grant of grants) lines.push(`- **${markdownOf(phrase`${grant.user}`)}**: ${markdownOf(phrase`${grantWords(grant)} expires on ${grant.expires}`)}`);
  return [...lines, ""];
}

/** Who has not been active in the last N days: candidates for freeing a seat or removing access; `failed` when the preview read nothing to tell. */
function inactive(found: InactivePeople, failed: boolean): string[] {
  const lines = [
    `### Not active in ${found.days} days`,
    "",
    `People with no activity in W&B in the last ${plural(found.days, "day")} (never active included), as the refresh read W&B's ` +
      "last activity: candidates for freeing a seat or removing access.",
    "",
  ];
  for (const { userName, lastActive } of found.people) {
    const when = lastActive === undefined ? phrase`never active` : phrase`last active ${lastActive.at.slice(0, 10)} (${plural(lastActive.daysAgo, "day")} ago)`;
    lines.push(`- **${markdownOf(phrase`${userName}`)}**: ${markdownOf(when)}`);
  }
  if (found.people.length === 0) lines.push(failed ? "- could not be read: the preview failed before it read the users (above)" : "- nobody");
  lines.push("");
  if (found.notSeen > 0) {
    lines.push(
      `**Not seen here:** ${plural(found.notSeen, "user")} whose refreshed state the preview does not print: run it with \`--show-sames\` ` +
        "(`pulumi preview --refresh --show-sames --json`).",
      "",
    );
  }
  if (found.unreported > 0) lines.push(`${plural(found.unreported, "user")} with no activity reported by W&B, not listed.`, "");
  return lines;
}

/**
 * The review. With `attributed` (a drift preview's review), each change outside code says who made
 * it and when, from the W&B audit log its roster records read (`wandb:auditLog`), said once above.
 */
export function reviewMarkdown(changes: AccessChanges, heading: ReviewHeading, inactivePeople?: InactivePeople, attributedChanges = false): string {
  const reading = attributedChanges ? combinedReading(changes.auditLogs.values()) : undefined;
  const teamsChanged = sortedEntries(changes.teams).filter(([, change]) => change.added.length + change.removed.length + change.adopted.length > 0 || change.left !== undefined);
  const nothing = changes.people.size === 0 && teamsChanged.length === 0 && changes.customRoles.size === 0 && changes.refusals.length === 0;
  const { title, lede } = nothing && heading.unchanged ? heading.unchanged([...changes.outside.values()].some(holdsOutsideCode)) : heading;
  const lines = [`## ${title}`, "", lede, "", ...(heading.limits ? [heading.limits, ""] : []), ...readingMarkdown(reading)];
  lines.push(totals(changes, teamsChanged.filter(([, change]) => change.added.length + change.removed.length > 0).length), "");
  lines.push(...guardRails(changes), ...people(changes, reading), ...teams(teamsChanged), ...customRoles(changes, reading), ...unverified(changes), ...renames(changes), ...expiring(changes));
  lines.push(...outsideCodeMarkdown(changes.outside, heading.outsideCodeSeen, reading === undefined ? undefined : changes.auditLogs));
  if (nothing) lines.push(changes.renames.length > 0 ? "No access changes: only renames in code." : "No access changes.", "");
  if (inactivePeople !== undefined) lines.push(...inactive(inactivePeople, changes.refusals.length > 0 && inactivePeople.people.length === 0));
  return lines.join("\n");
}
