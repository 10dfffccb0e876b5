// getUsers({ inactiveForDays }): the people not active in N days, never active included, from W&B's lastActiveAt.
import { beforeAll, describe, expect, it } from "vitest";
import { getUsers, WandbLookupError } from "../../../sdk";
import { emulatorApi } from "../../../scripts/emulator-api";
import { runAsAdminOf, setupClient, start, type Emulator } from "../../support/functions";

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString().replace(/\.\d+Z$/, "Z");

let emu: Emulator;
beforeAll(async () => {
  emu = await start();
  const scim = setupClient(emu);
  const activity = { recent: [30, daysAgo(3)], stale: [12, daysAgo(120)], justOver: [5, daysAgo(91)] } as const;
  for (const [userName, [daysActive, lastActiveAt]] of Object.entries(activity)) {
    const user = await scim.createUser({ userName, email: `${userName}@inactive.example` });
    await emulatorApi(emu).control("PUT", `/users/${user.id}/activity`, { daysActive, lastActiveAt });
  }
  await scim.createUser({ userName: "never", email: "never@inactive.example" });
});
runAsAdminOf(() => emu);

describe("getUsers inactiveForDays", () => {
  it("returns the people last active before N days ago and the never active, with their activity", async () => {
    const found = await getUsers({ inactiveForDays: 90, filter: { emailDomain: "inactive.example" } });
    expect(found.userNames).toEqual(["justOver", "never", "stale"]);
    expect(found.users.find((user) => user.userName === "stale")).toMatchObject({ daysActive: 12, lastActiveAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    const never = found.users.find((user) => user.userName === "never");
    expect(never?.daysActive).toBe(0);
    expect(never?.lastActiveAt).toBeUndefined();
    expect((await getUsers({ inactiveForDays: 200, filter: { emailDomain: "inactive.example" } })).userNames).toEqual(["never"]);
  });

  it("refuses a count of days that is not a whole number above 0, naming the argument", async () => {
    for (const inactiveForDays of [0, 1.5, "90"]) {
      const error = await getUsers({ inactiveForDays } as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WandbLookupError);
      expect(String(error)).toMatch(/`inactiveForDays` must be/);
    }
  });
});
