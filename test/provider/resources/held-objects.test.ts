// A rename in code without an alias, as the engine calls the provider: the new resource's create
// takes the object over, then the old resource's delete comes in the same operation. The delete
// leaves the object and says so; in another operation, where no resource holds it, it removes it.
// Against the emulator over real HTTP, through the calls both front doors make (provider/kinds).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { KINDS } from "../../../provider/kinds";
import { heldUser, readLog, readState, resetLog } from "../../../scripts/emulator-api";
import { nextOperation, operationFor } from "../../support/provider";
import type { Operation } from "../../../provider/operation";

describe("a delete of an object another resource of the operation holds", () => {
  let emu: RunningEmulator;
  let operation: Operation;
  let warnings: string[];

  const checked = async (kind: keyof typeof KINDS, news: Record<string, unknown>) => {
    const result = await KINDS[kind].check(operation, {}, news);
    expect(result.failures ?? []).toEqual([]);
    return result.inputs;
  };
  const userIds = async () => ((await readState(emu)) as { users: { id: string }[] }).users.map((u) => u.id);

  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
  });
  afterAll(() => emu?.close());
  beforeEach(() => {
    operation = operationFor(emu);
    warnings = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => void warnings.push(line));
  });

  it("leaves a user the new resource took over, saying so; another operation's delete removes it", async () => {
    const inputs = await checked("User", { userName: "ana", email: "ana@acme.example", organizationRole: "admin" });
    const old = await KINDS.User.create(operation, inputs);
    operation = nextOperation(operation);
    const renamed = await KINDS.User.create(operation, await checked("User", { userName: "ana", email: "ana@acme.example", organizationRole: "admin" }));
    expect(renamed.id).toBe(old.id);

    await resetLog(emu);
    await KINDS.User.delete(operation, old.id, old.outs);
    expect((await readLog(emu)).requests).toEqual([]);
    expect(await userIds()).toContain(old.id);
    expect(warnings.join("\n")).toContain(
      `User ${old.id} with userName "ana" was left in W&B, as it is: another resource of this stack holds it in this run`,
    );
    expect(warnings.join("\n")).toMatch(/a rename in code, not a removal\. Nothing was removed\..*`aliases`.*`pulumi state move`/);

    await KINDS.User.delete(nextOperation(operation), renamed.id, renamed.outs);
    expect(await userIds()).not.toContain(old.id);
  });

  it("leaves an organization role a declared resource kept (checked, then its diff found no replacement) in the same operation", async () => {
    const user = await KINDS.User.create(operation, await checked("User", { userName: "bo", email: "bo@acme.example" }));
    const assignment = await checked("OrganizationRoleAssignment", { user: user.id, role: "admin" });
    const old = await KINDS.OrganizationRoleAssignment.create(operation, assignment);
    operation = nextOperation(operation);

    await checked("OrganizationRoleAssignment", { user: user.id, role: "admin" });
    const kept = await KINDS.OrganizationRoleAssignment.diff(operation, old.id, old.outs, assignment);
    expect(kept.changes).toBe(false);
    await KINDS.OrganizationRoleAssignment.delete(operation, old.id, old.outs);
    expect((await heldUser(emu, user.id)).organizationRole).toBe("admin");

    await KINDS.OrganizationRoleAssignment.delete(nextOperation(operation), old.id, old.outs);
    expect((await heldUser(emu, user.id)).organizationRole).toBe("member");
  });

  // The engine diffs every resource it refreshes (`up --refresh`, `destroy --refresh`), the ones the
  // program dropped included, with their recorded inputs; nothing checks them: they declare nothing.
  it("removes a user a refresh diffed in the same operation but no resource declares", async () => {
    const inputs = await checked("User", { userName: "cy", email: "cy@acme.example" });
    const created = await KINDS.User.create(operation, inputs);
    operation = nextOperation(operation);

    await KINDS.User.read(operation, created.id, created.outs);
    const refreshed = await KINDS.User.diff(operation, created.id, created.outs, inputs);
    expect(refreshed.changes).toBe(false);
    await KINDS.User.delete(operation, created.id, created.outs);
    expect(await userIds()).not.toContain(created.id);
    expect(warnings.join("\n")).not.toContain("was left in W&B");
  });

  it("removes an organization role a refresh diffed while another resource declares its user", async () => {
    const user = await KINDS.User.create(operation, await checked("User", { userName: "di", email: "di@acme.example" }));
    const assignment = await checked("OrganizationRoleAssignment", { user: user.id, role: "admin" });
    const old = await KINDS.OrganizationRoleAssignment.create(operation, assignment);
    operation = nextOperation(operation);

    await checked("User", { userName: "di", email: "di@acme.example" });
    await KINDS.OrganizationRoleAssignment.diff(operation, old.id, old.outs, assignment);
    await KINDS.OrganizationRoleAssignment.delete(operation, old.id, old.outs);
    expect((await heldUser(emu, user.id)).organizationRole).toBe("member");
  });
});
