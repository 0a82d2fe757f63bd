/**
 * Local inference speed on this machine, with a generated random-weight model of real Llama-3.2-1B
 * dimensions (Q4_K blocks; speed does not depend on weight values):
 *  - time to first token, prompt and generation tokens/s for 1,000- and 4,000-token prompts;
 *  - the cost of abortable prompt reading (64/128-token steps against 512-token batches);
 *  - a scripted 3-call consult (turn 1 → read_file of a SKILL.md → answer), with and without KV reuse.
 * Prints one JSON object. The model (~0.7 GB) is written to a temp dir and deleted afterwards.
 * Run: npm run bench:llm   (minutes on 2 cores; BENCH_LLM_WEIGHTS=q8_0 for Q8_0 blocks)
 */
import { cpus, loadavg, totalmem } from "node:os";
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { ChatNodeLlamaCpp, type EvaluationStats } from "../src/engine/inference/chatNodeLlamaCpp";
import { LlamaRuntime, defaultThreads } from "../src/engine/inference/llamaRuntime";
import { LLAMA_1B_DIMENSIONS, generateModel } from "../test/support/gguf/index";
import { SeededRandom } from "../test/support/gguf/random";
import { WORDS } from "../test/support/gguf/vocab";

const CONTEXT = 8192;
const GENERATE = 48;
const round = (n: number, digits = 2) => Number(n.toFixed(digits));

const weightType = process.env.BENCH_LLM_WEIGHTS === "q8_0" ? "q8_0" : "q4_k";
const threads = defaultThreads();

/** Text of about `tokens` tokens: each vocabulary word with its leading space is one token. */
function textOfTokens(tokenize: (text: string) => number, tokens: number, seed: number): string {
  const random = new SeededRandom(seed);
  const pick = () => WORDS[Math.floor(random.next() * WORDS.length)]!;
  const words = Array.from({ length: tokens }, pick);
  // Adjust for the few words that split into more than one token.
  for (let tries = 0, count = tokenize(words.join(" ")); count !== tokens && tries < 20; tries++, count = tokenize(words.join(" "))) {
    if (count > tokens) words.splice(Math.max(1, words.length - (count - tokens)));
    else words.push(...Array.from({ length: tokens - count }, pick));
  }
  return words.join(" ");
}

const stats = (message: BaseMessage) => (message.response_metadata as { evaluation: EvaluationStats }).evaluation;

async function main() {
  const started = performance.now();
  const generated = generateModel({ ...LLAMA_1B_DIMENSIONS, weightType }, "bench-1b.gguf");
  const writeSeconds = (performance.now() - started) / 1000;
  const runtime = new LlamaRuntime({ modelPath: generated.path, contextSize: CONTEXT, threads, sequences: 2, gpu: false });
  try {
    const loadStarted = performance.now();
    const { model } = await runtime.load();
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const tokenCount = (text: string) => model.tokenize(text).length;
    const clear = (key: string) => runtime.withSequence(key, ({ sequence }) => sequence.clearHistory());

    /** One cold prompt of about `tokens` tokens, then GENERATE tokens. */
    async function promptRun(tokens: number, prefillChunkTokens?: number, generate = GENERATE) {
      const key = `prompt-${tokens}-${prefillChunkTokens ?? "default"}`;
      await clear(key);
      const chat = new ChatNodeLlamaCpp({ runtime, sequenceKey: key, maxTokens: generate, prefillChunkTokens });
      const reply = await chat.invoke([new HumanMessage(textOfTokens(tokenCount, tokens - 12, tokens))]);
      const e = stats(reply);
      const ttft = (e.timeToFirstTokenMs ?? e.durationMs) / 1000;
      const genSeconds = e.durationMs / 1000 - ttft;
      return {
        promptTokens: e.promptTokens,
        timeToFirstTokenSeconds: round(ttft),
        promptTokensPerSecond: round(e.evaluatedInputTokens / ttft, 1),
        generatedTokens: e.outputTokens,
        generationTokensPerSecond: e.outputTokens > 1 ? round((e.outputTokens - 1) / genSeconds, 1) : null,
      };
    }

    const loadBefore = loadavg()[0]!;
    const prompts = [await promptRun(1000), await promptRun(4000)];
    // What abortable reading costs: the same 1,000-token prompt read in steps of 64 and of 512 tokens
    // (the default, 128, is the first prompt run above).
    const steps64 = await promptRun(1000, 64, 1);
    const steps512 = await promptRun(1000, 512, 1);
    const prefillSteps = {
      promptTokens: steps512.promptTokens,
      tokensPerSecondBySteps: {
        64: steps64.promptTokensPerSecond,
        128: prompts[0]!.promptTokensPerSecond,
        512: steps512.promptTokensPerSecond,
      },
    };

    // ----- the consult trajectory -----
    const readFile = tool(async () => "", {
      name: "read_file",
      description: "Read a file from the skills library or the workspace. Returns its text with line numbers.",
      schema: z.object({ path: z.enum(["/skills/visit-prep/SKILL.md", "/skills/insurance-eob/SKILL.md", "/workspace/notes/visit.md"]) }),
    });
    const writeTodos = tool(async () => "", {
      name: "write_todos",
      description: "Keep a short to-do list for the current request.",
      schema: z.object({ todos: z.array(z.object({ content: z.string(), status: z.enum(["pending", "in_progress", "completed"]) })) }),
    });
    const listAgents = tool(async () => "", {
      name: "list_agents",
      description: "List the specialist agents and what each one helps with.",
      schema: z.object({}),
    });
    const tools = [readFile, writeTodos, listAgents];
    const system = new SystemMessage(textOfTokens(tokenCount, 1200, 11));
    const user1 = new HumanMessage(textOfTokens(tokenCount, 60, 12));
    const user2 = new HumanMessage(textOfTokens(tokenCount, 40, 13));
    const skill = textOfTokens(tokenCount, 700, 14);

    async function consult(reuse: boolean) {
      const key = reuse ? "consult-reuse" : "consult-fresh";
      const chat = (maxTokens: number) => new ChatNodeLlamaCpp({ runtime, sequenceKey: key, maxTokens, minToolTurnTokens: maxTokens });
      await clear(key);
      const calls: Array<Record<string, number>> = [];
      const record = (message: AIMessage) => {
        const e = stats(message);
        calls.push({
          seconds: round(e.durationMs / 1000),
          promptTokens: e.promptTokens,
          evaluatedInputTokens: e.evaluatedInputTokens,
          outputTokens: e.outputTokens,
        });
      };
      const t0 = performance.now();
      // 1. Turn 1: a short reply to the first message.
      const first = await chat(32).bindTools(tools, { tool_choice: "none" }).invoke([system, user1]);
      record(first);
      // 2. The follow-up: the model reads the visit-prep skill.
      if (!reuse) await clear(key);
      const history = [system, user1, new AIMessage(String(first.content)), user2];
      const call = await chat(64).bindTools(tools, { tool_choice: "read_file" }).invoke(history);
      record(call);
      // 3. The answer, after the SKILL.md tool result.
      if (!reuse) await clear(key);
      const result = new ToolMessage({ tool_call_id: call.tool_calls![0]!.id!, content: [{ type: "text", text: skill }] });
      const answer = await chat(64).bindTools(tools, { tool_choice: "none" }).invoke([...history, call, result]);
      record(answer);
      return { totalSeconds: round((performance.now() - t0) / 1000), calls };
    }

    const withReuse = await consult(true);
    const withoutReuse = await consult(false);

    console.log(
      JSON.stringify(
        {
          machine: {
            cpus: cpus().length,
            cpuModel: cpus()[0]?.model ?? null,
            threads,
            totalMemoryGB: round(totalmem() / 1e9, 1),
            // Other work on the machine slows every figure; compare runs only at similar load.
            loadAverage: { start: round(loadBefore, 1), end: round(loadavg()[0]!, 1) },
          },
          model: {
            dimensions: "Llama-3.2-1B (2048 embd, 16 layers, 32/8 heads, FFN 8192, 128256 vocab, tied embeddings)",
            weights: weightType,
            sizeGB: round(generated.sizeBytes / 1e9, 3),
            writeSeconds: round(writeSeconds, 1),
            loadSeconds: round(loadSeconds, 2),
            contextSize: CONTEXT,
            flashAttention: model.flashAttentionSupported,
          },
          prompts,
          prefillSteps,
          consult: {
            withReuse,
            withoutReuse,
            speedup: round(withoutReuse.totalSeconds / withReuse.totalSeconds, 2),
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await runtime.dispose();
    generated.cleanup();
  }
}

await main();
