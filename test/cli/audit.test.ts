// `pulumi-wandb audit --roster`: the "Outside code" Markdown of an organization people changed by
// hand, from at most 3 list requests and no write; what it names and what it leaves out.
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { defaultSeed, startEmulator, type RunningEmulator } from "../../emulator";
import { closeAllPools } from "../../service";
import { readLog, resetLog } from "../../scripts/emulator-api";
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
