import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { emulatorApi, heldUser, type EmulatorApi } from "../../scripts/emulator-api";

interface ScimUser {
  id: string;
  organizationRole?: string;
  teamRoles?: { teamName: string; roleName: string }[];
  registryRoles?: { registryName: string; roleName: string }[];
}

describe("examples/idp-provisioned", () => {
  let emulator: RunningEmulator;
  let api: EmulatorApi;
  let stack: StackHandle;
  let lead: ScimUser;
  let analyst: ScimUser;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    api = emulatorApi(emulator);
    // What the identity provider does before any Pulumi program runs.
    const provision = (userName: string) =>
      api.scim("POST", "/Users", {
        schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
        userName,
        emails: [{ value: `${userName}@example.com`, primary: true }],
      }) as Promise<ScimUser>;
    lead = await provision("lead");
    analyst = await provision("analyst");
    stack = await openStack(
      { dir: path.join(repoRoot, "examples", "idp-provisioned") },
      {
        config: {
          ...emulatorConfig(emulator),
          "idp-provisioned:leadEmail": { value: "Lead@Example.com" },
          "idp-provisioned:analystEmail": { value: "analyst@example.com" },
        },
      },
    );
  });
  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("finds the provisioned users with getUser and gives them roles", async () => {
    const result = await stack.up();
    expect(result.outputs["leadId"]).toBe(lead.id);
    expect(result.outputs["leadUserName"]).toBe("lead");
    expect(result.outputs["analystId"]).toBe(analyst.id);
    expect(result.outputs["modelCount"]).toBe(6);
    const leadNow = (await heldUser(emulator, lead.id)) as ScimUser;
    expect(leadNow.organizationRole).toBe("admin");
    expect(leadNow.teamRoles).toContainEqual({ teamName: "seed-team", roleName: "admin" });
    const analystNow = (await heldUser(emulator, analyst.id)) as ScimUser;
    expect(analystNow.teamRoles).toContainEqual({ teamName: "seed-team", roleName: "viewer" });
    expect(analystNow.registryRoles).toContainEqual({ registryName: "models", roleName: "viewer" });
  });

  it("previews no change", async () => {
    expect((await stack.preview()).changes).toEqual({ same: 6 });
  });

  it("destroys the assignments and never the users", async () => {
    await stack.destroy();
    const leadNow = (await heldUser(emulator, lead.id)) as ScimUser;
    expect(leadNow.organizationRole).toBe("member");
    const analystNow = (await heldUser(emulator, analyst.id)) as ScimUser;
    expect(analystNow.registryRoles ?? []).not.toContainEqual(expect.objectContaining({ registryName: "models" }));
  });
});
