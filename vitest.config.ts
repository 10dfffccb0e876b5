import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Engine runs are slow under load (a failing program alone takes ~30 s to report: README, Troubleshooting).
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: "forks",
    reporters: ["default"],
  },
});
