// The whole organization in view, through the real engine, on the dynamic door: the steps of
// test/support/outside-code-steps.ts (the native door runs those its own plumbing carries, from Python, in
// outside-code-python.test.ts); then names made in the web application that hide characters or
// would act (ESC, BEL, HTML, @team, a zero-width space, a bidi override) are shown by code in the
// engine's output and the review. Moved below the engine, in process against the emulator
// (test/provider/resources/roster-guard-outside-code.test.ts): `usersFrom: idp`, a declared user W&B
// does not list told at the record's write (up) and read (refresh), and never POSTed (the program
// declares no User); and a user made by hand, then taken away again, being no change to a drift preview.
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { expectShownSafely, withHostileNames } from "../support/hostile-names";
import { outsideCodeRoster, outsideCodeSeed } from "../support/outside-code-organization";
import { describeOutsideCode, said } from "../support/outside-code-steps";
import { reviewOf } from "../support/review";
import { emulatorConfig, openStack, previewDiagnostics, repoRoot, type StackHandle } from "../support/pulumi";

const PROGRAM = path.join(repoRoot, "test", "programs", "outside-code");

describeOutsideCode("dynamic resources", PROGRAM, "every step");

describe("names made in the web application, through the engine", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, userRolesOnGet: "shown", seed: withHostileNames(outsideCodeSeed()) });
    stack = await openStack({ dir: PROGRAM }, { config: emulatorConfig(emulator) });
    writeFileSync(path.join(stack.workDir, "roster.yaml"), stringify(outsideCodeRoster()));
  });
  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("shows them by code in the output of up and preview --refresh, and safely in review and review --drift", async () => {
    const up = await stack.up();
    // The engine's text output as a terminal shows it, diagnostics and all.
    expectShownSafely(up.log, { markdown: false });
    expect(up.log).toContain("red\\u001b[31mteam (hides characters)");
    const told = said(up.diagnostics);
    expect(told).toContain("outside code: red\\u001b[31mteam (hides characters) (esc@acme.example) is an organization admin the roster does not declare");
    expect(told).toContain("outside code: team admin\\u202enimda (hides characters), not declared, members: @team, ana\\u200blee (hides characters), ding\\u0007dong (hides characters)");
    // What people read (the engine's debug log holds the raw state, names and all).
    const read = up.diagnostics.filter((diagnostic) => diagnostic.severity !== "debug");
    expect(read.length).toBeGreaterThan(5);
    for (const diagnostic of read) expectShownSafely(diagnostic.message, { markdown: false });
    const preview = await stack.previewJson(["--refresh"]);
    const previewed = previewDiagnostics(preview.json);
    expect(previewed.map((diagnostic) => diagnostic.message).join("\n")).toContain("outside code: user ana\\u200blee (hides characters) (zw@acme.example");
    for (const diagnostic of previewed.filter((each) => each.severity !== "debug")) expectShownSafely(diagnostic.message, { markdown: false });
    const review = await reviewOf(preview.json, ["--drift"]);
    expectShownSafely(review, { markdown: true });
    const plain = await reviewOf(preview.json);
    expectShownSafely(plain, { markdown: true });
    expect(plain).toContain("- user `@team` (team@acme.example, organization role member)");
    expect(review).toContain("- user `@team` (team@acme.example, organization role member)");
    expect(review).toContain("- custom role fix `#123` red\\\\u001b\\[31mteam (hides characters): member plus project:delete");
  });
});
