// Text of the review that quotes the preview (names, roles, messages), kept apart from the review's
// own words until it is written as Markdown: then every quoted value is escaped for Markdown and HTML,
// so that no name can format, link, hide (`<!--`), forge (a newline, then a heading), notify (`@team`)
// or disguise itself (a bidi control) in any part of it.
import { shownName } from "../model/shown-names";

/** A sentence of the review: its own words, and the values it quotes between them. */
export interface Phrase {
  readonly words: readonly string[];
  readonly quoted: readonly string[];
}

/** `phrase\`joins team ${name}\``: the template's text is the review's own; each value is quoted. */
export function phrase(words: TemplateStringsArray, ...quoted: (string | number)[]): Phrase {
  return { words: [...words], quoted: quoted.map(String) };
}

/** The review's own words, held in a constant (e.g. shared with the engine's output): nothing quoted. */
export const ownWords = (text: string): Phrase => ({ words: [text], quoted: [] });

/** Phrases joined with the review's own separator. */
export function joined(phrases: readonly Phrase[], separator: string): Phrase {
  const words: string[] = [];
  const quoted: string[] = [];
  phrases.forEach((each, index) => {
    if (index === 0) words.push(...each.words);
    else words.push(`${words.pop() ?? ""}${separator}${each.words[0] ?? ""}`, ...each.words.slice(1));
    quoted.push(...each.quoted);
  });
  return { words: words.length > 0 ? words : [""], quoted };
}

/** Quoted values joined by commas, as one phrase. */
export const list = (values: readonly string[]): Phrase => joined(values.map((value) => phrase`${value}`), ", ");

const render = (sentence: Phrase, quote: (value: string) => string) =>
  sentence.words.reduce((text, word, index) => `${text}${index > 0 ? quote(sentence.quoted[index - 1] ?? "") : ""}${word}`, "");

/** The phrase as plain text, its quoted values as they are: for sorting and comparing. */
export const plainText = (sentence: Phrase): string => render(sentence, (value) => value);

/** The phrase as Markdown: its own words as written, each quoted value escaped. */
export const markdownOf = (sentence: Phrase): string => render(sentence, escapeMarkdown);

/** What GitHub's Markdown acts on inside a line: emphasis, code, links, tables, strikethrough, escapes. */
const MARKDOWN_PUNCTUATION = /[\\`*_[\]|~]/g;
const HTML_ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
/**
 * What GitHub turns into a notification or a link to an issue in a comment's text: an `@mention` (an
 * `@` that no letter, digit or `_` precedes, then a login or `org/team`) and an issue reference
 * (`#123`, `owner/repo#123`, `GH-123`). GitHub acts on neither inside a code span.
 */
const GITHUB_REFERENCE = /(?<![A-Za-z0-9_])@[A-Za-z0-9][A-Za-z0-9_-]*(?:\/[A-Za-z0-9][A-Za-z0-9_-]*)?|(?:\bGH-|#)\d+/gi;

const escapedText = (text: string) =>
  text.replace(/[&<>]/g, (character) => HTML_ENTITIES[character] ?? character).replace(MARKDOWN_PUNCTUATION, (character) => `\\${character}`);

/**
 * A value quoted in Markdown that reads as the same characters, and acts as nothing else: a hidden
 * character as its code, with the note that the name hides characters (model/shown-names), HTML
 * and Markdown escaped, and each `@mention` or issue reference in a code span, where GitHub
 * neither notifies nor links (no invisible character is added).
 */
export function escapeMarkdown(value: string): string {
  const shown = shownName(value);
  let text = "";
  let from = 0;
  for (const reference of shown.matchAll(GITHUB_REFERENCE)) {
    text += `${escapedText(shown.slice(from, reference.index))}\`${reference[0]}\``;
    from = reference.index + reference[0].length;
  }
  return text + escapedText(shown.slice(from));
}
