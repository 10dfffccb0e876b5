import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { call, createUser, expectScimError } from "../support/emulator-calls";

describe("filters", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
    await createUser(emu, 'quo"te', { emails: [{ primary: true, value: "quote@example.com" }] });
    await createUser(emu, "back\\slash", { emails: [{ primary: true, value: "back@example.com" }] });
  });
  afterAll(() => emu.close());

  const users = async (filter: string) => call(emu, "GET", `/scim/Users?filter=${encodeURIComponent(filter)}`);
  const names = async (filter: string) => (await users(filter)).body.Resources.map((u: any) => u.userName);

  it("userName eq is case-insensitive; the attribute name too", async () => {
    expect(await names('userName eq "ADMIN"')).toEqual(["admin"]);
    expect(await names('USERNAME EQ "admin"')).toEqual(["admin"]);
    expect(await names('userName eq "adm"')).toEqual([]);
    expect((await users('userName eq "nobody"')).body.totalResults).toBe(0);
  });

  it("emails.value eq is case-insensitive", async () => {
    expect(await names('emails.value eq "Member@ACME.example"')).toEqual(["member"]);
  });

  it('parses \\" and \\\\ escapes', async () => {
    expect(await names('userName eq "quo\\"te"')).toEqual(['quo"te']);
    expect(await names('userName eq "back\\\\slash"')).toEqual(["back\\slash"]);
  });

  it.each([
    'userName eq "admin" or userName eq "member"',
    'userName eq "admin" and active eq "true"',
    'userName eq "x" or "1" eq "1"',
    'userName eq "admin"" or userName pr',
    "userName pr",
    'userName co "adm"',
    'userName sw "a"',
    "userName eq admin",
    'userName eq "unterminated',
    'displayName eq "Org Admin"',
    'emails[type eq "work"].value eq "a@b.c"',
    "",
  ])("rejects %j with 400 invalidFilter instead of widening the match", async (filter) => {
    const body = expectScimError(await users(filter), 400, "wandb");
    expect(body.scimType).toBe("invalidFilter");
  });

  it("a hostile value that looks like an expression matches only itself", async () => {
    expect(await names('userName eq "admin\\" or userName eq \\"member"')).toEqual([]);
  });
});
