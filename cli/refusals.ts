// The errors a preview failed with, as a reviewer reads them: each refusal's message alone. The
// engine wraps a provider's message (`error: <type> resource '<name>' has a problem: ...`), a
// program adds the traceback or stack of the exception that ended it, and a component whose child
// was refused adds an echo of the closed connection; none of these says why.
import type { PreviewJson } from "./preview-json";

/** What the engine and the language hosts put around a message: none of it says why. */
const WRAPPERS = [
  /^error: /,
  /^\S+ resource '[^']*' has a problem: /,
  /^Program failed with an unhandled exception:\s*/,
  // A Python or JavaScript exception's class, e.g. `pulumi.errors.RunError: `, `WandbLookupError: `.
  /^(?:[A-Za-z_]\w*\.)*\w*(?:Error|Exception): /,
  /^invoke of \S+ failed: /,
  /^invocation of \S+ returned an error: /,
];
const TRACEBACK = "Traceback (most recent call last):";
/** A line of a JavaScript stack trace. */
const STACK_FRAME = /^\s+at \S/;
/**
 * What the engine reports, now and then, of a component whose child was refused while the engine
 * shut the run down (the native plugin still constructing it): only echoes of that refusal.
 */
const ECHOES = new Set(["grpc: the client connection is closing", "resource monitor shut down", "Resource monitor has terminated, shutting down"]);

/** The last exception's message, without the traceback's frames (indented lines) above it. */
function withoutTraceback(message: string): string {
  const lines = message.split("\n");
  const start = lines.lastIndexOf(TRACEBACK);
  if (start < 0) return message;
  let end = start + 1;
  while (end < lines.length && (lines[end]?.startsWith(" ") || lines[end]?.trim() === "")) end += 1;
  return lines.slice(end).join("\n");
}

/** The message without its wrappers, however many are nested. */
function unwrapped(message: string): string {
  const once = WRAPPERS.reduce((text, wrapper) => text.replace(wrapper, ""), message);
  return once === message ? message : unwrapped(once);
}

/** A diagnostic's message alone: no traceback, no stack frames, no wrapper. */
const messageAlone = (message: string): string =>
  unwrapped(
    withoutTraceback(message.trim().replace(/^error: /, ""))
      .split("\n")
      .filter((line) => !STACK_FRAME.test(line))
      .join("\n")
      .trim(),
  );

/** Each distinct message once, in the order first reported, with how many reported it where more than one did. */
function onceEach(messages: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const message of messages) counts.set(message, (counts.get(message) ?? 0) + 1);
  return [...counts].map(([message, count]) => (count === 1 ? message : `${message} (reported ${count} times, by as many resources)`));
}

/** The errors the engine reported, a guard rail's refusal among them, each its message alone, each distinct one once. */
export function refusalsOf(preview: PreviewJson): string[] {
  const messages = preview.diagnostics
    .filter((diagnostic) => diagnostic.severity === "error")
    .map((diagnostic) => messageAlone(diagnostic.message))
    .filter((message) => message !== "");
  const causes = messages.filter((message) => !ECHOES.has(message));
  return onceEach(causes.length > 0 ? causes : messages);
}
