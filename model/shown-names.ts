// How a name from W&B is shown to people, wherever they read it (the engine's output, the access
// review, `pulumi-wandb audit`): users, teams and roles made in the web application never pass the
// roster's printable-name check, so they may hold characters that act rather than read. Each such
// character is shown as its code (`\u001b`), and the name says that it hides characters.

/**
 * A character no one sees in a name, or that changes what the text around it shows: the C0 and C1
 * controls and DEL (a terminal acts on ESC and BEL), the line and paragraph separators, zero-width
 * characters and invisible operators (U+200B..U+200D, U+2060..U+2064, U+FEFF), the bidi marks and
 * controls (U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069: "Trojan Source", a name that
 * reads as another) and the Unicode tag characters (U+E0000..U+E007F, invisible text).
 */
export const HIDDEN_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u{e0000}-\u{e007f}]/u;

const HIDDEN_CHARACTERS = new RegExp(HIDDEN_CHARACTER.source, "gu");

/** What a name shown with codes says after it. */
export const HIDES_CHARACTERS = "(hides characters)";

/** `\u001b`, `\u202e`, `\u{e0041}`: a character as the code JavaScript writes it. */
const codeOf = (character: string): string => {
  const point = character.codePointAt(0) ?? 0;
  return point > 0xffff ? `\\u{${point.toString(16)}}` : `\\u${point.toString(16).padStart(4, "0")}`;
};

/**
 * A name (or any text quoted from W&B) as people may read it: as it is when it hides nothing, else
 * each hidden character as its code, followed by ` (hides characters)`. The one place that decides
 * it; the Markdown of the CLI escapes the result further (cli/quoted-text.ts).
 */
export function shownName(name: string): string {
  if (!HIDDEN_CHARACTER.test(name)) return name;
  return `${name.replace(HIDDEN_CHARACTERS, codeOf)} ${HIDES_CHARACTERS}`;
}
