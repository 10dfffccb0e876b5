import { startEmulator, type RunningEmulator } from "../../emulator";
import { closeAllPools, ScimClient } from "../../service";
import { resolveConfig } from "../../service/config";
import type * as pulumi from "@pulumi/pulumi";
import { afterAll, afterEach, beforeEach } from "vitest";
import { clearFaults, resetLog, setFaults } from "../../scripts/emulator-api";

export type Emulator = RunningEmulator;

/** Every variable the functions read; cleared before each test and restored afterwards. */
export const WANDB_ENV = [
  "WANDB_BASE_URL",
  "WANDB_SCIM_PATH",
  "WANDB_API_KEY",
  "WANDB_AUTH_SCHEME",
  "WANDB_USERNAME",
  "WANDB_DEPLOYMENT",
  "WANDB_INFERENCE_URL",
  "WANDB_INFERENCE_PROJECT",
  "WANDB_MAX_CONCURRENCY",
  "WANDB_MAX_RETRIES",
  "WANDB_TIMEOUT_SECONDS",
] as const;

let saved: Record<string, string | undefined> | undefined;

/** Replaces the WANDB_* environment with `vars` (undefined entries stay unset). */
export function setEnv(vars: Partial<Record<(typeof WANDB_ENV)[number], string | undefined>>): void {
  saved ??= Object.fromEntries(WANDB_ENV.map((k) => [k, process.env[k]]));
  for (const key of WANDB_ENV) delete process.env[key];
  for (const [key, value] of Object.entries(vars)) if (value !== undefined) process.env[key] = value;
}

export function restoreEnv(): void {
  if (!saved) return;
  for (const key of WANDB_ENV) {
    const value = saved[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  saved = undefined;
}

/** The environment of an org admin of `emu`, talking to both its SCIM and inference APIs. */
export function adminEnv(emu: Emulator, extra: Partial<Record<(typeof WANDB_ENV)[number], string | undefined>> = {}) {
  return {
    WANDB_BASE_URL: emu.url,
    WANDB_API_KEY: emu.admin.apiKey,
    WANDB_USERNAME: emu.admin.username,
    WANDB_INFERENCE_URL: emu.inferenceUrl,
    WANDB_INFERENCE_PROJECT: emu.inferenceProject,
    WANDB_TIMEOUT_SECONDS: "10",
    ...extra,
  };
}

export async function start(): Promise<Emulator> {
  return startEmulator({ port: 0 });
}

/** A SCIM client of the admin, for arranging state; independent of the functions' clients. */
export function setupClient(emu: Emulator): ScimClient {
  return new ScimClient(
    resolveConfig({ baseUrl: emu.url, apiKey: emu.admin.apiKey, username: emu.admin.username }, {}),
    { retry: { limit: 0 } },
  );
}

export const failNext = (emu: Emulator, ...failures: Record<string, unknown>[]) => setFaults(emu, { failNext: failures });
export { readLog } from "../../scripts/emulator-api";

/**
 * The hooks of a file whose functions run as the admin of one emulator: each test starts with the
 * admin's environment, no faults and an empty log; the emulator is closed after the file.
 */
export function runAsAdminOf(emu: () => Emulator): void {
  afterAll(async () => {
    await emu().close();
    await closeAllPools();
  });
  beforeEach(async () => {
    setEnv(adminEnv(emu()));
    await clearFaults(emu());
    await resetLog(emu());
  });
  afterEach(() => restoreEnv());
}

/**
 * The value of an Output, or its failure (Output#promise is internal to @pulumi/pulumi but stable).
 * A failed Output also rejects its isKnown/isSecret/allResources promises; in a program the
 * Pulumi runtime reports that as the program's error, here they are marked handled.
 */
export function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  const internals = output as unknown as {
    promise(): Promise<T>;
    isKnown: Promise<boolean>;
    isSecret: Promise<boolean>;
    allResources?: () => Promise<unknown>;
  };
  for (const promise of [internals.isKnown, internals.isSecret, internals.allResources?.()]) promise?.catch(() => {});
  return internals.promise();
}

