/**
 * The engine process the crash test kills (run with `node --import tsx`): a real Engine on a temp
 * data dir with the scripted test model, working through a fixed scenario — ask for a note, decide
 * its approval (approve or edit), N times — and picking up after every restart where the last one
 * was killed. Test-only.
 *
 * argv: <dataDir> <kill spec JSON>. The spec names where this process kills itself (SIGKILL):
 * - { "fault": FaultPoint, "nth": n }   at the n-th (1-based) call of the engine's faultPoint hook there
 * - { "io": "note.rename" | "checkpoint.put" | "checkpoint.putWrites", "nth": n, "after"?: true }
 *   before (or just after) the n-th atomic note rename / checkpoint write
 * - {} no self-kill (the parent may kill it from outside at a random moment)
 * stdout: JSON lines {"ev":"ready",...} after start-up recovery, {"ev":"complete"} at the end.
 */
import fs, { readdirSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import type { BaseMessage } from "@langchain/core/messages";
import type { FaultPoint } from "../../src/engine/consult/consultService";
import type { Plan } from "../../src/engine/lifecycle/state";
import { createEngine } from "../../src/engine/engine";
import type { Router } from "../../src/engine/lifecycle/plan";
import { isAtomicTemp } from "../../src/engine/storage/atomicWrite";
import { scriptedProvider, type ScriptStep } from "../support/scriptedChatModel";
import { NOTES, expectedNote, noteTitle } from "./scenario";

const [dataDir, specText] = process.argv.slice(2) as [string, string];
const spec = JSON.parse(specText || "{}") as { fault?: FaultPoint; io?: string; nth?: number; after?: boolean };
const die = (): never => {
  process.kill(process.pid, "SIGKILL");
  throw new Error("unreachable");
};
const counts = new Map<string, number>();
const hit = (name: string): boolean => {
  const n = (counts.get(name) ?? 0) + 1;
  counts.set(name, n);
  return n === (spec.nth ?? 1);
};
const say = (o: object) => process.stdout.write(JSON.stringify(o) + "\n");

// Kill points inside note writes and checkpoint writes (test-only patches of this process).
const notesDir = join(dataDir, "workspace", "notes");
if (spec.io === "note.rename") {
  const rename = fs.renameSync;
  fs.renameSync = ((from: fs.PathLike, to: fs.PathLike) => {
    const inNotes = String(to).startsWith(notesDir);
    if (inNotes && !spec.after && hit("note.rename")) die();
    rename(from, to);
    if (inNotes && spec.after && hit("note.rename")) die();
  }) as typeof fs.renameSync;
  syncBuiltinESMExports();
}
for (const method of ["put", "putWrites"] as const) {
  if (spec.io !== `checkpoint.${method}`) continue;
  const original = SqliteSaver.prototype[method] as (...args: unknown[]) => Promise<unknown>;
  (SqliteSaver.prototype as unknown as Record<string, unknown>)[method] = async function (this: SqliteSaver, ...args: unknown[]) {
    if (!spec.after && hit(method)) die();
    const out = await original.apply(this, args);
    if (spec.after && hit(method)) die();
    return out;
  };
}

const plan: Plan = { agents: ["visit-steward"], topology: "single", tasks: [{ agent: "visit-steward", dependsOn: [] }], confidence: 1, why: "Crash test." };

/** The specialist proposes the asked-for note, then (after the tool ran) says it is saved. */
function script(messages: BaseMessage[]): ScriptStep {
  const last = messages.at(-1);
  if (last?.getType() === "tool") return { chunks: ["Saved ", "your ", "note."], delayMs: 2 };
  const human = [...messages].reverse().find((m) => m.getType() === "human");
  const n = Number(/Save note (\d+)/.exec(String(human?.content ?? ""))?.[1] ?? 0);
  return { toolCalls: [{ name: "workspace-note", args: { title: noteTitle(n), content: expectedNote(n, "approve") } }] };
}

// Like test/support/engineHarness (which needs vitest's __dirname): the plan phase is fixed.
const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const engine = createEngine({
  dataDir,
  contentDir: REPO,
  modelProvider: scriptedProvider(script),
  router: (): Router => () => plan,
  faultPoint: (point) => {
    if (spec.fault === point && hit(point)) die();
  },
});
engine.consent.grantGlobal();

const temps = readdirSync(notesDir).filter(isAtomicTemp).length;
const decided = engine.approvals.unsettled().filter((r) => r.status === "decided").length;
say({ ev: "ready", temps, decided });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}
const settled = () => engine.approvals.unsettled().length === 0;
const asked = () => engine.threads.list().length;
/** A turn is over when it has an answer or an approval waiting. */
const turnOver = (threadId: string) =>
  engine.threads.messages(threadId).some((m) => m.role === "assistant") || engine.approvals.pending().some((a) => a.event.threadId === threadId);

await until(settled, "start-up recovery");
for (;;) {
  const [pending] = engine.approvals.pending();
  if (pending) {
    const n = Number(/note[- ](\d+)\.md$/i.exec(pending.event.path)?.[1] ?? 0);
    const edit = n % 2 === 0;
    await engine["consult.decide"]({ approvalId: pending.event.approvalId, decision: edit ? "edit" : "approve", ...(edit ? { editedContent: expectedNote(n, "edit") } : {}) });
    await until(settled, "the decided run to finish");
    continue;
  }
  if (asked() >= NOTES) break;
  const { threadId } = await engine["consult.ask"]({ text: `Save note ${asked() + 1}` });
  await until(() => turnOver(threadId), "the turn to pause for approval");
}
await engine.close();
say({ ev: "complete" });
