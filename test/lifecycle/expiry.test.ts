// Access that ends (issue 44), through the real engine, both doors in one stack (test/programs/expiry.ts, run inline),
// each door acting as its own admin: a membership and an admin grant that end in 3 days are listed at
// preview (the drift watch's, right after the up) and by the drift watch, which stays green; once past
// (the clock moved by WANDB_EXPIRY_AS_OF), the drift watch fails naming them, and the plain preview's
// review names and counts exactly what the plain up then removes. A roster that gives a grant already
// past is refused at preview, with no request sent; one that demotes a required admin, with an expiry
// of the acting user's own access, is refused at preview naming both (dynamic door); the plugin door's
// acting user's expiry is refused too. The required admin's refusal, left to the dynamic door here, is the
// same call through both doors in process, in the same words:
// test/provider/doors/parity.test.ts; each refusal's rule: test/model/guard-rails/expiry-rails.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { defaultSeed } from "../../emulator/seed";
import { readLog, readState, resetLog } from "../../scripts/emulator-api";
import { DRIFT_PREVIEW_ARGS, runDriftWatch } from "../support/drift-watch";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { reviewOf } from "../support/review";
import { expiryProgram } from "../programs/expiry";

const DAY = 86_400_000;
const DOORS = ["dynamic", "plugin"] as const;
const ACTING = { dynamic: "admin", plugin: "second-admin" } as const;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const each = (name: string) => DOORS.map((door) => `${name}-${door}`);
const section = (markdown: string, heading: string) => markdown.split(/^### /m).find((part) => part.startsWith(heading)) ?? "";

const held = z.object({
  users: z.array(z.object({ userName: z.string(), organizationRole: z.string().optional() })),
  teams: z.array(z.object({ displayName: z.string(), members: z.array(z.object({ user: z.string().optional() })) })),
});

describe("access that ends: listed before, enforced after, never the acting user's (both doors)", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  const today = Date.now();
  const soon = utcDay(today + 3 * DAY);
  /** Each door's acting user's membership ends on its own day: a preview fails on the first refusal it meets. */
  const later = { dynamic: utcDay(today + 5 * DAY), plugin: utcDay(today + 7 * DAY) };
  /** The clock of a run `days` from now, as the tests set it. */
  const after = (days: number) => ({ WANDB_EXPIRY_AS_OF: new Date(today + days * DAY).toISOString() });

  const organization = async () => held.parse(await readState(emulator));
  /** The lab's members by userName, as the emulator holds them. */
  const labMembers = async (door: string) =>
    ((await organization()).teams.find((team) => team.displayName === `lab-${door}`)?.members.flatMap((member) => member.user ?? []) ?? []).sort();
  const roleOf = async (userName: string) => (await organization()).users.find((user) => user.userName === userName)?.organizationRole;
  const errorsOf = (diagnostics: { severity: string; message: string }[]) => diagnostics.filter((d) => d.severity === "error").map((d) => d.message).join("\n");

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    const secondAdmin = defaultSeed().users.find((user) => user.userName === "second-admin")?.apiKey ?? "";
    stack = await openStack(
      { projectName: "expiry", inline: expiryProgram },
      { config: { ...emulatorConfig(emulator), soon: { value: soon }, actingExpires: { value: JSON.stringify(later) }, secondAdminKey: { value: secondAdmin, secret: true } }, providerPlugins: [{ name: "wandb", path: repoRoot }] },
    );
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("lists at preview what ends within wandb:expiryNoticeDays, and the drift watch stays green", async () => {
    await stack.up();
    const preview = await stack.previewJson(DRIFT_PREVIEW_ARGS);
    const watch = await runDriftWatch(preview);
    expect(watch.failed).toBe(false);
    const listed = section(watch.review, "Expiring within 14 days");
    for (const door of DOORS) {
      expect(listed).toContain(`- **bob-${door}**: membership of team lab-${door} expires on ${soon}`);
      expect(listed).toContain(`- **carol-${door}**: organization role admin (then member) expires on ${soon}`);
      expect(listed).toContain(`- **${ACTING[door]}**: membership of team lab-${door} expires on ${later[door]}`);
    }
    const told = (JSON.parse(preview.json) as { diagnostics?: { message: string }[] }).diagnostics?.map((d) => d.message).join("\n") ?? "";
    for (const door of DOORS) expect(told).toContain(`Organization "acme-${door}": bob-${door}'s membership of team lab-${door} expires on ${soon}, in 3 days`);
  });

  it("once past: the drift watch fails naming them; the plain preview's review counts exactly what the plain up removes", async () => {
    await stack.withEnv(after(4), async () => {
      const watch = await runDriftWatch(await stack.previewJson(DRIFT_PREVIEW_ARGS));
      expect(watch.failed).toBe(true);
      expect(watch.issue).toBe(true);
      for (const door of DOORS) {
        expect(watch.review).toContain(`- **bob-${door}**\n  - leaves team lab-${door} (expired on ${soon}, still has access)`);
        expect(watch.review).toContain(`- **carol-${door}**\n  - organization role admin → member (expired on ${soon}, still has access)`);
      }

      const { json, code } = await stack.previewJson();
      expect(code).toBe(0);
      const review = await reviewOf(json);
      const people = section(review, "People");
      for (const door of DOORS) {
        expect(people).toContain(`- **bob-${door}**\n  - leaves team lab-${door} (expired on ${soon}, still has access)\n`);
        expect(people).toContain(`- **carol-${door}**\n  - organization role admin → member (expired on ${soon}, still has access)\n`);
      }
      expect(people.match(/^- \*\*/gm)).toHaveLength(4);
      expect(review).toMatch(/\*\*Totals:\*\* 4 people gain or lose access \(0 joining the organization, 0 leaving it\); 2 teams with members added or removed/);

      const up = await stack.up();
      expect(up.changes).toMatchObject({ update: 6 });
      expect(Object.keys(up.changes).sort()).toEqual(["same", "update"]);
    });
    for (const door of DOORS) {
      expect(await labMembers(door)).toEqual([`ana-${door}`, `carol-${door}`, `dee-${door}`, ACTING[door]].sort());
      expect(await roleOf(`carol-${door}`)).toBe("member");
      expect(await roleOf(`ana-${door}`)).toBe("admin");
    }
  });

  it("refuses at preview a grant declared already past, naming where, with no request sent", async () => {
    await stack.stack.setConfig("lateGrant", { value: utcDay(today - DAY) });
    await resetLog(emulator);
    const refused = await stack.withEnv(after(4), () => stack.failing("preview"));
    await stack.stack.removeConfig("lateGrant");
    expect((await readLog(emulator)).counters.total).toBe(0);
    expect(errorsOf(refused.diagnostics)).toMatch(
      new RegExp(`Organization "acme-(dynamic|plugin)": registryRoles, "dee-(dynamic|plugin)" in registry "models": expires ${utcDay(today - DAY)} is already past`),
    );
  });

  it("refuses at preview a roster that demotes a required admin and the expiry of the acting user's own access, naming each (dynamic door); the acting user's expiry on the plugin door too", async () => {
    await stack.stack.setConfig("demoteRequiredAdmin", { value: "dynamic" });
    const refused = await stack.withEnv(after(6), () => stack.failing("preview"));
    await stack.stack.removeConfig("demoteRequiredAdmin");
    const errors = errorsOf(refused.diagnostics);
    expect(errors).toContain('Organization "acme-dynamic": this change demotes or deactivates ana-dynamic (no longer an admin in the roster), listed in requiredAdmins');
    expect(errors).toContain(
      `Organization "acme-dynamic": this change takes away access of ${ACTING.dynamic}, the user the provider acts as (wandb:username), ` +
        `whose grants expired: membership of team lab-dynamic, expired on ${later.dynamic}`,
    );
    // The dynamic door's roster keeps its acting user for good: the plugin door's expiry is next (a preview fails at the first refusal).
    await stack.stack.setConfig("actingExpires", { value: JSON.stringify({ plugin: later.plugin }) });
    expect(errorsOf((await stack.withEnv(after(8), () => stack.failing("preview"))).diagnostics)).toContain(
      `Organization "acme-plugin": this change takes away access of ${ACTING.plugin}, the user the provider acts as (wandb:username), ` +
        `whose grants expired: membership of team lab-plugin, expired on ${later.plugin}`,
    );
    for (const door of DOORS) expect(await labMembers(door)).toContain(ACTING[door]);
    expect(await roleOf("ana-dynamic")).toBe("admin");
  });
});
