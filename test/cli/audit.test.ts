// `pulumi-wandb audit --roster`: the "Outside code" Markdown of an organization people changed by
// hand, from at most 3 list requests and no write; what it names and what it leaves out.
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { defaultSeed, startEmulator, type RunningEmulator } from "../../emulator";
import { closeAllPools } from "../../service";
import { readLog, resetLog, setFaults } from "../../scripts/emulator-api";
import { BY_HAND, changeByHand, changedAt, SECOND_ADMIN } from "../support/changes-by-hand";
import { exportEnvironment, runCommand, scratchFolder } from "../support/export-command";
import { expectShownSafely, withHostileNames } from "../support/hostile-names";
import { IDP_TEAM, IGNORED_ADMIN, MADE_BY_HAND, outsideCodeRoster, outsideCodeSeed, SERVICE_ACCOUNT } from "../support/outside-code-organization";

describe("pulumi-wandb audit", () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    // Where the service shows roles: the undeclared admin is told as one.
    emulator = await startEmulator({ port: 0, seed: outsideCodeSeed(), userRolesOnGet: "shown" });
  });
  afterAll(async () => {
    await closeAllPools();
    await emulator?.close();
  });

  it("prints what the roster does not declare from at most 3 requests and no write", async () => {
    const folder = scratchFolder();
    writeFileSync(path.join(folder, "roster.yaml"), stringify(outsideCodeRoster()));
    await resetLog(emulator);
    const run = await runCommand(["audit", "--roster", "roster.yaml"], exportEnvironment(emulator), folder);
    expect(run.code).toBe(0);
    const { counters } = await readLog(emulator);
    expect(counters.total).toBeLessThanOrEqual(3);
    expect(counters.writes).toBe(0);
    expect(run.err).toEqual([`listed 13 users, 3 teams and 2 custom roles from ${emulator.url} in 3 requests`]);
    const markdown = run.out.join("\n");
    expect(markdown).toContain("### Outside code");
    // The undeclared admin ranks first, as a warning.
    expect(run.out.find((line) => line.startsWith("- "))).toBe(`- **Warning:** ${MADE_BY_HAND.admin} (${MADE_BY_HAND.admin}@acme.example) is an organization admin the roster does not declare`);
    expect(markdown).toContain(`- user ${MADE_BY_HAND.user} (${MADE_BY_HAND.user}@acme.example, organization role member)`);
    expect(markdown).toContain(`- team ${MADE_BY_HAND.team}: members ${MADE_BY_HAND.user} (and 1 service account)`);
    expect(markdown).toContain(`- custom role ${MADE_BY_HAND.customRole}: member plus project:delete`);
    // The identity provider's team holds the members the roster lists: not reported.
    expect(markdown).not.toContain(IDP_TEAM);
    expect(markdown).toContain("- 1 left out by `outsideCode.ignore`");
    expect(markdown).not.toContain(IGNORED_ADMIN);
    expect(markdown).not.toContain(SERVICE_ACCOUNT);
  });

  it("names the roster's mistake, before any request", async () => {
    const folder = scratchFolder();
    writeFileSync(path.join(folder, "roster.yaml"), "outsideCode: { users: remove }\n");
    await resetLog(emulator);
    const run = await runCommand(["audit", "--roster", "roster.yaml"], exportEnvironment(emulator), folder);
    expect(run.code).toBe(2);
    expect(run.err.join("\n")).toContain('roster.yaml:1: outsideCode: users "remove" is not "report" or "deactivate"');
    expect((await readLog(emulator)).counters.total).toBe(0);
  });
});

describe("pulumi-wandb audit with W&B's audit log (wandb:auditLog)", () => {
  let emulator: RunningEmulator;
  let folder: string;
  const audit = () => runCommand(["audit", "--roster", "roster.yaml"], { ...exportEnvironment(emulator), WANDB_AUDIT_LOG: "true" }, folder);

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: outsideCodeSeed(), userRolesOnGet: "shown" });
    folder = scratchFolder();
    writeFileSync(path.join(folder, "roster.yaml"), stringify(outsideCodeRoster()));
    await changeByHand(emulator);
  });
  afterAll(async () => {
    await closeAllPools();
    await emulator?.close();
  });

  it("says who made each change outside code and when, from 3 list requests and 1 of the log, no write", async () => {
    const when = await changedAt(emulator);
    await resetLog(emulator);
    const run = await audit();
    expect(run.code, run.err.join("\n")).toBe(0);
    const { counters } = await readLog(emulator);
    expect(counters.writes).toBe(0);
    expect(counters.byRoute).toEqual({ "GET /scim/Users": 1, "GET /scim/Groups": 1, "GET /scim/Roles": 1, "GET /admin/audit_logs": 1 });
    expect(run.err).toContain("read W&B's audit log of the last 7 days in 1 request");
    const markdown = run.out.join("\n");
    expect(markdown).toMatch(/^\*\*Who made each change:\*\* W&B's audit log from \d{4}-\d\d-\d\d \d\d:\d\d UTC to /);
    const by = (said: string, at: string) => `(${said} by ${SECOND_ADMIN.email}, ${at})`;
    expect(markdown).toContain(`- **Warning:** ${BY_HAND.grantedAdmin} (${BY_HAND.grantedAdmin}@acme.example) is an organization admin; the roster declares another role ${by("granted admin", when.grantedAdmin)}`);
    expect(markdown).toContain(`- team ${BY_HAND.team}: members ${BY_HAND.teamMember} (and 1 service account) ${by("made", when.team)}`);
    expect(markdown).toContain(`### Declared, deactivated in W&B`);
    expect(markdown).toContain(`- user ${BY_HAND.deactivated} (${BY_HAND.deactivated}@acme.example) ${by("deactivated", when.deactivated)}`);
    expect(markdown).toContain(`- custom role ${BY_HAND.customRole}: viewer plus project:update (not in W&B's audit log)`);
    // Made before the log's days (seeded): no entry, said so.
    expect(markdown).toMatch(new RegExp(`- team ${MADE_BY_HAND.team}: members ${MADE_BY_HAND.user} \\(and 1 service account\\) \\(no entry in W&B's audit log since `));
  });

  it("a log that cannot be read (403: a plan without audit logs) is said once, and the audit is the same otherwise", async () => {
    const other = await startEmulator({ port: 0, deployment: "saas", enterprise: false });
    try {
      const roster = {
        users: ["admin", "second-admin"].map((userName) => ({ userName, email: `${userName}@acme.example`, organizationRole: "admin" })),
        teams: [{ name: "seed-team", members: ["admin", "second-admin"] }],
      };
      writeFileSync(path.join(folder, "saas-roster.yaml"), stringify(roster));
      const environment = { ...exportEnvironment(other), WANDB_DEPLOYMENT: "saas" };
      const refused = await runCommand(["audit", "--roster", "saas-roster.yaml"], { ...environment, WANDB_AUDIT_LOG: "true" }, folder);
      expect(refused.code, refused.err.join("\n")).toBe(0);
      const told = refused.out.filter((line) => line.includes("could not be read"));
      expect(told).toHaveLength(1);
      expect(told[0]).toContain("HTTP 403");
      expect(told[0]).toContain("Organization-level admins can fetch audit logs; on the multi-tenant cloud, only Enterprise plans have them.");
      // Nothing else changes.
      const plain = await runCommand(["audit", "--roster", "saas-roster.yaml"], environment, folder);
      expect(refused.out.filter((line) => !line.includes("could not be read")).slice(1)).toEqual(plain.out);
    } finally {
      await other.close();
    }
  });
});

describe("pulumi-wandb audit of names made in the web application", () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    // Names the roster's printable-name check never sees: W&B's web application stores them.
    emulator = await startEmulator({ port: 0, userRolesOnGet: "shown", seed: withHostileNames(defaultSeed()) });
  });
  afterAll(async () => {
    await closeAllPools();
    await emulator?.close();
  });

  it("shows each hidden character as its code, with the note, and neither HTML, an @mention nor an issue reference", async () => {
    const folder = scratchFolder();
    const roster = {
      users: [
        { userName: "admin", email: "admin@acme.example", organizationRole: "admin" },
        { userName: "second-admin", email: "second-admin@acme.example", organizationRole: "admin" },
        { userName: "member", email: "member@acme.example" },
      ],
    };
    writeFileSync(path.join(folder, "roster.yaml"), stringify(roster));
    const run = await runCommand(["audit", "--roster", "roster.yaml"], exportEnvironment(emulator), folder);
    expect(run.err).toEqual([`listed 9 users, 2 teams and 1 custom roles from ${emulator.url} in 3 requests`]);
    expect(run.code).toBe(0);
    const markdown = run.out.join("\n");
    expectShownSafely(markdown, { markdown: true });
    expect(run.out).toContain("- **Warning:** red\\\\u001b\\[31mteam (hides characters) (esc@acme.example) is an organization admin the roster does not declare");
    expect(run.out).toContain("- user ding\\\\u0007dong (hides characters) (bell@acme.example, organization role member)");
    expect(run.out).toContain("- user `@team` (team@acme.example, organization role member)");
    expect(run.out).toContain("- user &lt;img src=x onerror=alert(1)&gt; (html@acme.example, organization role member)");
    expect(run.out).toContain("- user ana\\\\u200blee (hides characters) (zw@acme.example, organization role member)");
    expect(run.out).toContain("- user admin\\\\u202enimda (hides characters) (bidi@acme.example, organization role member)");
    expect(run.out).toContain(
      "- team admin\\\\u202enimda (hides characters): members `@team`, ana\\\\u200blee (hides characters), ding\\\\u0007dong (hides characters)",
    );
    expect(run.out).toContain("- custom role fix `#123` red\\\\u001b\\[31mteam (hides characters): member plus project:delete");
  });
});
