import { ScimError } from "./errors";

export interface EqFilter {
  /** Attribute as written by the client; attribute names are case-insensitive in SCIM. */
  attribute: string;
  value: string;
}

const invalidFilter = (detail: string) => new ScimError(400, detail, "invalidFilter");

/**
 * Parses the one filter form the service supports, `<attr> eq "<value>"`, with JSON string escapes.
 * Anything else (and, or, other operators, trailing text) is rejected rather than ignored,
 * so a crafted value can never widen the match.
 */
export function parseEqFilter(text: string): EqFilter {
  const head = /^\s*([A-Za-z][A-Za-z0-9_.:-]*)\s+eq\s+"/i.exec(text);
  if (!head?.[1]) throw invalidFilter(`Unsupported filter ${JSON.stringify(text)}: only <attribute> eq "<value>" is supported`);
  let i = head[0].length;
  let literal = '"';
  for (;;) {
    const ch = text[i];
    if (ch === undefined) throw invalidFilter(`Unterminated string in filter ${JSON.stringify(text)}`);
    if (ch === "\\") {
      const next = text[i + 1];
      if (next === undefined) throw invalidFilter(`Unterminated escape in filter ${JSON.stringify(text)}`);
      literal += ch + next;
      i += 2;
      continue;
    }
    literal += ch;
    i++;
    if (ch === '"') break;
  }
  if (text.slice(i).trim() !== "") throw invalidFilter(`Unsupported filter ${JSON.stringify(text)}: only a single <attribute> eq "<value>" is supported`);
  let value: unknown;
  try {
    value = JSON.parse(literal);
  } catch {
    throw invalidFilter(`Invalid string value in filter ${JSON.stringify(text)}`);
  }
  if (typeof value !== "string") throw invalidFilter(`Invalid string value in filter ${JSON.stringify(text)}`);
  return { attribute: head[1], value };
}

/** Parses a filter and checks that it names one of the allowed attributes (matched case-insensitively). */
export function parseFilterOn<A extends string>(text: string, allowed: readonly A[]): { attribute: A; value: string } {
  const filter = parseEqFilter(text);
  const attribute = allowed.find((a) => a.toLowerCase() === filter.attribute.toLowerCase());
  if (!attribute) throw invalidFilter(`Filtering on "${filter.attribute}" is not supported; supported: ${allowed.join(", ")}`);
  return { attribute, value: filter.value };
}
