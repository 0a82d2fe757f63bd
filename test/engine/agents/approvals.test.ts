/**
 * Human in the loop through the real stack: a note write pauses for approval with a diff; approve,
 * edit and reject; nothing is written before approval; pending approvals survive an engine restart.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Engine } from "../../../src/engine/engine";
import type { FaultPoint } from "../../../src/engine/consult/consultService";
import type { Plan } from "../../../src/engine/lifecycle/state";
import { scriptedProvider, type ScriptStep } from "../../support/scriptedChatModel";
import { engineWithRouter, EventLog, REPO } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";

let tmp = tempDir();
const engines: Engine[] = [];
afterEach(async () => {
  for (const e of engines.splice(0)) await e.close();
  tmp.cleanup();
  tmp = tempDir();
});

const plan: Plan = { agents: ["visit-steward"], topology: "single", tasks: [{ agent: "visit-steward", dependsOn: [] }], confidence: 1, why: "Test." };
const NOTE = "# Visit agenda\n\n- Bring the medicine list\n- Ask about the new test\n";
const noteStep: ScriptStep = { toolCalls: [{ name: "workspace-note", args: { title: "Visit agenda", content: NOTE } }] };
const notePath = () => join(tmp.dir, "workspace", "notes", "Visit agenda.md");
/** The model's note name before one naming rule for both sides (src/shared/noteNames.ts). */
const legacyNotePath = () => join(tmp.dir, "workspace", "notes", "visit-agenda.md");

function start(steps: ScriptStep[], faultPoint?: (point: FaultPoint) => void) {
  const engine = engineWithRouter({ dataDir: tmp.dir, contentDir: REPO, modelProvider: scriptedProvider(steps), ...(faultPoint ? { faultPoint } : {}) }, () => plan);
  engine.consent.grantGlobal();
  engines.push(engine);
  const log = new EventLog();
  engine.onEvent(log.push);
  return { engine, log };
}

async function askForNote(steps: ScriptStep[]) {
  const { engine, log } = start(steps);
  const { turnId } = await engine["consult.ask"]({ text: "Save my visit agenda as a note" });
  const paused = await log.done(turnId);
  return { engine, log, turnId, paused };
}

describe("human in the loop", () => {
  it("pauses a note write for approval with the path and a diff, writing nothing yet", async () => {
    const { engine, log, turnId, paused } = await askForNote([noteStep, { text: "Saved." }]);
    expect(paused.outcome).toBe("awaiting_approval");
    const [request] = log.of("approval.requested", turnId);
    expect(request).toMatchObject({ tool: "workspace-note", path: "/workspace/notes/Visit agenda.md", operation: "create", agent: "visit-steward", proposed: NOTE });
    expect(request!.diff).toContain("+- Bring the medicine list");
    expect(existsSync(notePath())).toBe(false);
    expect((await engine["approvals.list"]()).map((a) => a.approvalId)).toEqual([request!.approvalId]);
  });

  it("approve writes the note and finishes the answer", async () => {
    const { engine, log, turnId } = await askForNote([noteStep, { text: "Your agenda is saved in your notes." }]);
    const [request] = log.of("approval.requested", turnId);
    expect(await engine["consult.decide"]({ approvalId: request!.approvalId, decision: "approve" })).toEqual({ status: "applied" });
    const finished = await log.done(turnId, 1);
    expect(finished.outcome).toBe("answered");
    expect(finished.text).toContain("Your agenda is saved");
    expect(readFileSync(notePath(), "utf8")).toBe(NOTE);
    expect(log.of("approval.resolved", turnId).map((e) => e.status)).toEqual(["applied"]);
    expect(await engine["approvals.list"]()).toEqual([]);
    // Deciding twice is harmless.
    expect(await engine["consult.decide"]({ approvalId: request!.approvalId, decision: "reject" })).toEqual({ status: "applied" });
  });

  it("edit writes the user's version", async () => {
    const { engine, log, turnId } = await askForNote([noteStep, { text: "Saved your edited agenda." }]);
    const [request] = log.of("approval.requested", turnId);
    await engine["consult.decide"]({ approvalId: request!.approvalId, decision: "edit", editedContent: "# My agenda\n- my own words\n" });
    await log.done(turnId, 1);
    expect(readFileSync(notePath(), "utf8")).toBe("# My agenda\n- my own words\n");
  });

  it("reject writes nothing and tells the model", async () => {
    const { engine, log, turnId } = await askForNote([noteStep, { text: "Okay, I did not save it." }]);
    const [request] = log.of("approval.requested", turnId);
    expect(await engine["consult.decide"]({ approvalId: request!.approvalId, decision: "reject" })).toEqual({ status: "rejected" });
    const finished = await log.done(turnId, 1);
    expect(finished.text).toContain("I did not save it");
    expect(existsSync(notePath())).toBe(false);
  });

  it("shows a modify diff against the current note", async () => {
    mkdirSync(join(tmp.dir, "workspace", "notes"), { recursive: true });
    writeFileSync(notePath(), "# Visit agenda\n\n- Old item\n");
    const { log, turnId } = await askForNote([noteStep, { text: "Saved." }]);
    const [request] = log.of("approval.requested", turnId);
    expect(request!.operation).toBe("modify");
    expect(request!.diff).toContain("-- Old item");
  });

  it("updates a note the model saved under its old-style name in place, never renaming it or adding a copy", async () => {
    mkdirSync(join(tmp.dir, "workspace", "notes"), { recursive: true });
    writeFileSync(legacyNotePath(), "# Visit agenda\n\n- Old item\n");
    const { engine, log, turnId } = await askForNote([noteStep, { text: "Saved." }]);
    const [request] = log.of("approval.requested", turnId);
    expect(request).toMatchObject({ path: "/workspace/notes/visit-agenda.md", operation: "modify" });
    await engine["consult.decide"]({ approvalId: request!.approvalId, decision: "approve" });
    await log.done(turnId, 1);
    expect(readFileSync(legacyNotePath(), "utf8")).toBe(NOTE);
    expect(existsSync(notePath())).toBe(false);
  });

  it("a pending approval survives an engine restart and can then be approved", async () => {
    const first = await askForNote([noteStep]);
    const [request] = first.log.of("approval.requested", first.turnId);
    await first.engine.close();
    engines.splice(engines.indexOf(first.engine), 1);
    expect(existsSync(notePath())).toBe(false);

    const { engine, log } = start([{ text: "Saved after the restart." }]);
    const pending = await engine["approvals.list"]();
    expect(pending.map((p) => p.approvalId)).toEqual([request!.approvalId]);
    await engine["consult.decide"]({ approvalId: request!.approvalId, decision: "approve" });
    const finished = await log.done(first.turnId);
    expect(finished.text).toContain("Saved after the restart.");
    expect(readFileSync(notePath(), "utf8")).toBe(NOTE);
  });

  it("an unknown approval is a typed error, and closing the app never writes", async () => {
    const { engine } = await askForNote([noteStep]);
    await expect(engine["consult.decide"]({ approvalId: "nope", decision: "approve" })).rejects.toMatchObject({ code: "not_found" });
    await engine.close();
    engines.length = 0;
    expect(existsSync(notePath())).toBe(false);
  });

  it("asks about one change at a time, so approving one and rejecting another does exactly that", async () => {
    const second = { name: "workspace-note", args: { title: "Questions", content: "# Questions\n- one\n" } };
    const { engine, log, turnId } = await askForNote([
      { toolCalls: [{ name: "workspace-note", args: { title: "Visit agenda", content: NOTE } }, second] },
      { toolCalls: [second] },
      { text: "Saved the agenda; the questions were not saved." },
    ]);
    const [firstRequest] = log.of("approval.requested", turnId);
    expect(log.of("approval.requested", turnId)).toHaveLength(1);
    await engine["consult.decide"]({ approvalId: firstRequest!.approvalId, decision: "approve" });
    await log.done(turnId, 1);
    const requests = log.of("approval.requested", turnId);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.path).toBe("/workspace/notes/Questions.md");
    await engine["consult.decide"]({ approvalId: requests[1]!.approvalId, decision: "reject" });
    const finished = await log.done(turnId, 2);
    expect(log.of("error")).toEqual([]);
    expect(finished.outcome).toBe("answered");
    expect(readFileSync(notePath(), "utf8")).toBe(NOTE);
    expect(existsSync(join(tmp.dir, "workspace", "notes", "Questions.md"))).toBe(false);
  });

  it("an answer waiting for approval never repeats an earlier answer of the thread", async () => {
    const { engine, log } = start([{ text: "EARLIER ANSWER about parking." }, noteStep]);
    const first = await engine["consult.ask"]({ text: "Where do I park for the visit?" });
    await log.done(first.turnId);
    const second = await engine["consult.ask"]({ threadId: first.threadId, text: "Save my visit agenda as a note" });
    const paused = await log.done(second.turnId);
    expect(paused.outcome).toBe("awaiting_approval");
    expect(paused.text).not.toContain("EARLIER ANSWER");
  });

  it("a decision the engine died right after is applied on the next start, and the turn is answered", async () => {
    // The crash: the decision is committed, then the engine stops before writing anything.
    const crash = (at: FaultPoint) => (point: FaultPoint) => {
      if (point === at) throw new Error(`simulated crash at ${point}`);
    };
    for (const at of ["approval.decided", "approval.written"] as const) {
      tmp.cleanup();
      tmp = tempDir();
      const first = start([noteStep], crash(at));
      const { turnId } = await first.engine["consult.ask"]({ text: "Save my visit agenda as a note" });
      await first.log.done(turnId);
      const [request] = first.log.of("approval.requested", turnId);
      await expect(first.engine["consult.decide"]({ approvalId: request!.approvalId, decision: "edit", editedContent: "# Mine\n" })).rejects.toThrow("simulated crash");
      await first.engine.close();
      engines.splice(engines.indexOf(first.engine), 1);

      const { engine, log } = start([{ text: "Saved after the restart." }]);
      expect(readFileSync(notePath(), "utf8")).toBe("# Mine\n");
      expect(await engine["approvals.list"]()).toEqual([]);
      const finished = await log.done(turnId);
      expect(finished.outcome).toBe("answered");
      await vi.waitFor(() => expect(engine.approvals.unsettled()).toEqual([]));
      const answers = engine.threads.messages(request!.threadId).filter((m) => m.role === "assistant");
      expect(answers.at(-1)).toMatchObject({ outcome: "answered", text: expect.stringContaining("Saved after the restart.") });
      expect(await engine["consult.decide"]({ approvalId: request!.approvalId, decision: "reject" })).toEqual({ status: "applied" });
    }
  });

  it("start-up removes the temp files a killed note write left, but not another live process's", async () => {
    const notes = join(tmp.dir, "workspace", "notes");
    mkdirSync(notes, { recursive: true });
    writeFileSync(join(notes, ".visit.md.999999999.0123456789ab.tmp"), "half a no");
    writeFileSync(join(notes, `.other.md.${process.ppid}.ba9876543210.tmp`), "in flight");
    start([]);
    expect(readdirSync(notes).sort()).toEqual([`.other.md.${process.ppid}.ba9876543210.tmp`]);
  });
});
