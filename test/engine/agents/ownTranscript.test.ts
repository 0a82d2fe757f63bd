/**
 * Each specialist keeps its own transcript across turns (issue 14, item 4): a follow-up to the
 * specialist that answered the last turn starts from that run's own messages — its tool calls and tool
 * results included — not from the composed answer, so its KV cache already holds all but the new message.
 * Never when the user was shown something else (the guard withheld part of the answer).
 */
import { afterAll, describe, expect, it } from "vitest";
import type { BaseMessage } from "@langchain/core/messages";
import { createEngine } from "../../../src/engine/engine";
import { loadContent } from "../../../src/engine/content";
import { scriptedProvider, type ScriptStep } from "../../support/scriptedChatModel";
import { EventLog, REPO, singlePlan } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";

const content = loadContent(REPO);
const skillOf = (agent: string) => `/skills/${content.agents.find((a) => a.id === agent)!.runtime.skills[0]}/SKILL.md`;

function setup(steps: ScriptStep[]) {
  const tmp = tempDir("carefold-transcript-");
  const provider = scriptedProvider(steps);
  const route = { agent: "records-coordinator" };
  const engine = createEngine({ dataDir: tmp.dir, contentDir: REPO, modelProvider: provider, router: () => () => singlePlan(route.agent) });
  const log = new EventLog();
  engine.onEvent(log.push);
  const ask = async (text: string, threadId?: string) => {
    const { turnId, threadId: thread } = await engine["consult.ask"]({ text, ...(threadId ? { threadId } : {}) });
    return { done: await log.done(turnId), threadId: thread };
  };
  return { tmp, provider, route, engine, ask };
}

const kinds = (messages: BaseMessage[]) => messages.map((m) => m.getType());
const texts = (messages: BaseMessage[], type: string) =>
  messages.filter((m) => m.getType() === type).map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)));

describe("a specialist's own transcript across turns", () => {
  const s = setup([
    { toolCalls: [{ name: "read_file", args: { file_path: skillOf("records-coordinator"), limit: 300 }, id: "call-1" }] },
    { text: "Here is how to request your records from the clinic." },
    { text: "Yes, ask for the imaging reports too." },
    { text: "Here is a list of questions about your bill." },
    { text: "Add the lab results to the same request." },
  ]);
  afterAll(async () => {
    await s.engine.close();
    s.tmp.cleanup();
  });

  it("continues from its own messages, tool results included, and adds only the new question", async () => {
    const first = await s.ask("Help me request my medical records");
    expect(first.done.outcome).toBe("answered");
    const second = await s.ask("Should I ask for the imaging reports too?", first.threadId);
    expect(second.done.outcome).toBe("answered");
    const call = s.provider.model.calls[2]!.messages;
    // system, question 1, the read_file call, its result, answer 1, question 2.
    expect(kinds(call)).toEqual(["system", "human", "ai", "tool", "ai", "human"]);
    expect(texts(call, "tool")[0]).toContain("records");
    expect(texts(call, "human")[1]).toBe("Should I ask for the imaging reports too?");
    // The first turn's call ended with the same messages up to its answer: the prefix is the cached one.
    const turnOne = s.provider.model.calls[1]!.messages;
    expect(kinds(call).slice(0, turnOne.length)).toEqual(kinds(turnOne));
  });

  it("adds the turns another specialist answered since, as the user saw them", async () => {
    const threadId = (await s.ask("Help me request my medical records")).threadId;
    // The transcript of this new thread's first turn is read, not the other conversation's.
    s.route.agent = "benefits-guide";
    await s.ask("What questions should I ask about my bill?", threadId);
    s.route.agent = "records-coordinator";
    await s.ask("Can I add my lab results to the request?", threadId);
    const call = s.provider.model.calls.at(-1)!.messages;
    expect(texts(call, "human")).toEqual(["Help me request my medical records", "What questions should I ask about my bill?", "Can I add my lab results to the request?"]);
    expect(texts(call, "ai").some((t) => t.includes("Here is a list of questions about your bill."))).toBe(true);
  });
});

describe("when the user saw something else", () => {
  const s = setup([
    { text: "Here is how to ask for your records. You should take 800 mg of ibuprofen every 6 hours for the pain." },
    { text: "Yes, ask for the imaging reports too." },
  ]);
  afterAll(async () => {
    await s.engine.close();
    s.tmp.cleanup();
  });

  it("falls back to the composed history: the model never sees text the guard withheld", async () => {
    const first = await s.ask("Help me request my medical records");
    const second = await s.ask("Should I ask for the imaging reports too?", first.threadId);
    expect(second.done.outcome).toBe("answered");
    const call = s.provider.model.calls[1]!.messages;
    expect(call.map((m) => JSON.stringify(m.content)).join(" ")).not.toContain("800 mg");
    expect(kinds(call)).toEqual(["system", "human", "ai", "human"]);
  });
});

describe("a transcript that has grown too long", () => {
  const long = `Here is a long checklist for your records request. ${"Write down the date of each visit. ".repeat(800)}`;
  const s = setup([{ text: long }, { text: "Yes, ask for the imaging reports too." }]);
  afterAll(async () => {
    await s.engine.close();
    s.tmp.cleanup();
  });

  it("gives way to the composed history, each earlier message within its budget", async () => {
    const first = await s.ask("Help me request my medical records");
    await s.ask("Should I ask for the imaging reports too?", first.threadId);
    const call = s.provider.model.calls[1]!.messages;
    expect(kinds(call)).toEqual(["system", "human", "ai", "human"]);
    expect(texts(call, "ai")[0]!.length).toBeLessThan(long.length);
  });
});
