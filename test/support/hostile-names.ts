// Names people can give users, teams and roles in W&B's web application, which the roster's
// printable-name check never sees: each holds what would act rather than read where it is shown
// (a terminal's ESC and BEL, HTML, a GitHub @mention and issue reference, a zero-width space, a
// right-to-left override). The tests of model/shown-names' callers show them, and look for any raw.
import { expect } from "vitest";

export const HOSTILE = {
  /** ESC: a terminal's escape sequence, here turning the text red. */
  escape: "red\u001b[31mteam",
  /** BEL: rings the terminal's bell. */
  bell: "ding\u0007dong",
  html: "<img src=x onerror=alert(1)>",
  mention: "@team",
  issue: "fix #123",
  /** A zero-width space: two names that read alike. */
  zeroWidth: "ana\u200blee",
  /** A right-to-left override: the name reads backwards from it on ("Trojan Source"). */
  bidi: "admin\u202enimda",
} as const;

/** Every character shown here must not be written raw: controls, zero-width and bidi characters. */
export const RAW_HIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/** That `text` holds no hidden character raw, no HTML tag and no GitHub mention or issue reference outside a code span. */
export function expectShownSafely(text: string, { markdown }: { markdown: boolean }): void {
  expect(text).not.toMatch(RAW_HIDDEN);
  if (!markdown) return;
  expect(text).not.toMatch(/<img/i);
  // What GitHub reads as text: the Markdown outside code spans.
  const outsideCode = text.replace(/`[^`\n]*`/g, "");
  // An @mention: an @ after no letter, digit or _, then a login (GitHub's rule); an issue reference: #123.
  expect(outsideCode).not.toMatch(/(?<![A-Za-z0-9_])@[A-Za-z0-9]/);
  expect(outsideCode).not.toMatch(/#\d/);
}
