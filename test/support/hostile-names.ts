// Names people can give users, teams and roles in W&B's web application, which the roster's
// printable-name check never sees: each holds what would act rather than read where it is shown
// (a terminal's ESC and BEL, HTML, a GitHub @mention and issue reference, a zero-width space, a
// right-to-left override). The tests of model/shown-names' callers show them, and look for any raw.
import { expect } from "vitest";
import type { Seed } from "../../emulator";

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

/**
 * `seed` with, beside its own objects, what people made in the web application under these names:
 * a user of each (the ESC one an admin), a team named with the bidi override whose members are the
 * zero-width, @team and BEL users, and a custom role named with the issue reference and the ESC.
 */
export function withHostileNames(seed: Seed): Seed {
  return {
    ...seed,
    users: [
      ...seed.users,
      { userName: HOSTILE.escape, email: "esc@acme.example", organizationRole: "admin" },
      { userName: HOSTILE.bell, email: "bell@acme.example" },
      { userName: HOSTILE.html, email: "html@acme.example" },
      { userName: HOSTILE.mention, email: "team@acme.example" },
      { userName: HOSTILE.zeroWidth, email: "zw@acme.example" },
      { userName: HOSTILE.bidi, email: "bidi@acme.example" },
    ],
    teams: [...(seed.teams ?? []), { displayName: HOSTILE.bidi, members: [{ user: HOSTILE.zeroWidth }, { user: HOSTILE.mention }, { user: HOSTILE.bell }] }],
    roles: [...(seed.roles ?? []), { name: `${HOSTILE.issue} ${HOSTILE.escape}`, inheritedFrom: "member", permissions: ["project:delete"] }],
  };
}

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
