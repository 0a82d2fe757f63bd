/**
 * search.run on a real engine (scripted model), through dispatchRequest as IPC and the web host call
 * it: questions and answers of real consults and notes are found; deleting a conversation, a note or
 * everything takes them out of the results; hostile queries get a typed answer, never an error.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Engine } from "../../../src/engine/engine";
import { dispatchRequest } from "../../../src/shared/rpc";
import { engineWithRouter, EventLog, REPO, singlePlan } from "../../support/engineHarness";
import { scriptedProvider } from "../../support/scriptedChatModel";
import { tempDir } from "../../support/tempDir";

let tmp = tempDir();
let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  tmp.cleanup();
  tmp = tempDir();
});

function start(): { engine: Engine; log: EventLog } {
  const provider = scriptedProvider((messages) => {
    const last = messages.at(-1);
    const text = typeof last?.content === "string" ? last.content : JSON.stringify(last?.content ?? "");
    return { text: /riñón/.test(text) ? "Pregunte por la creatinina y la dieta." : "Bring your vaccination card to the appointment." };
  });
  engine = engineWithRouter({ dataDir: tmp.dir, contentDir: REPO, modelProvider: provider }, () => singlePlan("visit-steward"));
  const log = new EventLog();
  engine.onEvent(log.push);
  return { engine, log };
}

async function search(e: Engine, query: string) {
  const response = await dispatchRequest(e, "search.run", { query });
  if (!response.ok) throw new Error(`search.run failed: ${response.error.message}`);
  return (response.result as { results: { kind: string; id: string; title: string; snippet: string }[] }).results;
}
const ids = async (e: Engine, query: string) => (await search(e, query)).map((r) => `${r.kind}:${r.id}`);

describe("search.run on the engine", () => {
  it("finds consults by question and answer and notes by text; deleting takes them out", async () => {
    const { engine: e, log } = start();
    const first = await e["consult.ask"]({ text: "Help me get ready for my travel clinic visit" });
    await log.done(first.turnId);
    const second = await e["consult.ask"]({ text: "¿Qué pregunto en la cita del riñón?" });
    await log.done(second.turnId);
    await e["notes.write"]({ name: "travel.md", content: "# Travel\n\nAsk about the yellow fever vaccination\n" });

    expect(await ids(e, "travel clin")).toEqual([`thread:${first.threadId}`]);
    expect(await ids(e, "creatinina")).toEqual([`thread:${second.threadId}`]);
    expect(await ids(e, "rinon")).toEqual([`thread:${second.threadId}`]);
    expect(await ids(e, "yellow")).toEqual(["note:travel.md"]);
    const both = await search(e, "vaccination");
    expect(both.map((r) => r.kind).sort()).toEqual(["note", "thread"]);
    const thread = both.find((r) => r.kind === "thread")!;
    expect(thread.title).toBe("Help me get ready for my travel clinic visit");
    expect(thread.snippet).toContain("vaccination card");

    await e["threads.delete"]({ threadId: first.threadId });
    expect(await ids(e, "vaccination")).toEqual(["note:travel.md"]);
    await e["notes.delete"]({ name: "travel.md" });
    expect(await ids(e, "vaccination")).toEqual([]);
    await e["notes.write"]({ name: "again.md", content: "creatinina again" });
    await e["data.deleteAll"]({ confirm: true });
    expect(await ids(e, "creatinina")).toEqual([]);
  });

  it("indexes a note an approved agent write saved as soon as it is applied", async () => {
    const steps = [{ toolCalls: [{ name: "workspace-note", args: { title: "Zinc", content: "# Zinc\n\n- Ask about zinc lozenges\n" } }] }, { text: "Saved." }];
    engine = engineWithRouter({ dataDir: tmp.dir, contentDir: REPO, modelProvider: scriptedProvider(steps) }, () => singlePlan("visit-steward"));
    const log = new EventLog();
    engine.onEvent(log.push);
    const { turnId } = await engine["consult.ask"]({ text: "Save a note about zinc" });
    await log.done(turnId);
    const [request] = log.of("approval.requested", turnId);
    expect(await engine["consult.decide"]({ approvalId: request!.approvalId, decision: "approve" })).toEqual({ status: "applied" });
    // In the index already (not only once a search catches up with the folder).
    expect(engine.db.prepare("SELECT name FROM search_note_files").all()).toEqual([{ name: "Zinc.md" }]);
    expect(await ids(engine, "lozenges")).toEqual(["note:Zinc.md"]);
  });

  it("answers hostile queries with results, not errors", async () => {
    const { engine: e, log } = start();
    const turn = await e["consult.ask"]({ text: "Is there a clinic NEAR me? (AND open late)" });
    await log.done(turn.turnId);
    for (const query of ['"', "AND (", "NEAR", "NEAR(clinic me)", "clinic*", "^late", "content:me", '")) OR 1=1 --']) {
      const response = await dispatchRequest(e, "search.run", { query });
      expect(response.ok, query).toBe(true);
    }
    expect(await ids(e, "AND (")).toEqual([`thread:${turn.threadId}`]);
    expect(await ids(e, '"')).toEqual([]);
    // Too long, or not text: refused by the contract, typed.
    expect(await dispatchRequest(e, "search.run", { query: "x".repeat(201) })).toMatchObject({ ok: false, error: { code: "invalid_input" } });
  });
});
