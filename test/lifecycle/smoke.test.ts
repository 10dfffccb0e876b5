// The dynamic-resource pattern through the real engine: create, no-op preview, refresh, update,
// destroy; the state keeps a tiny provider shim and never a credential.
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, installedPackage, openStack, repoRoot, type StackHandle } from "../support/pulumi";

interface StateResource {
  type: string;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

function resourcesOf(state: unknown): StateResource[] {
  return ((state as { resources?: StateResource[] }).resources ?? []).filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/wandb:"));
}

async function rolesIn(emulator: RunningEmulator): Promise<{ id: string; name: string; description: string }[]> {
  const response = await fetch(`${emulator.scimUrl}/Roles`, {
    headers: { authorization: `Bearer ${emulator.admin.apiKey}` },
  });
  return ((await response.json()) as { Resources: { id: string; name: string; description: string }[] }).Resources;
}

describe("smoke lifecycle, inline program", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let description = "first";

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    const wandb = installedPackage();
    stack = await openStack(
      {
        projectName: "smoke-inline",
        inline: async () => {
          const role = new wandb.CustomRole("operator", {
            name: "Smoke operator",
            description,
            inheritedFrom: "member",
            permissions: ["run:delete", "project:update"],
          });
          return { roleId: role.id, permissions: role.permissions, description: role.description };
        },
      },
      { config: emulatorConfig(emulator) },
    );
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("creates the role", async () => {
    const result = await stack.up();
    expect(result.changes).toMatchObject({ create: 2 });
    expect(result.outputs["permissions"]).toEqual(["project:update", "run:delete"]);
    const roles = await rolesIn(emulator);
    expect(roles.map((r) => r.id)).toContain(result.outputs["roleId"]);
  });

  it("previews no changes", async () => {
    const result = await stack.preview();
    expect(result.changes).toEqual({ same: 2 });
  });

  it("refreshes without changes", async () => {
    const result = await stack.refresh();
    expect(result.changes).toEqual({ same: 2 });
  });

  it("updates an input in place", async () => {
    description = "second";
    const result = await stack.up();
    expect(result.changes).toMatchObject({ update: 1, same: 1 });
    expect(result.outputs["description"]).toBe("second");
    const roles = await rolesIn(emulator);
    expect(roles.find((r) => r.id === result.outputs["roleId"])?.description).toBe("second");
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
    const result = await stack.destroy();
    expect(result.changes).toMatchObject({ delete: 2 });
    expect(await rolesIn(emulator)).toEqual([]);
  });
});

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

  it("runs up, a no-op preview, an update and destroy", async () => {
    const created = await stack.up();
    expect(created.changes).toMatchObject({ create: 2 });
    expect((await stack.preview()).changes).toEqual({ same: 2 });

    await stack.stack.setConfig("permissions", { value: JSON.stringify(["project:delete", "run:delete"]) });
    const updated = await stack.up();
    expect(updated.changes).toMatchObject({ update: 1 });
    expect(updated.outputs["permissions"]).toEqual(["project:delete", "run:delete"]);

    expect((await stack.destroy()).changes).toMatchObject({ delete: 2 });
    expect(await rolesIn(emulator)).toEqual([]);
  });
});
