// The recorded `pulumi preview --json` files of test/cli/fixtures: which there are, how a fresh
// preview is made into one (test/cli/review-recordings.test.ts records them), and reading one back.
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { expect } from "vitest";
import { repoRoot } from "../../scripts/repo-root";
import { reviewOf } from "./review";

export type Door = "dynamic" | "plugin";

/**
 * Each scenario's shape, and the door whose fresh preview of it test/cli/review-recordings.test.ts
 * checks against its record in every run (`live`): each scenario on one door, each door on three,
 * so that neither a scenario nor a door's JSON can drift from its records unseen. The other door's
 * file is recorded with CAPTURE_REVIEW_FIXTURES=1, which previews every scenario on both doors.
 */
export const FIXTURES = {
  /** The first run of a roster exported from an organization made by hand, with adoptExisting. */
  adopt: { fails: false, drift: false, live: "dynamic" },
  /** A roster change of every kind of access, and a user created into a team that names members by id. */
  change: { fails: false, drift: false, live: "plugin" },
  /** The Organization component renamed in code, with no alias. */
  rename: { fails: false, drift: false, live: "dynamic" },
  /** 3 of research's 6 members out: refused by the removal guard rail. */
  refused: { fails: true, drift: false, live: "plugin" },
  /** A lookup of a user who does not exist: the program fails (from Python, with a traceback). */
  "failed-lookup": { fails: true, drift: false, live: "plugin" },
  /** `--refresh --expect-no-changes` after members were changed outside code. */
  drift: { fails: true, drift: true, live: "dynamic" },
} as const;

export type Scenario = keyof typeof FIXTURES;

/**
 * Previews of one stack that declares through both doors (test/programs/idp-owned.ts, recorded by
 * test/lifecycle/idp-owned.test.ts), in `both-<scenario>.json`: Organizations whose users and teams'
 * members the identity provider writes.
 */
export const BOTH_DOORS_FIXTURES = {
  /** `--refresh --expect-no-changes --show-sames` right after the adoption: one team's members differ from the roster's list. */
  "idp-drift": { drift: true },
  /** A team of `membersFrom: idp` and a user of `usersFrom: idp` dropped from each roster. */
  "idp-dropped": { drift: false },
  /** A preview of the stack as an earlier release recorded it (its teams without `membersFrom`): the Teams record it. */
  "idp-upgraded": { drift: false },
  /** `pulumi destroy --preview-only` of the stack as an earlier release recorded it: its teams without `membersFrom`. */
  "idp-destroyed": { drift: false },
} as const;

export type BothDoorsScenario = keyof typeof BOTH_DOORS_FIXTURES;

/** Where a recorded preview is kept. */
export const fixtureFile = (name: string) => path.join(repoRoot, "test", "cli", "fixtures", `${name}.json`);

/** Whether this run records the previews again (CAPTURE_REVIEW_FIXTURES=1). */
export const capturingFixtures = () => process.env["CAPTURE_REVIEW_FIXTURES"] === "1";

/** With CAPTURE_REVIEW_FIXTURES=1, records a fresh preview; either way, it must be reviewed exactly as its record is. */
export async function checkedAgainstRecord(name: string, fresh: string, options: string[]): Promise<void> {
  if (capturingFixtures()) writeFileSync(fixtureFile(name), fresh);
  expect(await reviewOf(fresh, options)).toBe(await reviewOf(readFileSync(fixtureFile(name), "utf8"), options));
}

/** Where the emulator served, in every recorded file: each run has its own port. */
const RECORDED_BASE_URL = "http://127.0.0.1:8090";
/** Where the repository was, in every recorded file (a failed program's stack names its files). */
const RECORDED_ROOT = "/path/to/pulumi-wandb";

/** Stands for the dynamic provider's code, which the engine prints in every input of every dynamic resource (4 KB each). */
const PROVIDER_CODE = "(the dynamic provider's serialized code, left out of the recording)";

/**
 * A fresh preview's standard output as a recorded file: the emulator's address and the repository's
 * folder made the same in every run, and the dynamic provider's code left out (the review never reads it).
 */
export function fixtureText(previewJson: string, emulatorUrl: string): string {
  const portable = previewJson.replaceAll(emulatorUrl, RECORDED_BASE_URL).replaceAll(repoRoot, RECORDED_ROOT);
  const recorded = JSON.parse(portable, (key, value: unknown) =>
    key === "__provider" && typeof value === "string" ? PROVIDER_CODE : value,
  ) as unknown;
  return `${JSON.stringify(recorded, null, 2)}\n`;
}

export function fixture(door: Door, scenario: Scenario): string {
  return readFileSync(fixtureFile(`${door}-${scenario}`), "utf8");
}

export function bothDoorsFixture(scenario: BothDoorsScenario): string {
  return readFileSync(fixtureFile(`both-${scenario}`), "utf8");
}
