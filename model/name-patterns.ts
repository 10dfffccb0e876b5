// Glob patterns on names (`*` any run of characters, `?` one; case ignored), as `pulumi-wandb export
// --exclude` and a roster's `outsideCode.ignore` take them: one rule for both.

function globMatcher(pattern: string): RegExp {
  const source = [...pattern].map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.+^${}()|[\]\\]/g, "\\$&"))).join("");
  return new RegExp(`^${source}$`, "i");
}

/** The first of `patterns` that matches any of the names it is given (a user's userName and email, a team's or role's name); undefined when none does. */
export function patternMatcher(patterns: readonly string[]): (...names: string[]) => string | undefined {
  const matchers = patterns.map((pattern) => ({ pattern, regex: globMatcher(pattern) }));
  return (...names) => matchers.find(({ regex }) => names.some((name) => regex.test(name)))?.pattern;
}
