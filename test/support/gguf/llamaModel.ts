/**
 * Generates llama-architecture GGUF models with random weights for tests and benchmarks.
 * Tiny preset: ~0.85 MB of F32 weights that load in milliseconds. The 1B preset has Llama-3.2-1B
 * dimensions with quantized random blocks (speed does not depend on weight values).
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { SeededRandom, toFloat16Bits } from "./random";
import { CHATML_TEMPLATE, buildVocabulary } from "./vocab";
import { GgmlType, tensorByteLength, writeGguf, type GgufMetadataValue, type GgufTensor } from "./writer";

export interface LlamaModelOptions {
  seed?: number;
  embeddingLength: number;
  blockCount: number;
  headCount: number;
  headCountKv: number;
  feedForwardLength: number;
  contextLength: number;
  /** Pads the vocabulary to this size (default: the natural ~560 tokens). */
  vocabSize?: number;
  /** Type of the 2-D weight matrices; norms are always F32. */
  weightType: "f32" | "f16" | "q8_0" | "q4_k";
  /** Share token_embd with the output layer (Llama 3.2 does). */
  tiedEmbeddings?: boolean;
  name?: string;
  /** A real model's tokenizer and chat template (e.g. read from a real GGUF) instead of the test vocabulary. */
  tokenizer?: RealTokenizer;
}

/** The `tokenizer.*` metadata of a real GGUF (BPE): what makes prompts tokenize as they would in use. */
export interface RealTokenizer {
  model: string;
  pre?: string;
  tokens: string[];
  tokenTypes: number[];
  merges?: string[];
  bosId: number;
  eosId: number;
  addBos: boolean;
  chatTemplate: string;
}

export const TINY_MODEL: LlamaModelOptions = {
  seed: 42,
  embeddingLength: 64,
  blockCount: 2,
  headCount: 4,
  headCountKv: 2,
  feedForwardLength: 128,
  contextLength: 32768,
  weightType: "f32",
  name: "carefold-test-tiny",
};

/** Llama-3.2-1B dimensions (2048 embd, 16 layers, 32/8 heads, FFN 8192, 128k vocab, tied embeddings). */
export const LLAMA_1B_DIMENSIONS: LlamaModelOptions = {
  seed: 7,
  embeddingLength: 2048,
  blockCount: 16,
  headCount: 32,
  headCountKv: 8,
  feedForwardLength: 8192,
  contextLength: 131072,
  vocabSize: 128256,
  weightType: "q4_k",
  tiedEmbeddings: true,
  name: "carefold-bench-1b-random",
};

const WEIGHT_TYPES = {
  f32: GgmlType.F32,
  f16: GgmlType.F16,
  q8_0: GgmlType.Q8_0,
  q4_k: GgmlType.Q4_K,
} as const;

const CHUNK_BYTES = 1 << 20;

/** Seeded normal(0, std) values, F32 or F16, streamed in chunks. */
function denseFill(dims: readonly number[], type: GgmlType.F32 | GgmlType.F16, random: SeededRandom, std: number) {
  return (write: (chunk: Uint8Array) => void) => {
    const total = dims.reduce((a, b) => a * b, 1);
    const width = type === GgmlType.F32 ? 4 : 2;
    const perChunk = CHUNK_BYTES / width;
    for (let start = 0; start < total; start += perChunk) {
      const n = Math.min(perChunk, total - start);
      const buf = Buffer.alloc(n * width);
      for (let i = 0; i < n; i++) {
        const v = random.normal() * std;
        if (width === 4) buf.writeFloatLE(v, i * 4);
        else buf.writeUInt16LE(toFloat16Bits(v), i * 2);
      }
      write(buf);
    }
  };
}

const constantFill = (count: number, value: number) => (write: (chunk: Uint8Array) => void) => {
  const buf = Buffer.alloc(count * 4);
  for (let i = 0; i < count; i++) buf.writeFloatLE(value, i * 4);
  write(buf);
};

/**
 * One chunk of random quantized blocks with small finite f16 scales, reused for every quantized tensor:
 * generating gigabytes of fresh random bytes would dominate the benchmark setup for no benefit.
 */
function quantizedBlockPool(type: GgmlType.Q8_0 | GgmlType.Q4_K, random: SeededRandom): Buffer {
  const blockBytes = type === GgmlType.Q8_0 ? 34 : 144;
  const blocks = Math.floor(CHUNK_BYTES / blockBytes);
  const pool = Buffer.alloc(blocks * blockBytes);
  random.fillBytes(pool);
  const d = toFloat16Bits(0.002);
  const dmin = toFloat16Bits(0.001);
  for (let b = 0; b < blocks; b++) {
    const at = b * blockBytes;
    pool.writeUInt16LE(d, at);
    if (type === GgmlType.Q4_K) pool.writeUInt16LE(dmin, at + 2);
  }
  return pool;
}

function pooledFill(byteLength: number, pool: Buffer) {
  return (write: (chunk: Uint8Array) => void) => {
    for (let done = 0; done < byteLength; done += pool.length) write(pool.subarray(0, Math.min(pool.length, byteLength - done)));
  };
}

/** Writes the model to `path` and returns its size in bytes. */
export function writeLlamaModel(path: string, options: LlamaModelOptions): number {
  const random = new SeededRandom(options.seed ?? 1);
  const vocab = buildVocabulary(options.vocabSize);
  const real = options.tokenizer;
  const nVocab = real ? real.tokens.length : vocab.tokens.length;
  const embd = options.embeddingLength;
  const headDim = embd / options.headCount;
  const kvWidth = headDim * options.headCountKv;
  const ffn = options.feedForwardLength;
  const weightType = WEIGHT_TYPES[options.weightType];
  const pool =
    weightType === GgmlType.Q8_0 || weightType === GgmlType.Q4_K ? quantizedBlockPool(weightType, random) : null;

  const matrix = (name: string, dims: [number, number]): GgufTensor => {
    const fill = pool
      ? pooledFill(tensorByteLength(dims, weightType), pool)
      : denseFill(dims, weightType as GgmlType.F32 | GgmlType.F16, random, 0.02);
    return { name, dims, type: weightType, fill };
  };
  const norm = (name: string, width: number): GgufTensor => ({
    name,
    dims: [width],
    type: GgmlType.F32,
    fill: constantFill(width, 1),
  });

  const tensors: GgufTensor[] = [matrix("token_embd.weight", [embd, nVocab])];
  for (let layer = 0; layer < options.blockCount; layer++) {
    const p = `blk.${layer}`;
    tensors.push(
      norm(`${p}.attn_norm.weight`, embd),
      matrix(`${p}.attn_q.weight`, [embd, embd]),
      matrix(`${p}.attn_k.weight`, [embd, kvWidth]),
      matrix(`${p}.attn_v.weight`, [embd, kvWidth]),
      matrix(`${p}.attn_output.weight`, [embd, embd]),
      norm(`${p}.ffn_norm.weight`, embd),
      matrix(`${p}.ffn_gate.weight`, [embd, ffn]),
      matrix(`${p}.ffn_up.weight`, [embd, ffn]),
      matrix(`${p}.ffn_down.weight`, [ffn, embd]),
    );
  }
  tensors.push(norm("output_norm.weight", embd));
  if (!options.tiedEmbeddings) tensors.push(matrix("output.weight", [embd, nVocab]));

  const fileType = { f32: 0, f16: 1, q8_0: 7, q4_k: 15 }[options.weightType];
  const metadata: Array<[string, GgufMetadataValue]> = [
    ["general.architecture", { type: "string", value: "llama" }],
    ["general.name", { type: "string", value: options.name ?? "carefold-test" }],
    ["general.file_type", { type: "u32", value: fileType }],
    ["llama.vocab_size", { type: "u32", value: nVocab }],
    ["llama.context_length", { type: "u32", value: options.contextLength }],
    ["llama.embedding_length", { type: "u32", value: embd }],
    ["llama.block_count", { type: "u32", value: options.blockCount }],
    ["llama.feed_forward_length", { type: "u32", value: ffn }],
    ["llama.attention.head_count", { type: "u32", value: options.headCount }],
    ["llama.attention.head_count_kv", { type: "u32", value: options.headCountKv }],
    ["llama.rope.dimension_count", { type: "u32", value: headDim }],
    ["llama.rope.freq_base", { type: "f32", value: 10000 }],
    ["llama.attention.layer_norm_rms_epsilon", { type: "f32", value: 1e-5 }],
    ...(real ? realTokenizerMetadata(real) : testTokenizerMetadata(vocab)),
  ];

  mkdirSync(dirname(path), { recursive: true });
  return writeGguf(path, { metadata, tensors });
}

function testTokenizerMetadata(vocab: ReturnType<typeof buildVocabulary>): Array<[string, GgufMetadataValue]> {
  return [
    ["tokenizer.ggml.model", { type: "string", value: "llama" }],
    ["tokenizer.ggml.tokens", { type: "string[]", value: vocab.tokens }],
    ["tokenizer.ggml.scores", { type: "f32[]", value: vocab.scores }],
    ["tokenizer.ggml.token_type", { type: "i32[]", value: vocab.types }],
    ["tokenizer.ggml.bos_token_id", { type: "u32", value: vocab.bosId }],
    ["tokenizer.ggml.eos_token_id", { type: "u32", value: vocab.eosId }],
    ["tokenizer.ggml.unknown_token_id", { type: "u32", value: vocab.unknownId }],
    ["tokenizer.ggml.add_bos_token", { type: "bool", value: true }],
    ["tokenizer.ggml.add_eos_token", { type: "bool", value: false }],
    ["tokenizer.chat_template", { type: "string", value: CHATML_TEMPLATE }],
  ];
}

function realTokenizerMetadata(t: RealTokenizer): Array<[string, GgufMetadataValue]> {
  return [
    ["tokenizer.ggml.model", { type: "string", value: t.model }],
    ...(t.pre ? ([["tokenizer.ggml.pre", { type: "string", value: t.pre }]] as Array<[string, GgufMetadataValue]>) : []),
    ["tokenizer.ggml.tokens", { type: "string[]", value: t.tokens }],
    ["tokenizer.ggml.token_type", { type: "i32[]", value: t.tokenTypes }],
    ...(t.merges ? ([["tokenizer.ggml.merges", { type: "string[]", value: t.merges }]] as Array<[string, GgufMetadataValue]>) : []),
    ["tokenizer.ggml.bos_token_id", { type: "u32", value: t.bosId }],
    ["tokenizer.ggml.eos_token_id", { type: "u32", value: t.eosId }],
    ["tokenizer.ggml.add_bos_token", { type: "bool", value: t.addBos }],
    ["tokenizer.chat_template", { type: "string", value: t.chatTemplate }],
  ];
}
