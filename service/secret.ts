import { inspect } from "node:util";

const REDACTED = "[REDACTED]";

// Every secret value ever wrapped, so error text echoed by a server (or a
// cause message) can be scrubbed even when we did not put the key there.
const knownSecretTexts = new Set<string>();

/** Holds a credential so that JSON.stringify, util.inspect and string interpolation never show it. */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
    registerSecretText(value);
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return `Secret(${REDACTED})`;
  }
}

/**
 * The shortest text scrubbed from messages: shorter ones would scrub ordinary words out of them, so
 * a credential must be at least this long to be accepted at all (service/config.ts).
 */
export const SHORTEST_SECRET = 8;

/** Adds derived forms of a secret (e.g. a base64 Basic credential) to the scrub list. */
export function registerSecretText(text: string): void {
  if (text.length >= SHORTEST_SECRET) knownSecretTexts.add(text);
}

export function scrubSecrets(text: string): string {
  let out = text;
  for (const secret of knownSecretTexts) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

const SECRET_HEADER = /authorization|api[-_]?key|token|secret|password|cookie/i;
const SECRET_FIELD = /key|token|secret|password|credential|authorization/i;

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_HEADER.test(name) ? REDACTED : scrubSecrets(value);
  }
  return out;
}

export function redactBody(body: unknown): unknown {
  if (typeof body === "string") return scrubSecrets(body);
  if (Array.isArray(body)) return body.map(redactBody);
  if (body !== null && typeof body === "object") {
    const out: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(body)) {
      out[field] = SECRET_FIELD.test(field) ? REDACTED : redactBody(value);
    }
    return out;
  }
  return body;
}
