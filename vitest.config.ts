import * as path from "node:path";
import { defineConfig } from "vitest/config";
import { repoRoot } from "./scripts/repo-root";
import { LongestFirst } from "./test/support/suite-order";

// Node.js's compile cache for every process the suite starts, each of which inherits this
// environment: the workers, and the engine's language hosts, programs, providers and plugins
// (hundreds of processes, each compiling @pulumi/pulumi, gRPC and TypeScript again without it).
process.env["NODE_COMPILE_CACHE"] ??= path.join(repoRoot, ".work", "node-compile-cache");

// Every test file is in exactly one of four projects; a file listed nowhere is an emulator test.

/** Pure code and fixtures: no engine, no emulator, no socket, no process (test/support/unit-guard.ts holds them to it). Seconds. */
const UNIT = [
  "test/cli/main.test.ts",
  "test/cli/review.test.ts",
  "test/cli/review-fixtures.test.ts",
  "test/cli/review-inactive.test.ts",
  "test/cli/review-plan.test.ts",
  "test/cli/review-members.test.ts",
  "test/cli/review-attribution.test.ts",
  "test/cli/review-idp.test.ts",
  "test/model/activity.test.ts",
  "test/model/expiry.test.ts",
  "test/model/guard-rails/expiry-rails.test.ts",
  "test/cli/review-expiry.test.ts",
  "test/model/audit-attribution.test.ts",
  "test/model/attestation.test.ts",
  "test/model/left-to-identity-provider.test.ts",
  "test/model/natural-keys.test.ts",
  "test/program/declare.test.ts",
  "test/program/last-state.test.ts",
  "test/model/roster/organization.test.ts",
  "test/model/roster/validate.test.ts",
  "test/model/shown-names.test.ts",
  "test/model/undocumented-permissions.test.ts",
  "test/model/tokens.test.ts",
  "test/model/urn.test.ts",
  "test/provider/doors/plugin/registrar.test.ts",
  "test/provider/doors/plugin/registrar-oldest-sdk.test.ts",
  "test/provider/doors/dynamic/host-log.test.ts",
  "test/provider/doors/plugin/struct.test.ts",
  "test/provider/kit/*.test.ts",
  "test/provider/resources/bad-inputs.test.ts",
  "test/provider/schema/zod-properties.test.ts",
  "test/docs/registry-docs.test.ts",
  "test/docs/statements.test.ts",
  "test/scripts/bench/bench-report.test.ts",
  "test/scripts/bench/machine-cpu.test.ts",
  "test/scripts/release-workflows.test.ts",
  "test/scripts/sdk/types/*.test.ts",
  "test/sdk/shapes.test.ts",
  "test/sdk/stack-config-advice.test.ts",
  "test/service/cancel.test.ts",
  "test/service/config.test.ts",
  "test/service/inspection.test.ts",
  "test/service/retry-policy.test.ts",
  "test/service/retry.test.ts",
  "test/service/scim-wire.test.ts",
  "test/service/semaphore.test.ts",
];

/** What the toolchain says of the sources: compilers (tsc, go), the import rules, generated files that must not drift. */
const TOOLCHAIN = [
  "test/architecture/**/*.test.ts",
  "test/scripts/sdk/sdk-generation.test.ts",
  "test/scripts/sdk/schema-examples.test.ts",
  "test/sdk/schema-examples.test.ts",
  "test/sdk/go.test.ts",
  "test/sdk/nodejs.test.ts",
  "test/provider/schema/package-schema.test.ts",
  "test/sdk/types.test.ts",
  "test/sdk/typescript-versions.test.ts",
  "test/cli/modules-loaded.test.ts",
  "test/scripts/setup/build-once.test.ts",
  "test/scripts/bench/bench-help.test.ts",
];

/** Programs run through the real Pulumi engine: slow, CPU-heavy, so few at a time. */
const ENGINE = [
  "test/release/**/*.test.ts",
  "test/lifecycle/**/*.test.ts",
  "test/examples/**/*.test.ts",
  "test/scripts/demo.test.ts",
  "test/cli/review-recordings.test.ts",
  "test/scripts/setup/cold-setup.test.ts",
  "test/scripts/language-hosts/nodejs/run-plugin.test.ts",
  "test/model/roster/example.test.ts",
  "test/model/functions/engine.test.ts",
];

/** Emulator suites whose results depend on what W&B puts in user representations. */
const WIRE_SENSITIVE = ["test/provider/resources/**/*.test.ts", "test/model/functions/**/*.test.ts", "test/service/**/*.test.ts"];

const IN_PROCESS = { testTimeout: 60_000 };

export default defineConfig({
  test: {
    pool: "forks",
    // Three files at once on two cores: an engine file's CLI, language host, program and provider
    // processes wait on each other, and a third file uses the core they leave idle (`npm run
    // bench:suite -- --forks 2` runs them two at a time: its vitest took a sixth longer).
    poolOptions: { forks: { maxForks: 3, minForks: 1 } },
    reporters: ["default"],
    sequence: { sequencer: LongestFirst },
    projects: [
      { extends: true, test: { name: "unit", include: UNIT, setupFiles: ["test/support/unit-guard.ts"], ...IN_PROCESS } },
      { extends: true, test: { name: "emulator", include: ["test/**/*.test.ts"], exclude: [...UNIT, ...TOOLCHAIN, ...ENGINE], ...IN_PROCESS } },
      {
        // The same suites against a service that also shows roles on GET (the emulator's other reading).
        extends: true,
        test: {
          name: "emulator, roles shown",
          include: WIRE_SENSITIVE,
          exclude: [...UNIT, ...TOOLCHAIN, ...ENGINE],
          setupFiles: ["test/support/roles-shown.ts"],
          env: { WANDB_TEST_ROLES_SHOWN: "1" },
          ...IN_PROCESS,
        },
      },
      // Compilers and generators are CPU-bound: give them time on a shared machine.
      { extends: true, test: { name: "toolchain", include: TOOLCHAIN, testTimeout: 300_000, hookTimeout: 300_000 } },
      {
        extends: true,
        test: {
          name: "engine",
          include: ENGINE,
          // This package's plugin as released, for the engine to start (test/support/plugin-executable.ts).
          globalSetup: ["test/support/plugin-executable.ts"],
          // Engine runs are slow under load: several CLI, language host and provider processes on two cores.
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
