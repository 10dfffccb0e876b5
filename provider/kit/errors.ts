// Errors shared by the resources: a half-made resource, a resource gone mid-operation, a status test.
import { WandbApiError } from "../../api/client";

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
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`created ${id}, but could not finish setting it up: ${reason}`);
    this.reasons = [reason];
  }
}

/** The resource from a read that must find it; a resource gone mid-operation asks for a refresh. */
export function requireFound<T>(found: T | undefined, what: string): T {
  if (found === undefined) throw new Error(`${what} no longer exists in W&B: run \`pulumi refresh\`, then \`pulumi up\` to recreate it`);
  return found;
}

export function isStatus(error: unknown, status: number): error is WandbApiError {
  return error instanceof WandbApiError && error.status === status;
}

