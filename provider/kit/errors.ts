// Errors shared by the resources: a half-made resource, a resource gone mid-operation, a status test,
// and what to do next in Pulumi, which the client's errors leave to their caller.
import { shownName } from "../../model/shown-names";
import { credentialsRefused, WandbApiError } from "../../service";
import type { ConfiguredOperation } from "./implementation";

/**
 * Thrown when the service created the resource but a later step of `create` (or `update`)
 * failed: the engine records the resource with these outputs as created but not initialised,
 * so nothing is orphaned and the next `up` finishes the work.
 */
export class ResourceInitError extends Error {
  override readonly name = "ResourceInitError";
  readonly reasons: string[];
  constructor(
    readonly id: string,
    readonly properties: Record<string, unknown>,
    cause: unknown,
  ) {
    const reason = messageWithAdvice(cause);
    super(`created ${id}, but could not finish setting it up: ${reason}`);
    this.reasons = [reason];
  }
}

/** The resource from a read that must find it; a resource gone mid-operation asks for a refresh. */
export function requireFound<T>(found: T | undefined, what: string): T {
  if (found === undefined) throw new Error(`${what} no longer exists in W&B: run \`pulumi refresh\`, then \`pulumi up\` to recreate it`);
  return found;
}

/**
 * Whether a read the preview may go without must fail it instead: the service refused the
 * credentials, so no request of the run can succeed; told by the first such read of the operation only.
 */
export function failsThePreview(operation: ConfiguredOperation, error: unknown): boolean {
  return credentialsRefused(error) && operation.firstCredentialsRefusal();
}

export function isStatus(error: unknown, status: number): error is WandbApiError {
  return error instanceof WandbApiError && error.status === status;
}

/** What to do next in Pulumi after a failure of the service; the client's message says what happened. */
function pulumiAdvice(error: WandbApiError): string | undefined {
  if (error.isSeatLimit) return "Then run `pulumi up` again.";
  // The next `up` reads what a write of unknown outcome left and finishes from there (takes over what it made).
  if (error.outcomeUnknown) return "Run `pulumi up` again: it reads what landed and finishes the work from there.";
  switch (error.status) {
    case 400:
      return "Check the resource's inputs.";
    case 401:
      // Without the program, the engine configures the provider with the settings its state recorded.
      return "Corrected the key since the last update? Run `pulumi refresh` and `pulumi destroy` with `--run-program`, or they send the recorded one.";
    case 404:
      // On a collection, a 404 means no SCIM API there: the client's message names the settings to check.
      return error.collection ? undefined : "It may have been deleted outside Pulumi: run `pulumi refresh`.";
    case 409:
      // Adopting answers a create's conflict; an update's (a rename onto a taken name) is the resource's to explain.
      if (error.method !== "POST") return undefined;
      return 'To take the existing one over, set `adoptExisting: true` on the resource (a User or Team also takes `importId: "<SCIM id>"` to adopt exactly that object).';
    case 412:
      return "Run `pulumi refresh`, then `pulumi up` again.";
    default:
      return undefined;
  }
}

function messageWithAdvice(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const advice = error instanceof WandbApiError ? pulumiAdvice(error) : undefined;
  return advice === undefined ? message : `${message} ${advice}`;
}

/** A failure as the engine shows it: a failure of the service gains the Pulumi advice its client leaves out. */
export function withPulumiAdvice(error: unknown): unknown {
  if (!(error instanceof WandbApiError)) return error;
  const message = messageWithAdvice(error);
  return message === error.message ? error : new Error(message, { cause: error });
}

/** Text of several lines as people may read it: each line's hidden characters by code (model/shown-names), its lines kept. */
export const shownLines = (text: string): string => text.split("\n").map(shownName).join("\n");

/**
 * A failure as the engine shows it to people: the names from W&B its message quotes with their
 * hidden characters (an ESC, a bidi control) by code, never raw on a terminal. The same error, so
 * that the doors still tell its kind (a half-made resource keeps its id and properties).
 */
export function shownFailure(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const shown = shownLines(error.message);
  if (shown === error.message) return error;
  error.message = shown;
  if (error instanceof ResourceInitError) error.reasons.splice(0, error.reasons.length, ...error.reasons.map(shownLines));
  return error;
}
