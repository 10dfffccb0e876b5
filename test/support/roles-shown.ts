// Setup of the "roles shown" project: every emulator a test starts without saying otherwise shows
// organizationRole, teamRoles and registryRoles on GET, as some W&B versions do beyond the docs.
import { vi } from "vitest";

vi.mock("../../emulator", async (importOriginal) => {
  const emulator = await importOriginal<typeof import("../../emulator")>();
  return {
    ...emulator,
    startEmulator: (options: Parameters<typeof emulator.startEmulator>[0] = {}) =>
      emulator.startEmulator({ userRolesOnGet: "shown", ...options }),
  };
});
