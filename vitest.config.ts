import { defineConfig } from "vitest/config";

/** Suites that run programs through the real Pulumi engine: slow, CPU-heavy, so few at a time. */
const ENGINE = [
  "test/engine/**/*.test.ts",
  "test/release/**/*.test.ts",
  "test/lifecycle/**/*.test.ts",
  "test/examples/**/*.test.ts",
  "test/demo.test.ts",
  "test/model/roster/example.test.ts",
  "test/model/functions/engine.test.ts",
];

/** In-process suites whose results depend on what W&B puts in user representations. */
const WIRE_SENSITIVE = ["test/provider/resources/**/*.test.ts", "test/model/functions/**/*.test.ts", "test/service/**/*.test.ts"];

export default defineConfig({
  test: {
    pool: "forks",
    // Two cores: engine suites each run a CLI, a language host and a provider process.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    reporters: ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "in-process",
          include: ["test/**/*.test.ts"],
          exclude: ENGINE,
          testTimeout: 60_000,
        },
      },
      {
        // The same suites against a service that also shows roles on GET (the emulator's other reading).
        extends: true,
        test: {
          name: "in-process, roles shown",
          include: WIRE_SENSITIVE,
          exclude: ENGINE,
          setupFiles: ["test/support/roles-shown.ts"],
          env: { WANDB_TEST_ROLES_SHOWN: "1" },
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "engine",
          include: ENGINE,
          // Engine runs are slow under load: several CLI, language host and provider processes on two cores.
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
