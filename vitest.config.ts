import { configDefaults, defineConfig } from "vitest/config";

// `npm test`: unit/integration tests, and browser end-to-end tests that need a build. The heavy tier
// (`npm run test:heavy`, also run by CI): engine processes killed mid-approval, and every printable
// tracker laid out three ways — minutes each, so they keep `npm test` under its time budget.
const HEAVY_UNIT = ["test/crash/**"];
const HEAVY_E2E = ["e2e/trackers.e2e.ts"];
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
          exclude: [...configDefaults.exclude, ...HEAVY_UNIT],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          exclude: [...configDefaults.exclude, ...HEAVY_E2E],
          environment: "node",
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: "crash",
          include: HEAVY_UNIT.map((g) => `${g}/*.test.ts`),
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "print",
          include: HEAVY_E2E,
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
