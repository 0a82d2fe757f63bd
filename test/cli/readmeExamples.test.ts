/**
 * The README's command-line examples name real things (issue 18, item 9: its `qwen2.5-3b` example was
 * not a valid `models pull` id): every model id it pulls is a recommended model's, and every model file
 * it asks with is one of their file names.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findRecommendedModel, RECOMMENDED_MODELS } from "../../src/engine/inference/recommendedModels";

const readme = readFileSync(join(__dirname, "..", "..", "README.md"), "utf8");

describe("the README's examples", () => {
  it("pulls only ids `carefold models list` shows, and asks with their file names", () => {
    const pulled = [...readme.matchAll(/carefold models pull ([^\s`]+)/g)].map((m) => m[1]!);
    expect(pulled.length).toBeGreaterThan(0);
    for (const id of pulled) expect(findRecommendedModel(id), id).toBeDefined();
    const files = [...readme.matchAll(/--model ([^\s`"]+\.gguf)/g)].map((m) => m[1]!);
    for (const file of files) expect(RECOMMENDED_MODELS.map((m) => m.fileName), file).toContain(file);
  });
});
