// A review that fits where it is posted: GitHub takes at most 65,536 characters in a comment (an
// issue's or a pull request's), so past that each section of the review lists its first entries and
// counts the rest, and the review says how to print it whole.

/** GitHub's limit on a comment's body, in characters. */
export const COMMENT_LIMIT = 65_536;

/** How many entries each section keeps, tried in turn until the review fits. */
const KEPT_PER_SECTION = [50, 20, 5, 0];

interface Section {
  /** The heading line and the prose before the first entry. */
  head: string[];
  /** Each entry: its bullet line and the indented lines under it. */
  entries: string[][];
  /** What follows the entries (blank lines, closing prose). */
  tail: string[];
}

function sectionOf(lines: readonly string[]): Section {
  const head: string[] = [];
  const entries: string[][] = [];
  const tail: string[] = [];
  for (const line of lines) {
    if (line.startsWith("- ")) entries.push([line]);
    else if (entries.length > 0 && line.startsWith("  ") && tail.length === 0) entries[entries.length - 1]!.push(line);
    else (entries.length === 0 ? head : tail).push(line);
  }
  return { head, entries, tail };
}

function shortened(section: Section, kept: number): string[] {
  if (section.entries.length <= kept) return [...section.head, ...section.entries.flat(), ...section.tail];
  const more = section.entries.length - kept;
  return [...section.head, ...section.entries.slice(0, kept).flat(), `- … and ${more} more, in the full review`, ...section.tail];
}

/**
 * `markdown` as it fits in `limit` characters: as it is when it does; else with each `### ` section
 * listing its first entries and counting the rest, under a note that says how to print it whole
 * (`wholeCommand`).
 */
export function fittedReview(markdown: string, wholeCommand: string, limit = COMMENT_LIMIT): string {
  if (markdown.length <= limit) return markdown;
  const [opening = "", ...rest] = markdown.split(/^(?=### )/m);
  const sections = rest.map((text) => sectionOf(text.split("\n")));
  const note =
    `> This review has ${markdown.length.toLocaleString("en")} characters, past the ${limit.toLocaleString("en")} a GitHub comment ` +
    `takes: each section lists its first entries and counts the rest. \`${wholeCommand}\` prints it whole.\n\n`;
  for (const kept of KEPT_PER_SECTION) {
    const fitted = note + opening + sections.map((section) => shortened(section, kept).join("\n")).join("");
    if (fitted.length <= limit || kept === 0) return fitted;
  }
  return note + opening;
}
