/**
 * Small instruct models whose chat templates support tool calling and that run on an ordinary laptop CPU.
 * Sizes are the Q4_K_M files' approximate sizes (the downloader checks the real size against the server);
 * RAM is weights + an 8k-token KV cache + runtime overhead, rounded up. Measured on 2 CPU cores: a 1B model
 * reads a 1,000-token prompt in ~9 s and writes 10–20 tokens/s; a 3B model is about 3× slower.
 */
import type { ModelsList } from "../../shared/contract";

export type RecommendedModel = ModelsList["recommended"][number];

export interface RecommendedModelEntry extends RecommendedModel {
  /** File name inside <data>/models. */
  fileName: string;
  /** Expected SHA-256 of the file, when known; verified after download. */
  sha256?: string;
}

const GB = 1_000_000_000;
const GiB = 1024 ** 3;

export const RECOMMENDED_MODELS: readonly RecommendedModelEntry[] = [
  {
    id: "qwen2.5-1.5b-instruct",
    title: "Qwen2.5 1.5B Instruct (Q4_K_M)",
    uri: "hf:bartowski/Qwen2.5-1.5B-Instruct-GGUF:Q4_K_M",
    fileName: "qwen2.5-1.5b-instruct-q4_k_m.gguf",
    sizeBytes: Math.round(0.99 * GB),
    ramBytes: Math.round(2 * GiB),
    notes: "Best balance on 2–4 CPU cores: quick answers and dependable tool calls. Start here.",
  },
  {
    id: "llama-3.2-1b-instruct",
    title: "Llama 3.2 1B Instruct (Q4_K_M)",
    uri: "hf:bartowski/Llama-3.2-1B-Instruct-GGUF:Q4_K_M",
    fileName: "llama-3.2-1b-instruct-q4_k_m.gguf",
    sizeBytes: Math.round(0.81 * GB),
    ramBytes: Math.round(1.5 * GiB),
    notes: "Smallest and fastest; for older laptops with little memory. Simpler answers.",
  },
  {
    id: "qwen2.5-3b-instruct",
    title: "Qwen2.5 3B Instruct (Q4_K_M)",
    uri: "hf:bartowski/Qwen2.5-3B-Instruct-GGUF:Q4_K_M",
    fileName: "qwen2.5-3b-instruct-q4_k_m.gguf",
    sizeBytes: Math.round(1.93 * GB),
    ramBytes: Math.round(3.5 * GiB),
    notes: "Clearer, more careful answers; about 3× slower on CPU. Good with 8+ cores or a GPU.",
  },
  {
    id: "llama-3.2-3b-instruct",
    title: "Llama 3.2 3B Instruct (Q4_K_M)",
    uri: "hf:bartowski/Llama-3.2-3B-Instruct-GGUF:Q4_K_M",
    fileName: "llama-3.2-3b-instruct-q4_k_m.gguf",
    sizeBytes: Math.round(2.02 * GB),
    ramBytes: Math.round(3.5 * GiB),
    notes: "Alternative 3B model with native tool calling; about 3× slower than 1B models on CPU.",
  },
];

export function findRecommendedModel(id: string): RecommendedModelEntry | undefined {
  return RECOMMENDED_MODELS.find((m) => m.id === id);
}

/** The contract's RecommendedModel (strict schema: no extra fields). */
export function toRecommendedModel(entry: RecommendedModelEntry): RecommendedModel {
  const { id, title, uri, sizeBytes, ramBytes, notes } = entry;
  return { id, title, uri, sizeBytes, ramBytes, notes };
}
