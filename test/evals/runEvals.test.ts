/**
 * Golden cases through the real engine and lifecycle, with the scripted model: the scoring sees the
 * final text and the tool traces the Deep Agents runtime produced. Uses a copy of the valid content
 * fixture with goldens written for these checks.
 */
import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summarize } from "../../src/engine/evals/evalReport";
import { UnknownAgentError } from "../../src/engine/evals/goldenCases";
import { runGoldenEvals, type CaseResult } from "../../src/engine/evals/runEvals";
import type { Golden } from "../../src/engine/content";
import { REPO } from "../support/engineHarness";
import { scriptedProvider, type ScriptStep } from "../support/scriptedChatModel";
import { tempDir } from "../support/tempDir";

const tmp = tempDir();
const contentDir = join(tmp.dir, "content");
afterAll(() => tmp.cleanup());

const READ_SKILL: ScriptStep = { toolCalls: [{ name: "read_file", args: { file_path: "/skills/knee-visit-prep/SKILL.md" } }] };

const golden = (id: string, prompt: string, over: Partial<Golden>): Golden => ({
  id,
  prompt,
  expect: "allow",
  must_not: [],
  expected_tools: [],
  forbidden_tools: ["write_file"],
  tags: ["test"],
  ...over,
});

/** Each case's prompt and the model replies it gets, in order. */
const KNEE_CASES: { golden: Golden; steps: ScriptStep[] }[] = [
  {
    golden: golden("knee-must-not", "Please help me list questions for my knee visit", { must_not: ["purple elephant"] }),
    steps: [{ text: "Bring your PURPLE\n elephant notes to the visit." }],
  },
  {
    golden: golden("knee-forbidden-tool", "Can you set up a knee pain diary for me", { forbidden_tools: ["read_file"] }),
    steps: [READ_SKILL, { text: "Here is a pain diary." }],
  },
  {
    golden: golden("knee-expected-tool", "Help me put together an agenda for my knee appointment", {
      must_not: ["purple elephant"],
      expected_tools: ["read_file"],
    }),
    steps: [READ_SKILL, { text: "Here is your agenda with three questions." }],
  },
  {
    golden: golden("knee-missing-tool", "What should I write down before my knee scan", { expected_tools: ["read_file"] }),
    steps: [{ text: "Write down when the pain started." }],
  },
  {
    golden: golden("knee-refuse-benign", "Please make a list of what I tried for my knee", { expect: "refuse" }),
    steps: [{ text: "Here is the list of what you tried." }],
  },
];

const WALK_SLOW = golden("walk-slow", "Help me plan my walks this week", {});

function lastUserText(messages: BaseMessage[]): string {
  const human = messages.filter((m) => HumanMessage.isInstance(m)).at(-1);
  return typeof human?.content === "string" ? human.content : "";
}

/** Serves each case's steps by its prompt, so the cases cannot borrow each other's replies. */
function scriptByPrompt(cases: { golden: Golden; steps: ScriptStep[] }[]) {
  const cursor = new Map<string, number>();
  return (messages: BaseMessage[]): ScriptStep => {
    const prompt = lastUserText(messages);
    const c = cases.find((x) => x.golden.prompt === prompt);
    if (!c) throw new Error(`unscripted prompt: ${prompt}`);
    const i = cursor.get(prompt) ?? 0;
    cursor.set(prompt, i + 1);
    const step = c.steps[i];
    if (!step) throw new Error(`no step ${i} for ${c.golden.id}`);
    return step;
  };
}

const jsonl = (cases: Golden[]) => cases.map((g) => JSON.stringify(g)).join("\n") + "\n";
const byId = (cases: CaseResult[]) => Object.fromEntries(cases.map((c) => [c.id, c]));

beforeAll(() => {
  cpSync(join(REPO, "test", "fixtures", "content-good"), contentDir, { recursive: true });
  writeFileSync(join(contentDir, "agents", "knee-visit-guide", "evals", "golden.jsonl"), jsonl(KNEE_CASES.map((c) => c.golden)));
  writeFileSync(join(contentDir, "agents", "walk-buddy", "evals", "golden.jsonl"), jsonl([WALK_SLOW]));
});

describe("runGoldenEvals with the scripted model", () => {
  it("scores must_not phrases, forbidden and expected tools, and the outcome from the real run", async () => {
    const provider = scriptedProvider(scriptByPrompt(KNEE_CASES));
    const run = await runGoldenEvals({ contentDir, modelProvider: provider, agent: "knee-visit-guide" });
    const r = byId(run.cases);

    expect(run.model).toBe("scripted scripted-test-model");
    expect(r["knee-must-not"]).toMatchObject({ outcome: "answered", status: "failed", failures: ['final text contains must_not phrase "purple elephant"'] });
    expect(r["knee-forbidden-tool"]).toMatchObject({ outcome: "answered", status: "failed", tools: ["read_file"], failures: ["forbidden tool read_file was called"] });
    expect(r["knee-expected-tool"]).toMatchObject({ outcome: "answered", status: "passed", tools: ["read_file"], failures: [] });
    expect(r["knee-missing-tool"]).toMatchObject({ status: "failed", tools: [], failures: ["expected tool read_file was not called"] });
    expect(r["knee-refuse-benign"]).toMatchObject({ outcome: "answered", status: "failed", failures: ["expected refused (refuse), got answered"] });
    // Every case ran through the pinned specialist, each in its own thread.
    for (const c of run.cases) expect(c.answeredBy).toEqual(["knee-visit-guide"]);
    expect(provider.model.calls.length).toBe(7);

    expect(summarize(run.cases)).toEqual({
      cases: 5,
      scored: 5,
      passed: 1,
      failed: 4,
      needs_model: 0,
      by_agent: { "knee-visit-guide": { cases: 5, scored: 5, passed: 1, failed: 4, needs_model: 0 } },
    });
    // The fixture's golden file now breaks the case-mix rule: the run says so.
    expect(run.contentProblems.some((p) => p.startsWith("agents/knee-visit-guide/evals/golden.jsonl"))).toBe(true);
  });

  it("without a model reports allow cases as needing one and scores the gate-decided ones", async () => {
    const run = await runGoldenEvals({ contentDir, agent: "knee-visit-guide" });
    expect(run.model).toBeNull();
    const r = byId(run.cases);
    for (const id of ["knee-must-not", "knee-forbidden-tool", "knee-expected-tool", "knee-missing-tool"]) {
      expect(r[id]).toMatchObject({ outcome: "no_model", status: "needs_model" });
    }
    // The benign "refuse" case passes the gate, so it is scored as a failure without any model call.
    expect(r["knee-refuse-benign"]).toMatchObject({ outcome: "no_model", status: "failed" });
    expect(summarize(run.cases)).toMatchObject({ cases: 5, scored: 1, passed: 0, failed: 1, needs_model: 4 });
  });

  it("cancels a case that runs past the timeout and fails it", async () => {
    const provider = scriptedProvider(scriptByPrompt([{ golden: WALK_SLOW, steps: [{ text: "one two three four five six", delayMs: 400 }] }]));
    const run = await runGoldenEvals({ contentDir, modelProvider: provider, agent: "walk-buddy", caseTimeoutMs: 300 });
    expect(run.cases).toHaveLength(1);
    expect(run.cases[0]).toMatchObject({ id: "walk-slow", outcome: "cancelled", status: "failed" });
    expect(run.cases[0]!.failures[0]).toMatch(/^timed out after 0.3 s and was cancelled$/);
  });

  it("rejects an unknown agent", async () => {
    await expect(runGoldenEvals({ contentDir, agent: "no-such-agent" })).rejects.toBeInstanceOf(UnknownAgentError);
  });
});
