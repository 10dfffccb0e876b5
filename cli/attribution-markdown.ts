// Who made a change outside code and when, as the review and `pulumi-wandb audit` write it in
// Markdown: after the line it is about, with the actor's email quoted (escaped like every name from
// W&B); and said once above, what W&B's audit log covered, or why it could not be read.
import { attributionOf, NOT_LOGGED, readingNote, type Attribution, type AuditLogReading, type ChangedObject, type ChangeOutsideCode } from "../model/audit-attribution";
import { joined, markdownOf, ownWords, phrase, type Phrase } from "./quoted-text";

function attributionPhrase(attribution: Attribution): Phrase {
  if ("notLogged" in attribution) return ownWords(NOT_LOGGED);
  if ("noEntrySince" in attribution) return ownWords(`no entry in W&B's audit log since ${attribution.noEntrySince}`);
  return joined([ownWords(`${attribution.said} by `), phrase`${attribution.by}`, ownWords(`, ${attribution.at}`)], "");
}

/** `line`, then what `reading` says of the change it tells (nothing where the log was not read). */
export function attributed(line: Phrase, kind: ChangeOutsideCode, object: ChangedObject, reading: AuditLogReading | undefined): Phrase {
  const attribution = attributionOf(kind, object, reading);
  return attribution === undefined ? line : joined([line, ownWords(" ("), attributionPhrase(attribution), ownWords(")")], "");
}

/** The readings of several records as one: every entry read, from the earliest time read; or why none could be read. */
export function combinedReading(readings: Iterable<AuditLogReading>): AuditLogReading | undefined {
  const all = [...readings];
  const read = all.filter((reading) => reading.unreadable === undefined);
  if (read.length === 0) return all[0];
  return {
    from: read.map((reading) => reading.from).sort()[0] ?? "",
    until: read.map((reading) => reading.until).sort().at(-1) ?? "",
    complete: read.every((reading) => reading.complete),
    entries: read.flatMap((reading) => reading.entries).sort((a, b) => Date.parse(a.at) - Date.parse(b.at)),
  };
}

/** What is said once, above the lines: the time the log covers, or why it could not be read. */
export function readingMarkdown(reading: AuditLogReading | undefined): string[] {
  if (reading === undefined) return [];
  const { lead, detail } = readingNote(reading);
  const capitalised = `${lead.charAt(0).toUpperCase()}${lead.slice(1)}`;
  return [`**${capitalised}:** ${markdownOf(reading.unreadable === undefined ? ownWords(detail) : phrase`${detail}`)}`, ""];
}
