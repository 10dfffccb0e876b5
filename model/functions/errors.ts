import { ProgramError } from "../program-error";
import { inspectedAsMessage } from "../../service/inspected-as-message";

/**
 * Why a lookup function (`getUser`, `getTeam`, `getCustomRole`, `getModel`, ...) failed without
 * the service failing: nothing matched, more than one thing matched, or the arguments were wrong.
 * Failures of the service itself (401, 403, exhausted retries, ...) are thrown as `WandbApiError`,
 * and missing or invalid configuration as `WandbConfigError`.
 */
export class WandbLookupError extends ProgramError {
  /** `not-found`: nothing matched. `ambiguous`: several matched. `invalid-argument`: the arguments were wrong. */
  readonly kind: "not-found" | "ambiguous" | "invalid-argument";
  /** The function that failed, e.g. `getUser`. */
  readonly function: string;
  /** What was searched for, e.g. `{ email: "a@example.com" }`. */
  readonly searched: Readonly<Record<string, unknown>>;
  /** Ids or names of the matches (ambiguous) or the closest candidates (not-found). */
  readonly candidates: readonly string[];

  constructor(init: {
    kind: WandbLookupError["kind"];
    function: string;
    searched: Record<string, unknown>;
    message: string;
    candidates?: string[];
  }) {
    super(`${init.function}: ${init.message}`);
    this.kind = init.kind;
    this.function = init.function;
    this.searched = init.searched;
    this.candidates = init.candidates ?? [];
  }
}

// On the prototype, so the stack header already carries the class name.
Object.defineProperty(WandbLookupError.prototype, "name", { value: "WandbLookupError" });
inspectedAsMessage(WandbLookupError);
