// The access review as Markdown for a pull request comment: the guard rails' verdicts, then per
// person what they gain and lose, per team who is added and removed, per custom role which
// permissions, and the totals.
import type { AccessChanges } from "./access-changes";

export interface ReviewHeading {
  /** The first heading. */
  title: string;
  /** A sentence under it, saying what the lines mean. */
  lede: string;
}

export const PULL_REQUEST_HEADING: ReviewHeading = {
  title: "Access review",
  lede: "What applying this change does to who can do what in the W&B organization.",
};

export const DRIFT_HEADING: ReviewHeading = {
  title: "Access changed outside code",
  lede: "The organization differs from the code. Each line says what `pulumi up` would do to put it back as declared.",
};

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const byName = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });

export function reviewMarkdown(changes: AccessChanges, heading: ReviewHeading): string {
  const lines: string[] = [`## ${heading.title}`, "", heading.lede, ""];

  const teamsChanged = [...changes.teams].filter(([, change]) => change.added.length + change.removed.length > 0);
  const totals = [
    `${plural(changes.people.size, "person", "people")} gain or lose access ` +
      `(${changes.joining.length} joining the organization, ${changes.leaving.length} leaving it)`,
    `${plural(teamsChanged.length, "team")} with members added or removed`,
    `${plural(changes.customRoles.size, "custom role")} changed`,
  ];
  const engine = Object.entries(changes.engineSummary)
    .filter(([op]) => op !== "same")
    .map(([op, count]) => `${count} to ${op}`)
    .join(", ");
  lines.push(`**Totals:** ${totals.join("; ")}.${engine ? ` Resources: ${engine}.` : ""}`, "");

  lines.push("### Guard rails", "");
  if (changes.refusals.length > 0) {
    lines.push("**The preview failed; nothing can be applied as it is:**", "");
    for (const refusal of changes.refusals) lines.push(`- ${refusal.replace(/\s*\n\s*/g, " ")}`);
    lines.push("");
  }
  for (const [organization, verdicts] of [...changes.verdicts].sort(([a], [b]) => byName(a, b))) {
    for (const verdict of verdicts) lines.push(`- ${organization}: ${verdict}`);
  }
  if (changes.verdicts.size === 0 && changes.refusals.length === 0) lines.push("- no roster's membership changes: nothing for them to judge");
  lines.push("");

  if (changes.people.size > 0) {
    lines.push("### People", "");
    for (const [person, said] of [...changes.people].sort(([a], [b]) => byName(a, b))) {
      lines.push(`- **${person}**`);
      for (const { line } of [...said].sort((a, b) => a.aspect - b.aspect)) lines.push(`  - ${line}`);
    }
    lines.push("");
  }
  if (teamsChanged.length > 0) {
    lines.push("### Teams", "");
    for (const [team, change] of teamsChanged.sort(([a], [b]) => byName(a, b))) {
      const parts = [
        ...(change.added.length > 0 ? [`added ${[...change.added].sort(byName).join(", ")}`] : []),
        ...(change.removed.length > 0 ? [`removed ${[...change.removed].sort(byName).join(", ")}`] : []),
      ];
      lines.push(`- **${team}**: ${parts.join("; ")}`);
    }
    lines.push("");
  }
  if (changes.customRoles.size > 0) {
    lines.push("### Custom roles", "");
    for (const [role, change] of [...changes.customRoles].sort(([a], [b]) => byName(a, b))) {
      const parts = [
        ...(change.status === "changed" ? [] : [change.status]),
        ...(change.added.length > 0 ? [`permissions added ${change.added.join(", ")}`] : []),
        ...(change.removed.length > 0 ? [`permissions removed ${change.removed.join(", ")}`] : []),
        ...change.notes,
      ];
      lines.push(`- **${role}**: ${parts.join("; ")}`);
    }
    lines.push("");
  }
  if (changes.people.size === 0 && teamsChanged.length === 0 && changes.customRoles.size === 0 && changes.refusals.length === 0) {
    lines.push("No access changes.", "");
  }
  return lines.join("\n");
}
