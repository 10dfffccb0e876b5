// Ids of resources that join two things (a team and a user, a user and a role scope): readable,
// typed by hand as import ids, and always split back into the values they were joined from.

/** The names between angle brackets in a template, e.g. "userId" | "teamName" in "<userId>/teams/<teamName>". */
type Names<T extends string> = T extends `${string}<${infer Name}>${infer Rest}` ? Name | Names<Rest> : never;

export interface IdScheme<T extends string> {
  join(values: Record<Names<T>, string>): string;
  /** The values an id was joined from; fails naming the expected shape. */
  split(id: string): Record<Names<T>, string>;
}

/**
 * Values are joined with "/" between them and the template's fixed words. Only what would break
 * the split is escaped: "/" as %2F, and "%" as %25 where it starts %2F or %25 (so "100%" stays
 * as it is). Matching is case-insensitive on the escapes, as URLs are.
 */
const ESCAPE = /%(?=2[fF5])|\//g;
const UNESCAPE = /%(2F|25)/gi;
const escape = (value: string) => value.replace(ESCAPE, (c) => (c === "/" ? "%2F" : "%25"));
const unescape = (value: string) => value.replace(UNESCAPE, (_, code: string) => (code.toUpperCase() === "2F" ? "/" : "%"));

type Segment = { name: string } | { word: string };

/**
 * An id scheme for `kind` from a template such as "<teamId>/<userId>" or "<userId>/teams/<teamName>".
 *
 * Ids written before values were escaped (the role assignments' `<userId>/teams/<teamName>`
 * carried both verbatim) still split: an id that does not split into the template's segments is
 * cut at the last occurrence of the template's fixed words (e.g. "/teams/"), and its values are
 * taken as written. A template with no fixed words ("<teamId>/<userId>") has no such form.
 */
export function idScheme<const T extends string>(kind: string, shape: T): IdScheme<T> {
  const segments: Segment[] = shape.split("/").map((part) => {
    const name = /^<(.+)>$/.exec(part)?.[1];
    return name === undefined ? { word: part } : { name };
  });
  const names = segments.flatMap((s) => ("name" in s ? [s.name] : []));
  const [first, last] = [names[0], names.at(-1)];
  /** What stands between the first and the last value (or after the only one), e.g. "/teams/". */
  const fixed = shape.replace(/^<[^>]+>/, "").replace(/<[^>]+>$/, "");
  const invalid = (id: string) => new Error(`"${id}" is not a ${kind} id: expected "${shape}"`);

  function strict(id: string): Record<string, string> | undefined {
    const parts = id.split("/");
    if (parts.length !== segments.length) return undefined;
    const values: Record<string, string> = {};
    for (const [i, segment] of segments.entries()) {
      const part = parts[i] ?? "";
      if ("word" in segment) {
        if (part !== segment.word) return undefined;
      } else if (part === "") return undefined;
      else values[segment.name] = unescape(part);
    }
    return values;
  }

  /** The unescaped form: `<first><fixed><last>` or `<first><fixed>`, cut at the last `fixed`. */
  function verbatim(id: string): Record<string, string> | undefined {
    if (first === undefined || !/[^/]/.test(fixed) || names.length > 2) return undefined;
    const at = id.lastIndexOf(fixed);
    const head = at > 0 ? id.slice(0, at) : "";
    const tail = at > 0 ? id.slice(at + fixed.length) : "";
    if (head === "") return undefined;
    if (names.length === 1) return tail === "" ? { [first]: head } : undefined;
    return tail === "" || last === undefined ? undefined : { [first]: head, [last]: tail };
  }

  return {
    join(values) {
      const byName = values as Record<string, string>;
      return segments.map((s) => ("word" in s ? s.word : escape(byName[s.name] ?? ""))).join("/");
    },
    split(id) {
      const values = strict(id) ?? verbatim(id);
      if (!values) throw invalid(id);
      return values as Record<Names<T>, string>;
    },
  };
}
