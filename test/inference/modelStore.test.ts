/** Model files: validation, USB import, listing, removal, path resolution, hardware fit. */
import { existsSync, readdirSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidModelFileError, tensorDataBytes, validateGgufFile } from "../../src/engine/inference/ggufValidation";
import { checkHardwareFit, estimateRamBytes, kvCacheBytes, type MachineInfo } from "../../src/engine/inference/hardwareFit";
import {
  importModel,
  isSafeModelFileName,
  listLocalModels,
  modelsDir,
  removeModel,
  resolveModelPath,
} from "../../src/engine/inference/modelStore";
import { generateModel, type GeneratedModel } from "../support/gguf/index";
import { tempDir } from "../support/tempDir";

let model: GeneratedModel;
const tmp = tempDir("carefold-models-");

beforeAll(() => {
  model = generateModel();
});
afterAll(() => {
  model.cleanup();
  tmp.cleanup();
});

/** A copy of the generated model, cut short by `missing` bytes (a USB copy pulled out too early). */
function truncatedCopy(name: string, missing: number): string {
  const path = join(tmp.dir, name);
  writeFileSync(path, readFileSync(model.path));
  truncateSync(path, model.sizeBytes - missing);
  return path;
}

describe("validateGgufFile", () => {
  it("reads the generated model's metadata", async () => {
    const summary = await validateGgufFile(model.path);
    expect(summary).toMatchObject({
      sizeBytes: model.sizeBytes,
      architecture: "llama",
      name: "carefold-test-tiny",
      blockCount: 2,
      embeddingLength: 64,
      headCount: 4,
      headCountKv: 2,
      hasChatTemplate: true,
    });
    expect(summary.parameters).toMatch(/K$/);
  });

  it("rejects a file that is not GGUF", async () => {
    const path = join(tmp.dir, "notes.gguf");
    writeFileSync(path, "Visit notes: ask about the rash.\n".repeat(50));
    await expect(validateGgufFile(path)).rejects.toThrow(/is not a GGUF model file/);
  });

  it("rejects a truncated file, whether the cut is in the data or in the header", async () => {
    await expect(validateGgufFile(truncatedCopy("cut-data.gguf", 4096))).rejects.toThrow(/is truncated/);
    const header = join(tmp.dir, "cut-header.gguf");
    writeFileSync(header, readFileSync(model.path).subarray(0, 2000));
    await expect(validateGgufFile(header)).rejects.toBeInstanceOf(InvalidModelFileError);
  });

  it("refuses at once, without running out of memory, a file whose metadata declares an array larger than the file", async () => {
    // Magic, version 3, no tensors, one metadata pair: key "x", type array of uint8, count 2^40.
    const header = Buffer.alloc(24);
    header.write("GGUF", 0, "latin1");
    header.writeUInt32LE(3, 4);
    header.writeBigUInt64LE(0n, 8);
    header.writeBigUInt64LE(1n, 16);
    const kv = Buffer.alloc(8 + 1 + 4 + 4 + 8);
    kv.writeBigUInt64LE(1n, 0);
    kv.write("x", 8, "latin1");
    kv.writeUInt32LE(9, 9); // array
    kv.writeUInt32LE(0, 13); // of uint8
    kv.writeBigUInt64LE(1n << 40n, 17);
    const path = join(tmp.dir, "huge-array.gguf");
    writeFileSync(path, Buffer.concat([header, kv, Buffer.alloc(100)]));
    const started = Date.now();
    const before = process.memoryUsage().rss;
    await expect(validateGgufFile(path)).rejects.toThrow(/not a complete GGUF model file/);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it("knows the block sizes of common quantizations", () => {
    expect(tensorDataBytes([2048, 512], 12)).toBe((2048 * 512 * 144) / 256); // Q4_K
    expect(tensorDataBytes([64], 0)).toBe(256); // F32
    expect(tensorDataBytes([64], 999)).toBeNull();
  });
});

describe("model store", () => {
  it("imports a valid model atomically and lists it", async () => {
    const data = join(tmp.dir, "data-ok");
    const result = await importModel(data, model.path, "tiny-test.gguf");
    expect(result.model).toEqual({ file: "tiny-test.gguf", sizeBytes: model.sizeBytes, architecture: "llama", parameters: expect.any(String) });
    expect(readdirSync(modelsDir(data))).toEqual(["tiny-test.gguf"]); // no temp files left behind
    expect(await listLocalModels(data)).toEqual([result.model]);
    await expect(importModel(data, model.path, "tiny-test.gguf")).rejects.toThrow(/already installed/);
  });

  it("rejects non-GGUF and truncated files and leaves the models folder clean", async () => {
    const data = join(tmp.dir, "data-bad");
    const text = join(tmp.dir, "letter.gguf");
    writeFileSync(text, "Dear insurer, ...");
    await expect(importModel(data, text)).rejects.toThrow(/not a GGUF model file/);
    await expect(importModel(data, truncatedCopy("cut.gguf", 100))).rejects.toThrow(/truncated.*Copy or download it again/);
    await expect(importModel(data, join(tmp.dir, "missing.gguf"))).rejects.toThrow(/Cannot read/);
    await expect(importModel(data, model.path, "../escape.gguf")).rejects.toThrow(/not a usable model file name/);
    expect(existsSync(modelsDir(data)) ? readdirSync(modelsDir(data)) : []).toEqual([]);
    expect(await listLocalModels(data)).toEqual([]);
  });

  it("removes installed models and refuses paths", async () => {
    const data = join(tmp.dir, "data-rm");
    await importModel(data, model.path);
    await removeModel(data, "tiny.gguf");
    expect(await listLocalModels(data)).toEqual([]);
    await expect(removeModel(data, "tiny.gguf")).rejects.toThrow(/No model named tiny.gguf/);
    await expect(removeModel(data, "../carefold.db")).rejects.toThrow(/not a model file name/);
  });

  it("resolves settings.modelPath safely", () => {
    expect(resolveModelPath("/data", "a.gguf")).toBe(join("/data", "models", "a.gguf"));
    expect(resolveModelPath("/data", "/media/usb/b.gguf")).toBe("/media/usb/b.gguf");
    expect(() => resolveModelPath("/data", "../b.gguf")).toThrow();
    expect(isSafeModelFileName(".hidden.gguf")).toBe(false);
    expect(isSafeModelFileName("model.bin")).toBe(false);
  });
});

describe("hardware fit", () => {
  const machine = (gb: number, flags: string[] | null = ["avx2"]): MachineInfo => ({
    totalRamBytes: gb * 1024 ** 3,
    freeRamBytes: (gb / 2) * 1024 ** 3,
    cpuFlags: flags ? new Set(flags) : null,
    arch: "x64",
  });
  const oneB = {
    sizeBytes: 808e6,
    architecture: "llama",
    parameters: "1B",
    name: null,
    contextLength: 131072,
    blockCount: 16,
    embeddingLength: 2048,
    headCount: 32,
    headCountKv: 8,
    hasChatTemplate: true,
  };

  it("estimates weights + f16 KV cache + overhead", () => {
    expect(kvCacheBytes(oneB, 8192)).toBe(2 * 16 * 8192 * 8 * 64 * 2); // 256 MiB
    expect(estimateRamBytes(oneB, 8192)).toBeGreaterThan(808e6 + 256 * 1024 ** 2);
    expect(estimateRamBytes(oneB, 8192, 2) - estimateRamBytes(oneB, 8192)).toBe(kvCacheBytes(oneB, 8192));
  });

  it("fails on too little memory and warns about slow CPUs", () => {
    const tooSmall = checkHardwareFit(oneB, { contextSize: 8192 }, machine(1));
    expect(tooSmall.ok).toBe(false);
    expect(tooSmall.problems[0]).toMatch(/needs about 1\.\d GB of memory.*has 1\.0 GB/);
    const fine = checkHardwareFit(oneB, { contextSize: 8192, sequences: 2 }, machine(16));
    expect(fine).toMatchObject({ ok: true, problems: [], warnings: [] });
    expect(checkHardwareFit(oneB, { contextSize: 8192 }, machine(16, ["sse4_2"])).warnings.join(" ")).toMatch(/AVX2/);
  });
});
