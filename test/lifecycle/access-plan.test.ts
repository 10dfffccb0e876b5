// The review is the access change (issue 41), through the real engine, both doors in one stack
// (test/programs/access-plan.ts, run inline), each door's roster showing one way of deactivating: after an up and
// an up --refresh in report mode, the dynamic door's roster switched to `outsideCode.users:
// deactivate` and the plugin door's to `deactivateInactiveAfterDays: 90` give one plain preview (as a
// pull request's job runs it) whose access review names and counts each person they deactivate, and
// the plain up after it deactivates exactly them: someone made by hand, or become inactive, after the
// plan was made waits for the next run, which `up --plan` of the reviewed plan then makes exactly; a
// standalone User of the stack is never outside code to deactivate. With a bearer key whose owner
// the provider cannot tell, each door's preview refuses to deactivate the inactive owner until
// wandb:username tells it; the next run, which removes deactivateInactiveAfterDays, works and
// reactivates those it deactivated. What each door leaves to the other here, the record's check
// through both doors in process (the same plan of both ways of deactivating, each with why; the same
// bearer refusal in the same words; the told owner kept): test/provider/doors/parity.test.ts; the plan's
// rules: test/model/inactive-deactivation.test.ts, test/model/outside-code.test.ts, test/cli/review-plan.test.ts.
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { adminRequest, emulatorApi, readState } from "../../scripts/emulator-api";
import { LAST_LOOK_KEY } from "../../provider/kit/state";
import { emulatorConfig, openStack, previewDiagnostics, repoRoot, type StackHandle } from "../support/pulumi";
import { reviewOf } from "../support/review";
import { accessPlanProgram } from "../programs/access-plan";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, "Z");
const DOORS = ["dynamic", "plugin"] as const;
const each = (name: string) => DOORS.map((door) => `${name}-${door}`);

const held = z.object({ users: z.array(z.object({ id: z.string(), userName: z.string(), active: z.boolean() })) });
const stateFile = z.object({ resources: z.array(z.object({ urn: z.string(), inputs: z.record(z.string(), z.unknown()).optional() })) });

describe("the plain preview's review is the access change, and up makes exactly it (both doors)", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  const users = async () => held.parse(await readState(emulator)).users;
  const active = async (userNames: string[]) => {
    const all = await users();
    return Object.fromEntries(userNames.map((userName) => [userName, all.find((u) => u.userName === userName)?.active]));
  };
  const everyone = (names: string[], value: boolean) => Object.fromEntries(names.flatMap(each).map((userName) => [userName, value]));
  const makeByHand = async (name: string) => {
    for (const userName of each(name)) {
      const made = await adminRequest(emulator, "POST", "/scim/Users", {
        schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
        userName,
        emails: [{ value: `${userName}@contractor.example`, primary: true }],
      });
      expect(made.status).toBe(201);
    }
  };
  const lastActive = async (name: string, at: number) => {
    for (const userName of each(name)) {
      const user = (await users()).find((u) => u.userName === userName)!;
      await emulatorApi(emulator).control("PUT", `/users/${user.id}/activity`, { daysActive: 3, lastActiveAt: iso(at) });
    }
  };
  /** The review of a plain `pulumi preview --json`, as a pull request's job runs it. */
  const review = async () => {
    const { json, code } = await stack.previewJson();
    expect(code).toBe(0);
    return reviewOf(json);
  };
  const peopleSection = (markdown: string) => markdown.split(/^### /m).find((section) => section.startsWith("People")) ?? "";
  /** When each roster's record last looked at W&B, as its state keeps it. */
  const lastLooks = async () => {
    const { resources } = stateFile.parse(await stack.exportState());
    return resources.flatMap((resource) => (typeof resource.inputs?.[LAST_LOOK_KEY] === "string" ? [Date.parse(resource.inputs[LAST_LOOK_KEY] as string)] : []));
  };

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    await makeByHand("x");
    stack = await openStack({ projectName: "access-plan", inline: accessPlanProgram }, { config: emulatorConfig(emulator), providerPlugins: [{ name: "wandb", path: repoRoot }] });
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("up, then up --refresh, in report mode: nobody is deactivated", async () => {
    await stack.up();
    const now = Date.now();
    await lastActive("stale", now - 200 * DAY);
    await lastActive("cy", now - 10 * DAY);
    await stack.up({ refresh: true });
    expect(await active(["ana", "stale", "cy", "x"].flatMap(each))).toEqual(everyone(["ana", "stale", "cy", "x"], true));
  });

  it("users: deactivate (dynamic door) and deactivateInactiveAfterDays (plugin door): the plain preview's review names and counts each; up deactivates exactly them, not one made or become inactive since", async () => {
    await stack.stack.setAllConfig({ "outsideUsers-dynamic": { value: "deactivate" }, "inactiveDays-plugin": { value: "90" } });
    const markdown = await review();
    const people = peopleSection(markdown);
    expect(people).toContain("- **x-dynamic**\n  - is deactivated: not declared in the roster (outsideCode.users: deactivate)");
    expect(people).toMatch(/- \*\*stale-plugin\*\*\n {2}- is deactivated: not active in 90 days \(last active \d{4}-\d\d-\d\d\)/);
    expect(people).toMatch(/- \*\*admin\*\*\n {2}- kept: the user the provider acts as: never deactivated/);
    expect(markdown).toMatch(/\*\*Totals:\*\* 2 people gain or lose access \(0 joining the organization, 2 leaving it\)/);
    expect(people).not.toMatch(/sam-|x-plugin|stale-dynamic|cy-/);

    // After the plan: y made by hand; cy inactive, a second past the cutoff of the plan's last look, and so 90 days ago by now.
    await makeByHand("y");
    const lastLook = Math.max(...(await lastLooks()));
    await lastActive("cy", lastLook - 90 * DAY + 1_000);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastLook + 1_500 - Date.now())));
    const up = await stack.up();
    expect(await active(["x", "stale", "y", "cy", "ana", "sam"].flatMap(each))).toEqual({
      ...everyone(["y", "cy", "ana", "sam"], true),
      "x-dynamic": false,
      "x-plugin": true,
      "stale-dynamic": true,
      "stale-plugin": false,
    });
    expect((await active(["admin"])).admin).toBe(true);
    for (const userName of ["y-dynamic", "cy-plugin"]) expect(up.log).toContain(`${userName} qualifies for deactivation only since the last run: left for the next run`);
    // Each door's record knows the stack's own users from its last state, whatever the order of the checks.
    const { resources } = stateFile.parse(await stack.exportState());
    const stackUsers = resources.flatMap((resource) => (Array.isArray(resource.inputs?.["stackUsers"]) ? [resource.inputs["stackUsers"]] : []));
    expect(stackUsers).toHaveLength(2);
    for (const known of stackUsers) expect(known).toEqual(expect.arrayContaining(each("sam")));
  });

  it("up --plan: the engine holds the up to the reviewed plan; refused when the organization changed since, it deactivates no one", async () => {
    const plan = path.join(stack.scratch, "plan.json");
    const reviewedPlan = async () => {
      const { json, code } = await stack.previewJson(["--save-plan", plan]);
      expect(code).toBe(0);
      return peopleSection(await reviewOf(json));
    };
    const upWithPlan = () => stack.stack.up({ plan, color: "never" }).then(() => "applied", (error: Error) => error.message);
    // One door deactivates in this run (the plugin's roster, for inactivity). Two Organizations over one W&B organization
    // each quote the users W&B lists: the other's deactivations, made first at the up, would change that count between
    // the plan and the up, and the engine would hold the up to the plan it no longer is.
    await stack.stack.setConfig("outsideUsers-dynamic", { value: "report" });

    // Named by the plan: cy, inactive since the last run.
    const people = await reviewedPlan();
    expect(people).toContain("- **cy-plugin**\n  - is deactivated: not active in 90 days");
    expect(people).not.toContain("y-dynamic");
    await makeByHand("z");
    expect(await upWithPlan()).toMatch(/violates plan: properties changed/);
    expect(await active(["y", "cy", "z"].flatMap(each))).toEqual(everyone(["y", "cy", "z"], true));

    // Reviewed again, the plan is made exactly.
    expect(await reviewedPlan()).toContain("- **cy-plugin**\n  - is deactivated: not active in 90 days");
    expect(await upWithPlan()).toBe("applied");
    expect(await active(["y", "cy", "z", "ana", "sam"].flatMap(each))).toEqual({
      ...everyone(["y", "z", "ana", "sam"], true),
      "cy-dynamic": true,
      "cy-plugin": false,
    });
  });

  // Issue 46: with a bearer key and no username, the acting admin was deactivated for inactivity, and the next run got 401.
  it("a bearer key, its owner inactive for 200 days: each door's preview refuses, naming wandb:username, until told; then up keeps the owner and the next run works", async () => {
    await stack.stack.removeConfig("outsideUsers-dynamic");
    await stack.stack.setConfig("wandb:authScheme", { value: "bearer" });
    await stack.stack.removeConfig("wandb:username");
    const admin = (await users()).find((user) => user.userName === "admin")!;
    await emulatorApi(emulator).control("PUT", `/users/${admin.id}/activity`, { daysActive: 3, lastActiveAt: iso(Date.now() - 200 * DAY) });

    // One door's roster at a time: the engine stops at the first refused check. The dynamic door's first, then the plugin's as it stands.
    const refusedOn = async (door: (typeof DOORS)[number]) => {
      const errors = (await stack.failing("preview")).diagnostics.filter((d) => d.severity === "error").map((d) => d.message).join("\n");
      const refusal = new RegExp(
        `Organization "acme-${door}": this change deactivates (\\S+, )*admin(, \\S+)*, not active in 90 days \\(deactivateInactiveAfterDays\\); the provider cannot tell which user its bearer key belongs to.*Set wandb:username \\(WANDB_USERNAME\\) to the key's owner`,
        "g",
      );
      expect(errors.match(refusal), `${door} door, once:\n${errors}`).toHaveLength(1);
      expect(errors, "no stack trace").not.toMatch(/\n\s+at /);
    };
    await stack.stack.setConfig("inactiveDays-dynamic", { value: "90" });
    await stack.stack.removeConfig("inactiveDays-plugin");
    await refusedOn("dynamic");
    await stack.stack.removeConfig("inactiveDays-dynamic");
    await stack.stack.setConfig("inactiveDays-plugin", { value: "90" });
    await refusedOn("plugin");
    expect((await active(["admin"])).admin).toBe(true);

    await stack.stack.setConfig("wandb:username", { value: "admin" });
    await stack.up();
    expect((await active(["admin"])).admin).toBe(true);
  });

  it("the next run, removing deactivateInactiveAfterDays: the key's owner still reaches W&B; the plain preview's review names the reactivations, and up makes them", async () => {
    await stack.stack.removeConfig("inactiveDays-plugin");
    const { json, code } = await stack.previewJson();
    expect(code).toBe(0);
    // Its diagnostics, not the whole JSON: ids and timestamps may hold the digits 401.
    expect(previewDiagnostics(json).map((diagnostic) => diagnostic.message).join("\n")).not.toMatch(/\b401\b|refused the credentials/);
    const people = peopleSection(await reviewOf(json));
    for (const userName of ["stale-plugin", "cy-plugin"]) expect(people).toContain(`- **${userName}**\n  - is reactivated`);
    const up = await stack.up();
    expect(await active(["admin", ...each("stale"), ...each("cy")])).toEqual({ admin: true, ...everyone(["stale", "cy"], true) });
    expect(up.log).not.toMatch(/deactivated (x|y)-/);
  });
});
