/**
 * Saved prefix states on real weights (issue 14, item 3): the first call with a system prompt saves its
 * evaluated prefix to disk; a new runtime (a restart) loads it instead of evaluating it, and answers the
 * same question exactly as the first one did (greedy decoding over the same KV values: the same tokens;
 * a run that never saved reads the prompt in other steps, whose float rounding may differ); an idle pre-warm puts
 * it in a free sequence before any question. A different prompt never loads it. Structure only: tiny
 * models answer poorly, so nothing is asserted about wording beyond "the same as evaluated".
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { HumanMessage, SystemMessage, type AIMessage } from "@langchain/core/messages";
import { afterAll, describe, expect, it } from "vitest";
import { ChatNodeLlamaCpp, type EvaluationStats } from "../src/engine/inference/chatNodeLlamaCpp";
import { LlamaRuntime } from "../src/engine/inference/llamaRuntime";
import { MIN_SAVED_PREFIX_TOKENS } from "../src/engine/inference/prefixStates";
import { tempDir } from "../test/support/tempDir";
import { selectedModels } from "./support/realModel";

const ROOT = join(import.meta.dirname, "..");
const SYSTEM = `You help people prepare for doctor visits. Never diagnose or dose.\n\n${readFileSync(join(ROOT, "skills", "visit-prep", "SKILL.md"), "utf8")}`;
const evaluationOf = (m: AIMessage) => (m.response_metadata as { evaluation: EvaluationStats }).evaluation;

for (const selected of selectedModels()) {
  describe.skipIf(selected.skip !== null)(`${selected.id}${selected.skip ? ` (skipped: ${selected.skip})` : ""}: saved prefixes`, () => {
    const tmp = tempDir("carefold-real-prefix-");
    const dir = join(tmp.dir, "prefix-states");
    const runtimes: LlamaRuntime[] = [];
    const runtime = (saved: boolean) => {
      const r = new LlamaRuntime({ modelPath: selected.path!, contextSize: 4096, gpu: false, prefixStateDir: saved ? dir : null });
      runtimes.push(r);
      return r;
    };
    const ask = async (r: LlamaRuntime, question: string, system = SYSTEM) => {
      const model = new ChatNodeLlamaCpp({ runtime: r, sequenceKey: "specialist:visit-steward", maxTokens: 24 });
      const reply = (await model.invoke([new SystemMessage(system), new HumanMessage(question)])) as AIMessage;
      return { text: reply.content as string, evaluation: evaluationOf(reply) };
    };
    afterAll(async () => {
      for (const r of runtimes) await r.dispose();
      tmp.cleanup();
    });

    it("saves the prefix once, and a restart loads it and answers as the first run did", async () => {
      const question = "What should I bring to my first visit with a new doctor?";
      const first = await ask(runtime(true), question);
      expect(first.evaluation.prefixSaved).toBe(true);
      expect(first.evaluation.prefixTokens).toBeGreaterThan(MIN_SAVED_PREFIX_TOKENS);
      expect(first.evaluation.evaluatedInputTokens).toBeGreaterThanOrEqual(first.evaluation.promptTokens - 1);
      const report = await runtimes[0]!.cacheReport();
      expect(report.savedPrefixes?.states).toBe(1);
      expect(report.savedPrefixes!.bytes).toBeGreaterThan(0);
      expect(report.kvBytes).toBeGreaterThan(0);
      await runtimes[0]!.dispose();

      const loaded = await ask(runtime(true), question);
      expect(loaded.evaluation.prefixLoaded).toBe(true);
      expect(loaded.evaluation.prefixSaved).toBe(false);
      expect(loaded.evaluation.evaluatedInputTokens).toBeLessThan(loaded.evaluation.promptTokens - loaded.evaluation.prefixTokens + 8);
      expect(loaded.text).toBe(first.text);
      console.log(
        `${selected.id}: prefix ${loaded.evaluation.prefixTokens} of ${loaded.evaluation.promptTokens} prompt tokens, ${report.savedPrefixes!.bytes} bytes on disk, ` +
          `KV in memory ${report.kvBytes} bytes; first token ${Math.round(first.evaluation.timeToFirstTokenMs ?? -1)} ms evaluated, ` +
          `${Math.round(loaded.evaluation.timeToFirstTokenMs ?? -1)} ms after a restart with the saved prefix`,
      );
    });

    it("pre-warms the saved prefix into a free sequence while idle, and never loads it for another prompt", async () => {
      const r = runtime(true);
      expect(await r.prewarm(["specialist:visit-steward", "specialist:unknown"])).toEqual(["specialist:visit-steward"]);
      const warm = await ask(r, "Which records should I ask my clinic for?");
      expect(warm.evaluation.prefixLoaded).toBe(false); // already in memory
      expect(warm.evaluation.reusedPromptTokens).toBeGreaterThanOrEqual(warm.evaluation.prefixTokens);

      const other = await ask(runtime(true), "Which records should I ask my clinic for?", `Another assistant entirely.\n\n${SYSTEM}`);
      expect(other.evaluation.prefixLoaded).toBe(false);
      expect(other.evaluation.prefixSaved).toBe(true);
    });
  });
}
