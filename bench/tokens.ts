/**
 * Prompt-size benchmark (`npm run bench:tokens`): what the first model call of a consult costs, counted
 * with a real Llama-3 tokenizer (llama3-tokenizer-js), against the legacy "stuffed" system prompt.
 *
 * Each consult runs through the real engine and Deep Agents stack (lifecycle, middleware, tools) with
 * the scripted test model, the plan pinned to a typical specialist. From the first recorded model call:
 * the system prompt, the bound tools serialized as OpenAI-style function JSON, and the user message.
 * Legacy = full persona + every SKILL.md body + every reference of that specialist's skills + the
 * profile suffix (what a specialist's prompt held before progressive disclosure).
 * Byte stability: a second turn in the same thread (call 2) and a tool round-trip within that turn
 * (call 3) must see the same system prompt and tool list as call 1, so a local KV cache stays valid.
 *
 * The main skill's text is in the prompt (issue 14): the first call answers, with no read_file of the
 * SKILL.md first. `before_first_token_tokens` is what is read before the first answer token now (one
 * call); `two_call_tokens` what the earlier design read (call 1 with the catalog only, then call 2 with
 * that again plus the SKILL.md read as a tool result), both from the same parts.
 * Prints one JSON line per consult, one line with the targets and stability, and last the summary:
 * {"median_system_tokens": N, "median_turn1_total_tokens": N, "median_legacy_system_tokens": N, "median_reduction": 0.xx, …}
 * Counts exclude chat-template tokens (role headers), which differ per model.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { BindToolsInput } from "@langchain/core/language_models/chat_models";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import llama3Tokenizer from "llama3-tokenizer-js";
import type { AgentDef, ContentSet } from "../src/engine/content";
import { systemPromptFor } from "../src/engine/agents/specialistFactory";
import { createEngine } from "../src/engine/engine";
import type { Router } from "../src/engine/lifecycle/plan";
import type { EngineApi, EngineEvent } from "../src/shared/contract";
import { EngineError } from "../src/shared/rpc";
import { scriptedProvider, type RecordedCall, type ScriptStep } from "../test/support/scriptedChatModel";

const ROOT = resolve(import.meta.dirname, "..");
/** The catalog-only system prompt (without the main skill's text) keeps the earlier bounds. */
const TARGETS = { catalogSystemTokens: 1200, catalogSystemPlusToolsTokens: 2500, reduction: 0.85 };

/** Typical first messages, one specialist each (the plan is pinned so routing changes cannot move them). */
const CONSULTS: { agent: string; text: string }[] = [
  { agent: "cardiology-guide", text: "Help me prepare for my cardiology visit next week" },
  { agent: "nephrology-guide", text: "My lab report says my eGFR went from 58 to 52. What should I ask my kidney doctor?" },
  { agent: "benefits-guide", text: "My EOB says I owe $340 for an MRI. Can you help me understand this statement?" },
  { agent: "prior-auth-navigator", text: "My insurance says my knee MRI needs a prior authorization. What do I need to do?" },
  { agent: "neurology-guide", text: "Can you help me keep a headache diary before my neurology appointment?" },
  { agent: "gastro-guide", text: "I have a colonoscopy next month. Help me write down my questions." },
  { agent: "endocrinology-guide", text: "Help me organize my blood sugar readings for my diabetes visit" },
  { agent: "pulmonology-guide", text: "I want to track my asthma symptoms before I see the lung doctor" },
  { agent: "formulary-guide", text: "My new prescription isn't covered by my plan. What can I ask the pharmacy and my insurer?" },
  { agent: "records-coordinator", text: "How do I request a copy of my medical records from my old clinic?" },
  { agent: "claims-appeals-guide", text: "My claim for physical therapy was denied. Help me plan an appeal." },
  { agent: "oncology-navigator", text: "My mom starts chemo next week. Help me prepare questions for her oncologist." },
  { agent: "visit-steward", text: "I have my yearly checkup on Friday. Can you help me make an agenda?" },
  { agent: "habit-companion", text: "Help me keep a simple daily walking log" },
];

const FOLLOW_UP = "Thanks. Can you add one more question about my medicines?";

export const countTokens = (text: string): number => llama3Tokenizer.encode(text, { bos: false, eos: false }).length;

export function textOf(message: BaseMessage): string {
  const c = message.content;
  return typeof c === "string" ? c : c.map((p) => (typeof p === "string" ? p : "text" in p && typeof p.text === "string" ? p.text : "")).join("");
}

/** The bound tools as OpenAI-style function definitions (what a chat template renders for the model). */
export function toolsAsOpenAI(definitions: readonly BindToolsInput[]) {
  return definitions.map((d) => convertToOpenAITool(d as Parameters<typeof convertToOpenAITool>[0]));
}

/** The pre-progressive-disclosure prompt: persona, every skill body and reference, then the profile suffix. */
export function legacySystemPrompt(agent: AgentDef, content: ContentSet): string {
  const parts = [agent.persona.trim()];
  for (const id of agent.runtime.skills) {
    const skill = content.skills.find((s) => s.id === id);
    if (!skill) continue;
    parts.push(skill.body.trim());
    for (const ref of skill.references) parts.push(readFileSync(join(skill.dir, "references", ref.file), "utf8").trim());
  }
  parts.push((content.profile?.systemPromptSuffix ?? "").trim());
  return parts.filter(Boolean).join("\n\n");
}

/** The skill catalog section CarefoldSkills appends (from its heading to the next section or the end). */
export function skillCatalogSection(system: string): string {
  const start = system.indexOf("## Your skills");
  if (start === -1) return "";
  const next = system.indexOf("\n\n## ", start + 1);
  return system.slice(start, next === -1 ? undefined : next);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The specialist under measurement: the bench engine's plan is pinned to it. */
const measured = { agent: "visit-steward" };
const pinnedRouter = (): Router => () => ({ agents: [measured.agent], topology: "single", tasks: [{ agent: measured.agent, dependsOn: [] }], confidence: 1, why: "Token benchmark." });

function doneOf(events: EngineEvent[], turnId: string, timeoutMs = 60_000): Promise<Extract<EngineEvent, { type: "done" }>> {
  const started = Date.now();
  return new Promise((resolveDone, reject) => {
    const check = () => {
      const done = events.find((e): e is Extract<EngineEvent, { type: "done" }> => e.type === "done" && e.turnId === turnId);
      if (done) return resolveDone(done);
      if (Date.now() - started > timeoutMs) return reject(new Error(`no answer for turn ${turnId}`));
      setTimeout(check, 5);
    };
    check();
  });
}

interface Measured {
  agent: string;
  consult: string;
  system_tokens: number;
  /** The system prompt without the main skill's text. */
  catalog_system_tokens: number;
  main_skill_tokens: number;
  before_first_token_tokens: number;
  two_call_tokens: number;
  tools_tokens: number;
  user_tokens: number;
  turn1_total_tokens: number;
  legacy_system_tokens: number;
  reduction: number;
  components: { persona: number; profile_suffix: number; skill_catalog: number; other_system: number };
  tool_schemas: Record<string, number>;
  byte_stable: { across_turns: boolean; within_turn: boolean };
}

/** Clinical specialists may need consent before they answer; grant it where this build supports consent. */
async function grantConsent(engine: EngineApi): Promise<void> {
  try {
    await engine["consent.set"]({ scope: "global", granted: true });
  } catch (err) {
    if (!(err instanceof EngineError && err.code === "unavailable")) throw err;
  }
}

function systemOf(call: RecordedCall): string {
  const system = call.messages.find((m) => m.getType() === "system");
  return system ? textOf(system) : "";
}

const toolsJsonOf = (call: RecordedCall) => JSON.stringify(toolsAsOpenAI(call.toolDefinitions));

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "carefold-bench-tokens-"));
  let steps: ScriptStep[] = [];
  const provider = scriptedProvider(() => {
    const step = steps.shift();
    if (!step) throw new Error("bench script ran out of steps");
    return step;
  });
  const engine = createEngine({ dataDir, contentDir: ROOT, modelProvider: provider, hostKind: "cli", router: pinnedRouter });
  const events: EngineEvent[] = [];
  engine.onEvent((e) => void events.push(e));
  const rows: Measured[] = [];
  try {
    await grantConsent(engine);
    for (const consult of CONSULTS) {
      const agent = engine.content.agents.find((a) => a.id === consult.agent);
      if (!agent) throw new Error(`no agent ${consult.agent} in the shipped content`);
      measured.agent = agent.id;
      const primary = agent.runtime.skills[0]!;
      // Turn 1: a short answer. Turn 2 (same thread): open the primary skill, then answer.
      steps = [
        { text: "Happy to help you get ready." },
        { toolCalls: [{ name: "read_file", args: { file_path: `/skills/${primary}/SKILL.md` } }] },
        { text: "Here is one more question." },
      ];
      const first = provider.model.calls.length;
      const turn1 = await engine["consult.ask"]({ text: consult.text });
      const done1 = await doneOf(events, turn1.turnId);
      const turn2 = await engine["consult.ask"]({ threadId: turn1.threadId, text: FOLLOW_UP });
      const done2 = await doneOf(events, turn2.turnId);
      if (done1.outcome !== "answered" || done2.outcome !== "answered") {
        throw new Error(`${agent.id}: expected answered turns, got ${done1.outcome} and ${done2.outcome}`);
      }
      const [call1, call2, call3] = provider.model.calls.slice(first);
      if (!call1 || !call2 || !call3) throw new Error(`${agent.id}: expected 3 model calls`);
      if (!call3.messages.some((m) => ToolMessage.isInstance(m) && m.status !== "error")) {
        throw new Error(`${agent.id}: the SKILL.md read did not reach the model`);
      }

      const system = systemOf(call1);
      const user = call1.messages.filter((m) => HumanMessage.isInstance(m)).map(textOf).join("\n");
      const toolsJson = toolsJsonOf(call1);
      const systemTokens = countTokens(system);
      const toolsTokens = countTokens(toolsJson);
      const userTokens = countTokens(user);
      const legacyTokens = countTokens(legacySystemPrompt(agent, engine.content));
      const mainAt = system.indexOf(`\n\n## ${primary} (main skill`);
      const catalogSystemTokens = countTokens(mainAt === -1 ? system : system.slice(0, mainAt));
      const mainSkillTokens = systemTokens - catalogSystemTokens;
      const skillFileTokens = countTokens(readFileSync(join(engine.content.skills.find((sk) => sk.id === primary)!.dir, "SKILL.md"), "utf8"));
      // The persona and the suffix as the factory renders them into the prompt (each on its own).
      const profile = engine.content.profile;
      const personaText = systemPromptFor(agent, { ...engine.content, profile: profile && { ...profile, systemPromptSuffix: "" } });
      const suffixText = systemPromptFor({ ...agent, persona: "" }, engine.content);
      const catalogText = skillCatalogSection(system);
      // Whatever else the stack put in the system prompt (library prompts, memory), tokenized as left over.
      const rest = [personaText, suffixText, catalogText].reduce((text, part) => (part ? text.replace(part, "") : text), system).trim();
      const toolSchemas = Object.fromEntries(toolsAsOpenAI(call1.toolDefinitions).map((t) => [t.function.name, countTokens(JSON.stringify(t))]));
      rows.push({
        agent: agent.id,
        consult: consult.text,
        system_tokens: systemTokens,
        catalog_system_tokens: catalogSystemTokens,
        main_skill_tokens: mainSkillTokens,
        before_first_token_tokens: systemTokens + toolsTokens + userTokens,
        two_call_tokens: 2 * (catalogSystemTokens + toolsTokens + userTokens) + skillFileTokens,
        tools_tokens: toolsTokens,
        user_tokens: userTokens,
        turn1_total_tokens: systemTokens + toolsTokens + userTokens,
        legacy_system_tokens: legacyTokens,
        reduction: Number((1 - systemTokens / legacyTokens).toFixed(3)),
        // Each part tokenized on its own: they sum to about (not exactly) the system count.
        components: { persona: countTokens(personaText), profile_suffix: countTokens(suffixText), skill_catalog: countTokens(catalogText), other_system: countTokens(rest) },
        tool_schemas: toolSchemas,
        byte_stable: {
          across_turns: systemOf(call2) === system && toolsJsonOf(call2) === toolsJson,
          within_turn: systemOf(call3) === system && toolsJsonOf(call3) === toolsJson,
        },
      });
      process.stdout.write(JSON.stringify(rows.at(-1)) + "\n");
    }
  } finally {
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  /** A target on the median, and the consults that miss it one by one. */
  const target = (pick: (r: Measured) => number, ok: (value: number) => boolean) => ({
    median_met: ok(median(rows.map(pick))),
    missed_by: rows.filter((r) => !ok(pick(r))).map((r) => `${r.agent} (${pick(r)})`),
  });
  const check = {
    targets: {
      catalog_system_tokens_le_1200: target((r) => r.catalog_system_tokens, (v) => v <= TARGETS.catalogSystemTokens),
      catalog_system_plus_tools_le_2500: target((r) => r.catalog_system_tokens + r.tools_tokens, (v) => v <= TARGETS.catalogSystemPlusToolsTokens),
      fewer_tokens_before_first_token_than_two_calls: target((r) => r.two_call_tokens - r.before_first_token_tokens, (v) => v > 0),
      reduction_ge_085: target((r) => r.reduction, (v) => v >= TARGETS.reduction),
    },
    byte_stable: {
      across_turns: rows.every((r) => r.byte_stable.across_turns),
      within_turn: rows.every((r) => r.byte_stable.within_turn),
    },
    median_components: {
      persona: median(rows.map((r) => r.components.persona)),
      profile_suffix: median(rows.map((r) => r.components.profile_suffix)),
      skill_catalog: median(rows.map((r) => r.components.skill_catalog)),
      other_system: median(rows.map((r) => r.components.other_system)),
      tools: median(rows.map((r) => r.tools_tokens)),
    },
  };
  process.stdout.write(JSON.stringify(check) + "\n");
  const summary = {
    median_system_tokens: Math.round(median(rows.map((r) => r.system_tokens))),
    median_turn1_total_tokens: Math.round(median(rows.map((r) => r.turn1_total_tokens))),
    median_legacy_system_tokens: Math.round(median(rows.map((r) => r.legacy_system_tokens))),
    median_reduction: Number(median(rows.map((r) => r.reduction)).toFixed(2)),
    median_main_skill_tokens: Math.round(median(rows.map((r) => r.main_skill_tokens))),
    median_before_first_token_tokens: Math.round(median(rows.map((r) => r.before_first_token_tokens))),
    median_two_call_tokens: Math.round(median(rows.map((r) => r.two_call_tokens))),
  };
  // The exact summary format (spaces after ':' and ','), still valid JSON.
  process.stdout.write(
    `{${Object.entries(summary)
      .map(([k, v]) => `"${k}": ${v}`)
      .join(", ")}}\n`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((err: unknown) => {
    process.stderr.write(`bench:tokens failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  });
}
