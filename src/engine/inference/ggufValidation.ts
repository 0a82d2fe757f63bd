/**
 * Is this file a complete GGUF model? `readGgufFileInfo` parses the header and tensor table; a file cut off
 * during a USB copy or download still has a valid header, so we also check that every tensor's data fits
 * inside the file.
 */
import { open, stat } from "node:fs/promises";
import { basename } from "node:path";
import { readGgufFileInfo, type GgufFileInfo } from "node-llama-cpp";
import { checkMetadataBounds, GgufBoundsError } from "./ggufMetadataBounds";

/** Elements per block and bytes per block, by ggml type id (types not listed are not size-checked). */
const BLOCK_SIZES: Record<number, readonly [elements: number, bytes: number]> = {
  0: [1, 4], // F32
  1: [1, 2], // F16
  2: [32, 18], // Q4_0
  3: [32, 20], // Q4_1
  6: [32, 22], // Q5_0
  7: [32, 24], // Q5_1
  8: [32, 34], // Q8_0
  9: [32, 36], // Q8_1
  10: [256, 84], // Q2_K
  11: [256, 110], // Q3_K
  12: [256, 144], // Q4_K
  13: [256, 176], // Q5_K
  14: [256, 210], // Q6_K
  15: [256, 292], // Q8_K
  16: [256, 66], // IQ2_XXS
  17: [256, 74], // IQ2_XS
  18: [256, 98], // IQ3_XXS
  19: [256, 50], // IQ1_S
  20: [32, 18], // IQ4_NL
  21: [256, 110], // IQ3_S
  22: [256, 82], // IQ2_S
  23: [256, 136], // IQ4_XS
  24: [1, 1], // I8
  25: [1, 2], // I16
  26: [1, 4], // I32
  27: [1, 8], // I64
  28: [1, 8], // F64
  29: [256, 56], // IQ1_M
  30: [1, 2], // BF16
  34: [256, 54], // TQ1_0
  35: [256, 66], // TQ2_0
  39: [32, 17], // MXFP4
};

export interface GgufSummary {
  sizeBytes: number;
  architecture: string | null;
  /** e.g. "1B", from general.size_label, else estimated from the tensor element count. */
  parameters: string | null;
  name: string | null;
  contextLength: number | null;
  blockCount: number | null;
  embeddingLength: number | null;
  headCount: number | null;
  headCountKv: number | null;
  hasChatTemplate: boolean;
}

/** Why a file is not a usable model, so each host can say it in the user's language (modelFileText.ts). */
export type ModelFileProblem = "not-gguf" | "damaged" | "version" | "split" | "truncated" | "not-file" | "not-found" | "unreadable" | "bad-name" | "incomplete" | "checksum";

export class InvalidModelFileError extends Error {
  constructor(
    message: string,
    readonly problem: ModelFileProblem = "damaged",
  ) {
    super(message);
    this.name = "InvalidModelFileError";
  }
}

function formatParameterCount(count: number): string {
  if (count >= 1e9) return `${(count / 1e9).toFixed(count >= 1e10 ? 0 : 1).replace(/\.0$/, "")}B`;
  if (count >= 1e6) return `${Math.round(count / 1e6)}M`;
  return `${Math.max(1, Math.round(count / 1e3))}K`;
}

/** Bytes the tensor data needs, or null for a type without a known block size. */
export function tensorDataBytes(dimensions: readonly (number | bigint)[], ggmlType: number): number | null {
  const block = BLOCK_SIZES[ggmlType];
  if (!block) return null;
  const elements = dimensions.reduce<number>((a, d) => a * Number(d), 1);
  return Math.ceil(elements / block[0]) * block[1];
}

function numberOrNull(value: unknown): number | null {
  return typeof value === "number" ? value : typeof value === "bigint" ? Number(value) : null;
}

export function summarize(info: GgufFileInfo, sizeBytes: number): GgufSummary {
  const general = info.metadata.general as Record<string, unknown> | undefined;
  const arch = info.architectureMetadata as Record<string, unknown> | undefined;
  const attention = (arch?.attention ?? {}) as Record<string, unknown>;
  let parameters = typeof general?.size_label === "string" ? general.size_label : null;
  if (!parameters && info.fullTensorInfo) {
    const elements = info.fullTensorInfo.reduce(
      (sum, t) => sum + t.dimensions.reduce<number>((a, d) => a * Number(d), 1),
      0,
    );
    parameters = elements > 0 ? formatParameterCount(elements) : null;
  }
  const tokenizer = info.metadata.tokenizer as Record<string, unknown> | undefined;
  return {
    sizeBytes,
    architecture: typeof general?.architecture === "string" ? general.architecture : null,
    parameters,
    name: typeof general?.name === "string" ? general.name : null,
    contextLength: numberOrNull(arch?.context_length),
    blockCount: numberOrNull(arch?.block_count),
    embeddingLength: numberOrNull(arch?.embedding_length),
    headCount: numberOrNull(attention.head_count),
    headCountKv: numberOrNull(attention.head_count_kv) ?? numberOrNull(attention.head_count),
    hasChatTemplate: typeof tokenizer?.chat_template === "string",
  };
}

/** magic, version (u32), tensor count (u64), metadata key/value count (u64). */
const GGUF_HEADER_BYTES = 24;
/** The least one metadata entry takes (key length u64, value type u32, a one-byte value) and one tensor info (name length u64, dimension count u32, type u32, offset u64). */
const MIN_METADATA_ENTRY_BYTES = 13;
const MIN_TENSOR_INFO_BYTES = 24;

/**
 * The fixed header, checked before the parser sees the file: the parser reads zeros past the end of a
 * file, so a "GGUF" file with garbage counts after the magic would keep it reading for ever.
 */
async function checkHeader(path: string, size: number): Promise<void> {
  const header = Buffer.alloc(GGUF_HEADER_BYTES);
  const handle = await open(path, "r");
  try {
    await handle.read(header, 0, GGUF_HEADER_BYTES, 0);
  } finally {
    await handle.close();
  }
  if (header.toString("latin1", 0, 4) !== "GGUF") {
    throw new InvalidModelFileError(`${path} is not a GGUF model file. Carefold needs a .gguf file (for example from Hugging Face).`, "not-gguf");
  }
  const damaged = () =>
    new InvalidModelFileError(`${path} is not a complete GGUF model file (its header is cut off or damaged). If it was copied from a USB stick or downloaded, copy it again.`, "damaged");
  if (size < GGUF_HEADER_BYTES) throw damaged();
  const version = header.readUInt32LE(4);
  if (version !== 2 && version !== 3) throw new InvalidModelFileError(`${path} is a GGUF file of version ${version}, which Carefold cannot read.`, "version");
  const needed = BigInt(GGUF_HEADER_BYTES) + header.readBigUInt64LE(8) * BigInt(MIN_TENSOR_INFO_BYTES) + header.readBigUInt64LE(16) * BigInt(MIN_METADATA_ENTRY_BYTES);
  if (needed > BigInt(size)) throw damaged();
  const metadata = await open(path, "r");
  try {
    await checkMetadataBounds(metadata, size, header.readBigUInt64LE(16));
  } catch (err) {
    if (err instanceof GgufBoundsError) throw damaged();
    throw err;
  } finally {
    await metadata.close();
  }
}

/** Validates a GGUF file on disk; throws InvalidModelFileError with a user-facing message. */
export async function validateGgufFile(path: string): Promise<GgufSummary> {
  let size: number;
  try {
    const s = await stat(path);
    if (!s.isFile()) throw new InvalidModelFileError(`${path} is not a file.`, "not-file");
    size = s.size;
  } catch (err) {
    if (err instanceof InvalidModelFileError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new InvalidModelFileError(`Cannot read ${path}: ${code ?? String(err)}.`, code === "ENOENT" || code === "ENOTDIR" ? "not-found" : "unreadable");
  }
  await checkHeader(path, size);
  let info: GgufFileInfo;
  try {
    info = await readGgufFileInfo(path, { sourceType: "filesystem", logWarnings: false, spliceSplitFiles: false });
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new InvalidModelFileError(
      /magic|not a valid gguf|invalid gguf/i.test(detail)
        ? `${path} is not a GGUF model file. Carefold needs a .gguf file (for example from Hugging Face).`
        : `${path} is not a complete GGUF model file (${detail}). If it was copied from a USB stick or downloaded, copy it again.`,
      /magic|not a valid gguf|invalid gguf/i.test(detail) ? "not-gguf" : "damaged",
    );
  }
  const split = (info.metadata as { split?: { count?: unknown } }).split;
  if (numberOrNull(split?.count) !== null && numberOrNull(split?.count)! > 1) {
    throw new InvalidModelFileError(`${path} is one part of a split model; merge the parts into one .gguf file first.`, "split");
  }
  let end = 0;
  for (const tensor of info.fullTensorInfo ?? info.tensorInfo ?? []) {
    const bytes = tensorDataBytes(tensor.dimensions, tensor.ggmlType) ?? 0;
    end = Math.max(end, Number(tensor.fileOffset) + bytes);
  }
  if (end > size) {
    throw new InvalidModelFileError(
      // The advice first: where this is shown in one short line (a failed answer), the path is what gets cut.
      `${basename(path)} is truncated. Copy or download it again (its tensors need ${end} bytes but the file has ${size}: ${path}).`,
      "truncated",
    );
  }
  return summarize(info, size);
}
