import { defineConfig } from "vitest/config";

// Two projects: fast unit/integration tests, and browser end-to-end tests that need a build.
export default defineConfig({
  test: {
    reporters: ["default", "./test/support/summaryReporter.ts"],
    pool: "forks",
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
