/** Test GGUF models generated on demand into temp dirs (never committed). */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TINY_MODEL, writeLlamaModel, type LlamaModelOptions } from "./llamaModel";

export { LLAMA_1B_DIMENSIONS, TINY_MODEL, writeLlamaModel, type LlamaModelOptions, type RealTokenizer } from "./llamaModel";
export { writeGguf, GgmlType, tensorByteLength, type GgufFile, type GgufTensor } from "./writer";

export interface GeneratedModel {
  dir: string;
  path: string;
  sizeBytes: number;
  cleanup(): void;
}

/** Writes a model into a fresh temp dir; call cleanup() when done. */
export function generateModel(options: Partial<LlamaModelOptions> = {}, fileName = "tiny.gguf"): GeneratedModel {
  const dir = mkdtempSync(join(tmpdir(), "carefold-gguf-"));
  const path = join(dir, fileName);
  const sizeBytes = writeLlamaModel(path, { ...TINY_MODEL, ...options });
  return { dir, path, sizeBytes, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
