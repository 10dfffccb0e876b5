import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultSeed, startEmulator, type RunningEmulator } from "../../emulator";
import { heldUser } from "../../scripts/emulator-api";
import { call, createUser, expectScimError, newUserBody, patchBody } from "../support/emulator-calls";

describe("seat limit (status 400, detail 'Seat limit reached')", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    // The default seed holds 3 seats (two admins and a member); leave room for exactly 2 more.
    emu = await startEmulator({ port: 0, seed: { ...defaultSeed(), seats: 5 } });
  });
  afterAll(() => emu.close());
  beforeEach(async () => {
    await call(emu, "POST", "/_emulator/reset");
  });

  it("refuses to create an active user once every seat is used; an inactive user needs no seat", async () => {
    await createUser(emu, "s1");
    await createUser(emu, "s2");
    const res = await call(emu, "POST", "/scim/Users", { body: newUserBody("s3") });
    expect(expectScimError(res, 400, "wandb").detail).toContain("Seat limit reached");
    expect((await call(emu, "POST", "/scim/Users", { body: newUserBody("s4", { active: false }) })).status).toBe(201);
  });

  it("refuses reactivation and an upgrade from a viewer-based role when seats are used up; frees a seat on delete", async () => {
    await call(emu, "POST", "/scim/Roles", { body: { name: "Looker", inheritedFrom: "viewer" } });
    const a = await createUser(emu, "a");
    await call(emu, "PATCH", `/scim/Users/${a.id}`, { body: patchBody({ op: "replace", path: "organizationRole", value: "Looker" }) });
    const b = await createUser(emu, "b");
    const c = await createUser(emu, "c");
    const up = await call(emu, "PATCH", `/scim/Users/${a.id}`, { body: patchBody({ op: "replace", path: "organizationRole", value: "member" }) });
    expect(expectScimError(up, 400, "wandb").detail).toContain("Seat limit reached");
    expect((await heldUser(emu, a.id)).organizationRole).toBe("Looker");
    // Member to admin keeps the seat it already holds.
    expect((await call(emu, "PATCH", `/scim/Users/${b.id}`, { body: patchBody({ op: "replace", path: "organizationRole", value: "admin" }) })).status).toBe(200);
    await call(emu, "PATCH", `/scim/Users/${c.id}`, { body: patchBody({ op: "replace", value: { active: false } }) });
    await call(emu, "PATCH", `/scim/Users/${a.id}`, { body: patchBody({ op: "replace", path: "organizationRole", value: "admin" }) });
    const back = await call(emu, "PATCH", `/scim/Users/${c.id}`, { body: patchBody({ op: "replace", value: { active: true } }) });
    expect(expectScimError(back, 400, "wandb").detail).toContain("Seat limit reached");
    await call(emu, "DELETE", `/scim/Users/${b.id}`);
    expect((await call(emu, "PATCH", `/scim/Users/${c.id}`, { body: patchBody({ op: "replace", value: { active: true } }) })).status).toBe(200);
    expect((await call(emu, "GET", "/_emulator/state")).body.seatsUsed).toBe(5);
  });
});
