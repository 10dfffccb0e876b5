// The dynamic-resource pattern through the real engine, a program in a folder run by the language
// host, against an RFC SCIM server: create, no-op preview, refresh, update, destroy; the state keeps a
// tiny provider shim and never a credential.
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";

interface StateResource {
  type: string;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

function resourcesOf(state: unknown): StateResource[] {
  return ((state as { resources?: StateResource[] }).resources ?? []).filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/wandb:"));
}

async function rolesIn(emulator: RunningEmulator): Promise<{ id: string; permissions: { name: string; isInherited: boolean }[] }[]> {
  const response = await fetch(`${emulator.scimUrl}/Roles`, {
    headers: { authorization: `Bearer ${emulator.admin.apiKey}` },
  });
  return ((await response.json()) as { Resources: { id: string; permissions: { name: string; isInherited: boolean }[] }[] }).Resources;
}

describe("smoke lifecycle, folder program through the language host", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, dialect: "rfc" });
    stack = await openStack({ dir: path.join(repoRoot, "test", "programs", "smoke") }, { config: emulatorConfig(emulator) });
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("creates the role", async () => {
    const created = await stack.up();
    expect(created.changes).toMatchObject({ create: 2 });
    expect((await rolesIn(emulator)).map((r) => r.id)).toContain(created.outputs["roleId"]);
  });

  it("previews and refreshes without changes", async () => {
    expect((await stack.preview()).changes).toEqual({ same: 2 });
    expect((await stack.refresh()).changes).toEqual({ same: 2 });
  });

  it("updates an input in place, its set kept in order", async () => {
    await stack.stack.setConfig("permissions", { value: JSON.stringify(["run:delete", "project:delete"]) });
    const updated = await stack.up();
    expect(updated.changes).toMatchObject({ update: 1, same: 1 });
    expect(updated.outputs["permissions"]).toEqual(["project:delete", "run:delete"]);
    const held = (await rolesIn(emulator)).find((r) => r.id === updated.outputs["roleId"]);
    expect(held?.permissions.filter((p) => !p.isInherited).map((p) => p.name).sort()).toEqual(["project:delete", "run:delete"]);
  });

  it("keeps a small provider shim and no credential in state", async () => {
    const state = await stack.exportState();
    const [role] = resourcesOf(state);
    expect(role?.type).toBe("pulumi-nodejs:dynamic/wandb:CustomRole");
    const shim = String(role?.inputs?.["__provider"]);
    expect(shim.length).toBeGreaterThan(0);
    expect(shim.length).toBeLessThan(2048);
    expect(JSON.stringify(state)).not.toContain(emulator.admin.apiKey);
    expect(stack.fullLog()).not.toContain(emulator.admin.apiKey);
  });

  it("destroys the role", async () => {
    expect((await stack.destroy()).changes).toMatchObject({ delete: 2 });
    expect(await rolesIn(emulator)).toEqual([]);
  });
});
