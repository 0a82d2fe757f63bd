/**
 * Will this model run here? Checked before loading, so the user hears "not enough memory" instead of the
 * app being killed by the OS. RAM estimate = weights (memory-mapped) + f16 KV cache for the context + overhead.
 */
import { readFileSync } from "node:fs";
import { arch, freemem, platform, totalmem } from "node:os";
import type { GgufSummary } from "./ggufValidation";

export interface HardwareFit {
  /** False when the model cannot run here at all. */
  ok: boolean;
  problems: string[];
  warnings: string[];
  estimatedRamBytes: number;
  totalRamBytes: number;
  freeRamBytes: number;
}

export interface MachineInfo {
  totalRamBytes: number;
  freeRamBytes: number;
  /** CPU feature flags (lower case), or null where they cannot be read. */
  cpuFlags: Set<string> | null;
  arch: string;
}

const RUNTIME_OVERHEAD_BYTES = 350 * 1024 * 1024;

export function readMachineInfo(): MachineInfo {
  let cpuFlags: Set<string> | null = null;
  if (platform() === "linux") {
    try {
      const line = readFileSync("/proc/cpuinfo", "utf8")
        .split("\n")
        .find((l) => /^(flags|Features)\s*:/.test(l));
      if (line) cpuFlags = new Set(line.split(":")[1]!.trim().toLowerCase().split(/\s+/));
    } catch {
      cpuFlags = null;
    }
  }
  return { totalRamBytes: totalmem(), freeRamBytes: freemem(), cpuFlags, arch: arch() };
}

export function kvCacheBytes(summary: GgufSummary, contextSize: number): number {
  const { blockCount, embeddingLength, headCount, headCountKv } = summary;
  if (!blockCount || !embeddingLength || !headCount || !headCountKv) return 0;
  const headDim = embeddingLength / headCount;
  return 2 /* K and V */ * blockCount * contextSize * headCountKv * headDim * 2 /* f16 */;
}

/** Each context sequence (one per conversation kept warm) holds its own KV cache of `contextSize` cells. */
export function estimateRamBytes(summary: GgufSummary, contextSize: number, sequences = 1): number {
  return summary.sizeBytes + kvCacheBytes(summary, contextSize) * sequences + RUNTIME_OVERHEAD_BYTES;
}

export interface FitRequest {
  contextSize: number;
  /** Context sequences the runtime allocates (default 1). */
  sequences?: number;
}

const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

export function checkHardwareFit(summary: GgufSummary, request: FitRequest, machine: MachineInfo = readMachineInfo()): HardwareFit {
  const { contextSize, sequences = 1 } = request;
  const estimatedRamBytes = estimateRamBytes(summary, contextSize, sequences);
  const problems: string[] = [];
  const warnings: string[] = [];
  if (estimatedRamBytes > machine.totalRamBytes) {
    problems.push(
      `This model needs about ${gb(estimatedRamBytes)} of memory with a ${contextSize}-token context, ` +
        `but this computer has ${gb(machine.totalRamBytes)}. Choose a smaller model or a smaller context size.`,
    );
  } else if (estimatedRamBytes > machine.freeRamBytes) {
    warnings.push(
      `This model needs about ${gb(estimatedRamBytes)} of memory and only ${gb(machine.freeRamBytes)} is free; ` +
        "close other programs if answers are very slow.",
    );
  }
  if (machine.arch === "x64" && machine.cpuFlags && !machine.cpuFlags.has("avx2")) {
    warnings.push(
      "This processor lacks AVX2, so local models run very slowly. Ollama on a newer computer or the clinic server is a better choice.",
    );
  }
  if (!summary.hasChatTemplate) {
    warnings.push("This model file has no chat template; its answers and tool calls may be unreliable.");
  }
  if (summary.contextLength !== null && summary.contextLength < contextSize) {
    warnings.push(`This model was trained for ${summary.contextLength} tokens of context; Carefold will use that instead of ${contextSize}.`);
  }
  return {
    ok: problems.length === 0,
    problems,
    warnings,
    estimatedRamBytes,
    totalRamBytes: machine.totalRamBytes,
    freeRamBytes: machine.freeRamBytes,
  };
}
