// The deactivations and reactivations an Organization's record makes (issue 41): a lost answer is
// settled in the same run by reading the user again, so one dropped connection fails nothing and
// writes nothing twice; a user already as wanted is left alone.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { deactivateUsers, reactivateUsers } from "../../../provider/membership/deactivation";
import { adminRequest, readLog, readState, resetLog, setFaults } from "../../../scripts/emulator-api";
import { operationFor } from "../../support/provider";

describe("deactivating and reactivating the users a roster's rules name", () => {
  let emu: RunningEmulator;
  const activeOf = async (userName: string) => ((await readState(emu)) as { users: { userName: string; active: boolean }[] }).users.find((u) => u.userName === userName)?.active;
  const writesTo = async () => (await readLog(emu)).requests.filter((request: { method: string }) => request.method === "PATCH").length;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
    for (const userName of ["lost", "again"]) {
      const made = await adminRequest(emu, "POST", "/scim/Users", { schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName, emails: [{ value: `${userName}@acme.example`, primary: true }] });
      expect(made.status).toBe(201);
    }
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "log").mockImplementation(() => undefined);
  });
  afterAll(() => emu?.close());

  it("a deactivation whose answer is lost is read again and settled in the run: the user is deactivated, once", async () => {
    await resetLog(emu);
    await setFaults(emu, { dropNext: [{ method: "PATCH", pathPrefix: "/scim/Users" }] });
    await deactivateUsers(operationFor(emu), "acme", ["lost"], "a test");
    expect(await activeOf("lost")).toBe(false);
    expect(await writesTo()).toBe(1);
  });

  it("a reactivation likewise; and a user already as wanted is left alone", async () => {
    await resetLog(emu);
    await setFaults(emu, { dropNext: [{ method: "PATCH", pathPrefix: "/scim/Users" }] });
    await reactivateUsers(operationFor(emu), "acme", ["lost"], "a test");
    expect(await activeOf("lost")).toBe(true);
    await resetLog(emu);
    await reactivateUsers(operationFor(emu), "acme", ["lost", "again"], "a test");
    expect(await writesTo()).toBe(0);
  });
});
