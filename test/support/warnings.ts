// Warnings about one resource, however the provider process gives them: through the engine (a
// "warning" diagnostic), or with @pulumi/pulumi's `log.warn`, which in a dynamic provider's process
// (no engine connection) prints "warning: ..." to stderr, relayed by the engine as an "info#err"
// line with no URN.
import type { Diagnostic } from "./pulumi";

/** The warnings that name `name`: by the resource's URN, or in their message (the object's name). */
export function warningsNaming(diagnostics: Diagnostic[], name: string): Diagnostic[] {
  return diagnostics.filter((diagnostic) => {
    const warning = diagnostic.severity === "warning" || (diagnostic.severity === "info#err" && /^\s*warning:/.test(diagnostic.message));
    return warning && (diagnostic.urn?.endsWith(`::${name}`) || diagnostic.message.includes(name));
  });
}
