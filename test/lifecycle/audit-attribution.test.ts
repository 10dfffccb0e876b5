// Who changed it, through the real engine (issue 43): a stack of the outside-code program with
// wandb:auditLog on; after its up, a second admin, with that admin's own key, grants admin to a
// declared member, makes a team, deactivates a declared user and makes a custom role. The drift
// watch (examples/gitops's workflow, test/support/drift-watch.ts) and `pulumi-wandb audit` name
// that admin's email and the time of each, from W&B's audit log, and say the custom role is not
// in it; the drift preview's own outside-code report says the same.
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { closeAllPools } from "../../service";
import { BY_HAND, changeByHand, changedAt, SECOND_ADMIN } from "../support/changes-by-hand";
import { DRIFT_PREVIEW_ARGS, runDriftWatch } from "../support/drift-watch";
import { exportEnvironment, runCommand } from "../support/export-command";
import { outsideCodeRoster, outsideCodeSeed } from "../support/outside-code-organization";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";

const PROGRAM = path.join(repoRoot, "test", "programs", "outside-code");

describe("who changed it: W&B's audit log in the drift watch and audit, through the engine", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  beforeAll(async () => {
    // Where the service shows roles: an admin granted in the web application is seen.
    emulator = await startEmulator({ port: 0, seed: outsideCodeSeed(), userRolesOnGet: "shown" });
    stack = await openStack({ dir: PROGRAM }, { config: { ...emulatorConfig(emulator), "wandb:auditLog": { value: "true" } } });
    writeFileSync(path.join(stack.workDir, "roster.yaml"), stringify(outsideCodeRoster()));
  });
  afterAll(async () => {
    await closeAllPools();
    await stack?.dispose();
    await emulator?.close();
  });

  it("names the second admin and the time of each change in review --drift and audit; the custom role is not in W&B's audit log", async () => {
    await stack.up();
    await changeByHand(emulator);
    const when = await changedAt(emulator);
    const by = (said: string, at: string) => `(${said} by ${SECOND_ADMIN.email}, ${at})`;

    const preview = await stack.previewJson([...DRIFT_PREVIEW_ARGS]);
    const drift = await runDriftWatch(preview);
    expect(drift.failed).toBe(true);
    const review = drift.review;
    expect(review).toMatch(/\*\*Who made each change:\*\* W&B's audit log from \d{4}-\d\d-\d\d \d\d:\d\d UTC to /);
    expect(review).toContain(`- **${BY_HAND.deactivated}**\n  - is reactivated ${by("deactivated", when.deactivated)}\n`);
    expect(review).toContain(`organization role admin → member ${by("organization role or seat changed", when.grantedAdmin)}`);
    expect(review).toContain(`- **Warning:** ${BY_HAND.grantedAdmin} (${BY_HAND.grantedAdmin}@acme.example) is an organization admin; the roster declares another role ${by("granted admin", when.grantedAdmin)}`);
    expect(review).toContain(`- team ${BY_HAND.team}: members ${BY_HAND.teamMember} (and 1 service account) ${by("made", when.team)}`);
    expect(review).toContain(`- custom role ${BY_HAND.customRole}: viewer plus project:update (not in W&B's audit log)`);

    // The drift preview's own outside-code report, in the engine's output.
    const told = (JSON.parse(preview.json) as { diagnostics?: { message: string }[] }).diagnostics?.map((each) => each.message).join("\n") ?? "";
    expect(told).toContain(`is an organization admin the roster declares with another role ${by("granted admin", when.grantedAdmin)}`);
    expect(told).toContain(`team ${BY_HAND.team}, not declared, members: ${BY_HAND.teamMember} ${by("made", when.team)}`);
    expect(told).toContain(`custom role ${BY_HAND.customRole}, not declared, viewer plus project:update (not in W&B's audit log)`);

    const audit = await runCommand(["audit", "--roster", "roster.yaml"], { ...exportEnvironment(emulator), WANDB_AUDIT_LOG: "true" }, stack.workDir);
    expect(audit.code, audit.err.join("\n")).toBe(0);
    const markdown = audit.out.join("\n");
    expect(markdown).toContain(`is an organization admin; the roster declares another role ${by("granted admin", when.grantedAdmin)}`);
    expect(markdown).toContain(`- team ${BY_HAND.team}: members ${BY_HAND.teamMember} (and 1 service account) ${by("made", when.team)}`);
    expect(markdown).toContain(`- user ${BY_HAND.deactivated} (${BY_HAND.deactivated}@acme.example) ${by("deactivated", when.deactivated)}`);
    expect(markdown).toContain(`- custom role ${BY_HAND.customRole}: viewer plus project:update (not in W&B's audit log)`);
  });
});
