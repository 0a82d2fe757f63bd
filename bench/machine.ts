/** What every inference benchmark prints about the machine it ran on. */
import { availableParallelism, cpus } from "node:os";
import type { Llama } from "node-llama-cpp";

export function machineFigures(llama: Llama) {
  return { threads: llama.maxThreads, cpu_math_cores: llama.cpuMathCores, logical_cpus: availableParallelism(), cpu: cpus()[0]?.model ?? null };
}
