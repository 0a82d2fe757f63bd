/**
 * The real Deep Agents stack driven by the scripted model: progressive disclosure, permissions,
 * the tool registry enforced at call time, traces and audit.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ToolMessage } from "@langchain/core/messages";
import { afterEach, describe, expect, it } from "vitest";
import { verifyAuditLog } from "../../../src/engine/audit/auditLog";
import type { Engine } from "../../../src/engine/engine";
import type { Plan } from "../../../src/engine/lifecycle/state";
import { scriptedProvider, type Script } from "../../support/scriptedChatModel";
import { engineWithRouter, EventLog, REPO } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";
import { loadContent } from "../../../src/engine/content";

const content = loadContent(REPO);

let tmp = tempDir();
let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  tmp.cleanup();
  tmp = tempDir();
});

const single = (agent: string): Plan => ({ agents: [agent], topology: "single", tasks: [{ agent, dependsOn: [] }], confidence: 1, why: `Test plan: ${agent}.` });

function start(script: Script, plan: Plan = single("cardiology-guide")) {
  const provider = scriptedProvider(script);
  engine = engineWithRouter({ dataDir: tmp.dir, contentDir: REPO, modelProvider: provider }, () => plan);
  engine.consent.grantGlobal();
  const log = new EventLog();
  engine.onEvent(log.push);
  return { engine, provider, log };
}

const auditLines = () =>
  readFileSync(join(tmp.dir, "logs", "audit.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

function systemText(provider: ReturnType<typeof scriptedProvider>, call: number): string {
  const content = provider.model.calls[call]!.messages[0]!.content;
  return typeof content === "string" ? content : content.map((b) => ("text" in b ? String(b.text) : "")).join("");
}

function toolResults(provider: ReturnType<typeof scriptedProvider>, call: number): string[] {
  return provider.model.calls[call]!.messages.filter((m) => ToolMessage.isInstance(m)).map((m) => JSON.stringify(m.content));
}

describe("specialist runtime (progressive disclosure)", () => {
  it("carries its main skill in the prompt, reads a reference on demand, then answers", async () => {
    const { engine, provider, log } = start([
      { toolCalls: [{ name: "read_file", args: { file_path: "/skills/cardiology-prep/references/bp-log.md" } }] },
      { text: "Here is a blood pressure log to bring." },
    ]);
    const { turnId } = await engine["consult.ask"]({ text: "I want to track my blood pressure before my cardiology visit" });
    const done = await log.done(turnId);
    expect(done.outcome).toBe("answered");
    expect(done.text).toContain("Here is a blood pressure log to bring.");

    const [first, second] = provider.model.calls;
    const system = systemText(provider, 0);
    // Call 1: persona + profile + catalog of the agent's own three skills, and the main skill's own text
    // (no read_file of its SKILL.md before the first answer token), without its frontmatter.
    expect(system).toContain("You are the Heart Visit Guide");
    expect(system).toContain("SAFETY RULES");
    for (const s of ["cardiology-prep", "emergency-red-flags", "clinical-safety-boundaries"]) expect(system).toContain(`Read: /skills/${s}/SKILL.md`);
    expect(system).toContain("Your main skill, cardiology-prep, is below, already read");
    expect(system).toContain("## cardiology-prep (main skill; its files are under /skills/cardiology-prep/)");
    expect(system).toContain("## How to help");
    expect(system).not.toMatch(/^---$/m);
    expect(system).not.toContain("risk_class:");
    // Only the main skill's text: the shared safety skills are read on demand.
    const mainBody = content.skills.find((sk) => sk.id === "cardiology-prep")!.body;
    const safetyLine = content.skills.find((sk) => sk.id === "clinical-safety-boundaries")!.body.split("\n").find((l) => l.length > 40 && !l.startsWith("#") && !mainBody.includes(l))!;
    expect(system).not.toContain(safetyLine);
    expect(system).not.toContain("gastro-prep");
    expect([...first!.tools].sort()).toEqual(["attach-read", "extract_structured_data", "note-read", "read_file", "skill-docs", "validate_grounding", "workspace-note"]);
    // Call 2 carries the reference.
    expect(toolResults(provider, 1).join()).toContain("blood pressure");
    // The system prompt and tools are byte-stable across the run (KV-cache reuse).
    expect(second && systemText(provider, 1)).toBe(system);
    expect(second!.tools).toEqual(first!.tools);

    const traces = log.of("trace", turnId).filter((t) => t.tool === "read_file");
    expect(traces.map((t) => t.stage)).toEqual(["start", "end"]);
    expect(traces[0]!.label).toMatch(/^Reading “/);
    expect(auditLines().filter((l) => l.event === "tool").map((l) => [l.tool, l.decision])).toEqual([["read_file", "ok"]]);
    expect(verifyAuditLog(join(tmp.dir, "logs")).ok).toBe(true);
  });

  it("denies reading another specialist's skill, writing skills and escaping the sandbox", async () => {
    const { engine, provider, log } = start([
      {
        toolCalls: [
          { name: "read_file", args: { file_path: "/skills/gastro-prep/SKILL.md" } },
          { name: "read_file", args: { file_path: "/workspace/../../../etc/passwd" } },
          { name: "read_file", args: { file_path: "/workspace/%2e%2e/%2e%2e/etc/passwd" } },
          { name: "read_file", args: { file_path: "file:///etc/passwd" } },
        ],
      },
      { text: "I could not open those." },
    ]);
    const { turnId } = await engine["consult.ask"]({ text: "Read some files" });
    await log.done(turnId);
    const results = toolResults(provider, 1);
    expect(results).toHaveLength(4);
    expect(results[0]).toMatch(/permission|denied|not allowed/i);
    for (const r of results.slice(1)) expect(r).toMatch(/Refused path|traversal|must not contain|must be absolute|not allowed|URLs/i);
    for (const r of results) expect(r).not.toContain("root:");
  });

  it("blocks a tool the specialist's skills do not allow, even when the model calls it", async () => {
    const { engine, provider, log } = start([
      { toolCalls: [{ name: "list_agents", args: {} }, { name: "sanitize_pii", args: { text: "x" } }] },
      { text: "Done." },
    ]);
    const { turnId } = await engine["consult.ask"]({ text: "Who else can help?" });
    const done = await log.done(turnId);
    // The unauthorized calls are removed before anything can run or ask for approval.
    expect(provider.model.calls).toHaveLength(1);
    expect(log.of("trace", turnId).filter((t) => t.stage === "start")).toEqual([]);
    expect(done.text).toMatch(/blocked by Carefold's safety rules/);
    const denied = auditLines().filter((l) => l.decision === "denied");
    expect(denied.map((l) => [l.tool, l.rule])).toEqual([
      ["list_agents", "tool_not_allowed"],
      ["sanitize_pii", "tool_not_allowed"],
    ]);
  });
});
