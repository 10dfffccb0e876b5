// The outside-code steps through the real engine, for a program on either door (issue 31; on the
// native plugin the steps its own plumbing carries, see OutsideCodeSteps): on an
// organization seeded with a roster's objects and, beside them, a user, an admin, a team and a
// custom role made by hand, a break-glass admin the roster ignores, a service account and a team
// whose members the identity provider writes. `preview --refresh` and `review --drift` of its JSON
// name each object made by hand and neither the ignored admin nor the service account; one made by
// hand after the last up fails the drift preview under --expect-no-changes and is in its review (taken
// away again, it is no change: the record as the engine calls it, in process,
// test/provider/resources/roster-guard-outside-code.test.ts); a member a
// person adds to the identity provider's team makes `up --refresh` send no write; `users:
// deactivate` is refused at preview for 31% of the users, then deactivates exactly the undeclared
// ones, and `customRoles: delete` deletes the undeclared custom role, named in the review.
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorApi, readLog, readState, resetLog } from "../../scripts/emulator-api";
import { IDP_TEAM, IGNORED_ADMIN, MADE_BY_HAND, outsideCodeRoster, outsideCodeSeed, SERVICE_ACCOUNT } from "./outside-code-organization";
import { emulatorConfig, openStack, previewDiagnostics, type Diagnostic, type StackHandle } from "./pulumi";
import { previewWithWrongKey } from "./wrong-key";
import { reviewOf } from "./review";
import { warningsNaming } from "./warnings";

const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
/** A user made by hand after the last up. */
const LATE = "late-hire";

const errorsOf = (diagnostics: Diagnostic[]) => diagnostics.filter((d) => d.severity === "error").map((d) => d.message).join("\n");
/** Every message of the operation: the dynamic door's lines come as output, the plugin's through the engine's log. */
export const said = (diagnostics: Diagnostic[]) => diagnostics.map((d) => d.message).join("\n");

interface HeldUser {
  id: string;
  userName: string;
  active: boolean;
}

/**
 * The steps a door runs: every one, or those whose outcome reaches the user through the door's own
 * plumbing (its reads at preview, its messages). The rest is the roster record's logic, which both
 * doors serve from one table (provider/kinds.ts) and one door shows.
 */
export type OutsideCodeSteps = "every step" | "the door's own";

export function describeOutsideCode(door: string, program: string, steps: OutsideCodeSteps): void {
  describe(`outside code, through the engine (${door})`, () => {
    let emulator: RunningEmulator;
    let stack: StackHandle;
    const scim = (method: string, resource: string, body?: unknown) => emulatorApi(emulator).scim(method, resource, body);
    const users = async () => ((await readState(emulator)) as { users: HeldUser[] }).users;
    const writeRoster = (roster: object) => writeFileSync(path.join(stack.workDir, "roster.yaml"), stringify(roster));

    beforeAll(async () => {
      // Where the service shows roles: an admin made by hand is told as one (on W&B's documented wire, as a user).
      emulator = await startEmulator({ port: 0, seed: outsideCodeSeed(), userRolesOnGet: "shown" });
      stack = await openStack({ dir: program }, { config: emulatorConfig(emulator) });
      writeRoster(outsideCodeRoster());
    });
    afterAll(async () => {
      await stack?.dispose();
      await emulator?.close();
    });

    // Issue 41: a wrong key passed preview on the native plugin (the listing's 401 was dropped).
    it("a wrong key fails the first preview, with the service's 401 once, and writes nothing", async () => {
      const { refusals, log, writes } = await previewWithWrongKey(stack, emulator);
      expect(refusals, log).toHaveLength(1);
      expect(refusals[0]).toMatch(/Authentication failed\. Check the API key \(wandb:apiKey/);
      // Issue 46: one line, about half the 900 characters it had, told once in the summary, with no stack trace
      // (the dynamic door's host logged one).
      expect(refusals[0]!.trim().split("\n"), refusals[0]).toHaveLength(1);
      expect(refusals[0]!.length, refusals[0]).toBeLessThan(500);
      expect(log.slice(log.indexOf("\nDiagnostics:")).split("Check the API key (wandb:apiKey").length - 1, log).toBe(1);
      expect(log).not.toMatch(/^\s+at .*\.[jt]s:\d+/m);
      expect(writes).toBe(0);
    });

    it("adopts the roster's objects, and names what was made by hand at the up", async () => {
      await resetLog(emulator);
      const up = await stack.up();
      expect((await readLog(emulator)).counters.writes).toBe(0);
      const told = said(up.diagnostics);
      expect(told).toContain(`outside code: ${MADE_BY_HAND.admin} (${MADE_BY_HAND.admin}@acme.example) is an organization admin the roster does not declare`);
      expect(told).toContain(`outside code: user ${MADE_BY_HAND.user} (${MADE_BY_HAND.user}@acme.example, organization role member), not declared`);
    });

    it("a plain up (no --refresh) with the record unchanged makes no report: it lists nothing", async () => {
      await resetLog(emulator);
      const up = await stack.up();
      expect(said(up.diagnostics)).not.toContain("outside code:");
      expect((await readLog(emulator)).counters.byRoute).toEqual({});
    });

    it("preview --refresh --json names each object made by hand, the admin as a warning, and review --drift has an Outside code section naming the same; neither names the ignored admin or the service account", async () => {
      const { json, code } = await stack.previewJson(["--refresh", "--expect-no-changes"]);
      // All of it was there at the last up, which reported it: nothing new, no change.
      expect(code).toBe(0);
      const diagnostics = previewDiagnostics(json);
      const told = said(diagnostics);
      // The admin made by hand is a warning; the rest is information (each door orders its lines its own way).
      const adminLine = `${MADE_BY_HAND.admin} (${MADE_BY_HAND.admin}@acme.example) is an organization admin the roster does not declare`;
      expect(warningsNaming(diagnostics, adminLine)).toHaveLength(1);
      expect(warningsNaming(diagnostics, `user ${MADE_BY_HAND.user} (`)).toEqual([]);
      expect(told).toContain(`user ${MADE_BY_HAND.user} (`);
      expect(told).toContain(`team ${MADE_BY_HAND.team}, not declared, members: ${MADE_BY_HAND.user}`);
      expect(told).toContain(`custom role ${MADE_BY_HAND.customRole}, not declared, member plus project:delete`);
      expect(told).not.toContain(IGNORED_ADMIN);
      expect(told).not.toContain(SERVICE_ACCOUNT);

      const review = await reviewOf(json, ["--drift"]);
      expect(review).toContain("### Outside code");
      expect(review).toContain(`- **Warning:** ${adminLine}`);
      expect(review).toContain(`- user ${MADE_BY_HAND.user} (${MADE_BY_HAND.user}@acme.example, organization role member)`);
      expect(review).toContain(`- team ${MADE_BY_HAND.team}: members ${MADE_BY_HAND.user} (and 1 service account)`);
      expect(review).toContain(`- custom role ${MADE_BY_HAND.customRole}: member plus project:delete`);
      expect(review).not.toContain(IGNORED_ADMIN);
      expect(review).not.toContain(SERVICE_ACCOUNT);
    });

    if (steps === "the door's own") return;

    it("a user made by hand after the last up: the drift preview fails under --expect-no-changes, and its review names the user", async () => {
      await scim("POST", "/Users", { schemas: [USER_SCHEMA], userName: LATE, emails: [{ value: `${LATE}@acme.example`, primary: true }] });
      const { json, code } = await stack.previewJson(["--refresh", "--expect-no-changes"]);
      expect(code).not.toBe(0);
      const review = await reviewOf(json, ["--drift"]);
      expect(review).toContain(`- user ${LATE} (${LATE}@acme.example, organization role member)`);
      expect(review).toContain(`- user ${MADE_BY_HAND.user} (${MADE_BY_HAND.user}@acme.example, organization role member)`);
      // Taken away by hand again (what is gone since the last up is no change: the record's read and
      // diff in process, test/provider/resources/roster-guard-outside-code.test.ts).
      await scim("DELETE", `/Users/${(await users()).find((u) => u.userName === LATE)!.id}`);
    });

    it("a person adds a member to the identity provider's team: up --refresh reports it and sends no write", async () => {
      const state = (await readState(emulator)) as { users: HeldUser[]; teams: { id: string; displayName: string }[] };
      const team = state.teams.find((t) => t.displayName === IDP_TEAM)!;
      const u1 = state.users.find((u) => u.userName === "u1")!;
      await scim("PATCH", `/Groups/${team.id}`, { schemas: [PATCH_OP], Operations: [{ op: "add", path: "members", value: [{ value: u1.id }] }] });
      await resetLog(emulator);
      const up = await stack.up({ refresh: true });
      expect((await readLog(emulator)).counters.writes).toBe(0);
      expect(said(up.diagnostics)).toContain(`team ${IDP_TEAM} (members from the identity provider) differs from the roster's list: in the team, not listed: u1`);
    });

    it("users: deactivate is refused at preview for 5 of the 16 users W&B lists (31%), naming them and the override", async () => {
      for (const userName of ["f1", "f2", "f3"]) {
        await scim("POST", "/Users", { schemas: [USER_SCHEMA], userName, emails: [{ value: `${userName}@acme.example`, primary: true }] });
      }
      writeRoster(outsideCodeRoster({ users: "deactivate", customRoles: "delete" }));
      await resetLog(emulator);
      const refused = await stack.failing("preview", { refresh: true });
      expect(errorsOf(refused.diagnostics)).toContain(
        `this change removes 5 of the 16 users W&B lists (31%): ${MADE_BY_HAND.user}, ${MADE_BY_HAND.admin}, f1, f2, f3, who the roster does not declare (outsideCode.users: deactivate)`,
      );
      expect(errorsOf(refused.diagnostics)).toContain("`WANDB_MAX_REMOVAL_FRACTION=1 pulumi up`");
      expect((await readLog(emulator)).counters.writes).toBe(0);
    });

    it("deactivates exactly the undeclared users, never the ignored admin or the acting user, and deletes the undeclared custom role", async () => {
      for (const user of (await users()).filter((u) => ["f1", "f2", "f3"].includes(u.userName))) await scim("DELETE", `/Users/${user.id}`);
      // No guard rail counts custom roles: the review names the one deleted all the same.
      const review = await reviewOf((await stack.previewJson(["--refresh"])).json);
      expect(review).toContain(`not judged: deletes the custom role ${MADE_BY_HAND.customRole}, which the roster does not declare (outsideCode.customRoles: delete)`);
      await stack.up({ refresh: true });
      const inactive = (await users()).filter((u) => !u.active).map((u) => u.userName).sort();
      expect(inactive).toEqual([MADE_BY_HAND.user, MADE_BY_HAND.admin].sort());
      const roles = ((await readState(emulator)) as { roles: { name: string }[] }).roles.map((role) => role.name);
      expect(roles).toContain("Operator");
      expect(roles).not.toContain(MADE_BY_HAND.customRole);
      expect((await stack.preview({ refresh: true })).changes).not.toHaveProperty("update");
    });
  });
}
