/**
 * Real weights through the product's chat model (createModelProvider → ChatNodeLlamaCpp), one model at a
 * time: streaming with the GGUF's real tokenizer and chat template, real stop tokens, a tool call through
 * the llama.cpp function-calling grammar, and abort. Tiny models answer poorly: every assertion is about
 * structure (chunks, finish reasons, parsed calls, timings), never wording.
 */
import { availableParallelism } from "node:os";
import { HumanMessage, SystemMessage, type AIMessageChunk } from "@langchain/core/messages";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { tool } from "@langchain/core/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { EvaluationStats } from "../src/engine/inference/chatNodeLlamaCpp";
import { tempDir } from "../test/support/tempDir";
import { CONTROL_TOKEN_TEXT, realModelProvider, selectedModels, type RealProvider } from "./support/realModel";

const readFile = tool(async () => "", {
  name: "read_file",
  description: "Read one of the skill files",
  schema: z.object({ file_path: z.enum(["/skills/habit-checkin/SKILL.md", "/skills/visit-prep/SKILL.md"]) }),
});

const evaluationOf = (m: AIMessageChunk) => (m.response_metadata as { evaluation: EvaluationStats }).evaluation;

for (const selected of selectedModels()) {
  describe.skipIf(selected.skip !== null)(`${selected.id}${selected.skip ? ` (skipped: ${selected.skip})` : ""}: chat model`, () => {
    const tmp = tempDir("carefold-real-chat-");
    let real: RealProvider;
    const chat = (key: string): Promise<BaseChatModel> => real.provider.getChatModel({ key });

    beforeAll(async () => {
      real = realModelProvider(selected.path!, { dataDir: tmp.dir, threads: availableParallelism(), maxTokens: 96, contextSize: 4096 });
      await chat("load"); // validate, fit-check and load once
    });
    afterAll(async () => {
      await real?.provider.dispose?.();
      tmp.cleanup();
    });

    it("streams a reply in several chunks with the real chat template, and stops on a real stop token", async () => {
      const model = await chat("stream");
      const chunks: string[] = [];
      let final: AIMessageChunk | undefined;
      for await (const chunk of await model.stream([new SystemMessage("You are a helpful assistant."), new HumanMessage("Say hi in one short sentence.")])) {
        if (typeof chunk.content === "string" && chunk.content) chunks.push(chunk.content);
        final = final ? final.concat(chunk) : chunk;
      }
      const evaluation = evaluationOf(final!);
      expect(chunks.length).toBeGreaterThan(1);
      expect(evaluation.outputTokens).toBeGreaterThan(1);
      expect(evaluation.outputTokens).toBeLessThanOrEqual(96);
      expect(evaluation.promptTokens).toBeGreaterThan(5);
      expect(evaluation.timeToFirstTokenMs).not.toBeNull();
      expect(chunks.join("")).not.toMatch(CONTROL_TOKEN_TEXT);
      const finish = final!.response_metadata.finish_reason as string;
      // An instruction-tuned model ends its turn with its end-of-turn token; a base model may run to the cap.
      if (selected.instruct) expect(finish).toBe("eogToken");
      else expect(["eogToken", "maxTokens"]).toContain(finish);
    });

    it("a forced tool call comes back parsed and schema-valid through the function-calling grammar", async () => {
      const model = (await chat("tool")).bindTools!([readFile], { tool_choice: "any" });
      const reply = await model.invoke([new SystemMessage("You help people keep health habits."), new HumanMessage("Help me keep a daily walking log")]);
      expect(reply.tool_calls!.length).toBeGreaterThanOrEqual(1);
      const call = reply.tool_calls![0]!;
      expect(call.name).toBe("read_file");
      expect(call.id).toBeTruthy();
      expect(readFile.schema.safeParse(call.args).success).toBe(true);
      expect(reply.response_metadata.finish_reason).toBe("functionCalls");
    });

    it("abort stops a generation mid-stream within seconds, and the model answers again afterwards", async () => {
      const model = await chat("abort");
      const controller = new AbortController();
      let chunks = 0;
      let abortedAt = 0;
      const outcome = await (async () => {
        const stream = await model.stream([new HumanMessage("Write a long numbered list of 40 tips for a visit to the doctor.")], {
          signal: controller.signal,
          maxTokens: 400,
        } as never);
        for await (const chunk of stream) {
          if (typeof chunk.content === "string" && chunk.content && ++chunks === 3) {
            abortedAt = performance.now();
            controller.abort();
          }
        }
        return "ended";
      })().catch((err: unknown) => err);
      const stopMs = performance.now() - abortedAt;
      expect(abortedAt).toBeGreaterThan(0);
      expect(outcome).toBeInstanceOf(Error);
      expect(stopMs).toBeLessThan(10_000);

      const again = await model.invoke([new HumanMessage("Say hi.")]);
      expect(evaluationOf(again as AIMessageChunk).outputTokens).toBeGreaterThan(0);
    });
  });
}
