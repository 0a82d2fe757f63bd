import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The real-model tier (`npm run test:models`): real small GGUF models from the model cache
// (`npm run models:test` fetches them), one file at a time — each loads a model on every core.
// Not part of `npm test`; each model's tests skip with a printed reason when it is not in the cache.
// No plain "N passed, N failed" line here: a run where everything skipped must not read as the CI's last
// test count.
export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: {
    name: "models",
    include: ["test-models/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    reporters: ["default"],
    testTimeout: 600_000,
    hookTimeout: 300_000,
  },
});
