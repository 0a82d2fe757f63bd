/**
 * Drives the crash test: spawns the engine process (crashChild.ts), lets it kill itself at targeted
 * points or kills it from outside at a random moment (SIGKILL), restarts it on the same data dir, and
 * checks the invariants after every kill and once each data dir's scenario completed.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { verifyAuditLog } from "../../src/engine/audit/auditLog";
import { isAtomicTemp } from "../../src/engine/storage/atomicWrite";
import { expectedNote } from "./scenario";
import { tempDir } from "../support/tempDir";

const CHILD = join(__dirname, "crashChild.ts");

export type KillSpec = { fault?: string; io?: string; nth?: number; after?: boolean } | { randomMs: number };

interface RunResult {
  killed: boolean;
  completed: boolean;
  ready: { temps: number; decided: number } | null;
  stderr: string;
}

function runChild(dir: string, spec: KillSpec, timeoutMs = 60_000): Promise<RunResult> {
  const self = "randomMs" in spec ? {} : spec;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD, dir, JSON.stringify(self)], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let stderr = "";
    let ready: RunResult["ready"] = null;
    const guard = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`engine process hung (${JSON.stringify(spec)}): ${stderr.slice(-2000)}`));
    }, timeoutMs);
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      if (!ready && out.includes('"ev":"ready"')) {
        ready = JSON.parse(out.split("\n").find((l) => l.includes('"ev":"ready"'))!) as RunResult["ready"];
        if ("randomMs" in spec) setTimeout(() => child.kill("SIGKILL"), spec.randomMs);
      }
    });
    child.stderr.on("data", (d: Buffer) => void (stderr += d.toString()));
    child.on("exit", (code, signal) => {
      clearTimeout(guard);
      const completed = out.includes('"ev":"complete"');
      if (signal !== "SIGKILL" && code !== 0) return reject(new Error(`engine process failed (${code}, ${JSON.stringify(spec)}): ${stderr.slice(-3000)}`));
      resolve({ killed: signal === "SIGKILL" && !completed, completed, ready, stderr });
    });
  });
}

interface ApprovalRow {
  id: string;
  thread_id: string;
  turn_id: string;
  status: string;
  decision: string | null;
  event: string;
  settled_at: string | null;
}

/** The checks that hold at any moment, even right after a kill (before any restart). */
function checkAnyMoment(dir: string, problems: string[], label: string): void {
  const db = new Database(join(dir, "carefold.db"));
  try {
    const integrity = db.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") problems.push(`${label}: integrity_check ${String(integrity)}`);
    const rows = db.prepare("SELECT * FROM approvals").all() as ApprovalRow[];
    const notesDir = join(dir, "workspace", "notes");
    const notes = existsSync(notesDir) ? readdirSync(notesDir).filter((n) => n.endsWith(".md")) : [];
    for (const name of notes) {
      const n = Number(/^note[- ](\d+)\.md$/i.exec(name)?.[1]);
      const text = readFileSync(join(notesDir, name), "utf8");
      if (text !== expectedNote(n, "approve") && text !== expectedNote(n, "edit")) problems.push(`${label}: partial or foreign note ${name}`);
    }
    for (const r of rows) {
      const path = (JSON.parse(r.event) as { path: string }).path;
      const name = path.split("/").at(-1)!;
      const n = Number(/^note[- ](\d+)\.md$/i.exec(name)?.[1]);
      const file = join(notesDir, name);
      if (r.status === "pending" && existsSync(file)) problems.push(`${label}: ${name} written before its approval was decided`);
      if (r.status === "applied") {
        const kind = (JSON.parse(r.decision ?? "{}") as { type?: string }).type === "edit" ? "edit" : "approve";
        if (!existsSync(file) || readFileSync(file, "utf8") !== expectedNote(n, kind)) problems.push(`${label}: approval ${r.id} marked applied but ${name} does not hold its content`);
      }
      if (!["pending", "decided", "applied"].includes(r.status)) problems.push(`${label}: approval ${r.id} is ${r.status}`);
    }
  } finally {
    db.close();
  }
}

function tempsUnder(dir: string): string[] {
  const found: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory()) found.push(...tempsUnder(full));
    else if (isAtomicTemp(e.name)) found.push(full);
  }
  return found;
}

/** After a clean restart ran the scenario to its end. */
function checkFinal(dir: string, problems: string[], label: string): { applied: number; interruptedTurns: number } {
  checkAnyMoment(dir, problems, label);
  const temps = tempsUnder(dir);
  if (temps.length) problems.push(`${label}: stale temp files ${temps.join(", ")}`);
  const audit = verifyAuditLog(join(dir, "logs"));
  if (!audit.ok) problems.push(`${label}: audit chain: ${audit.problems.join("; ")}`);
  const lines = readFileSync(join(dir, "logs", "audit.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { event: string; thread?: string; decision?: string });
  const db = new Database(join(dir, "carefold.db"), { readonly: true });
  try {
    const rows = db.prepare("SELECT * FROM approvals").all() as ApprovalRow[];
    for (const r of rows) {
      if (r.status !== "applied" && r.status !== "pending") problems.push(`${label}: approval ${r.id} ended ${r.status}`);
      if (r.status === "applied" && !r.settled_at) problems.push(`${label}: approval ${r.id} applied but its run never finished`);
      const last = db
        .prepare("SELECT json_extract(meta, '$.outcome') AS outcome FROM messages WHERE turn_id = ? AND role = 'assistant' ORDER BY rowid DESC LIMIT 1")
        .get(r.turn_id) as { outcome: string } | undefined;
      if (r.status === "applied" && last?.outcome !== "answered") problems.push(`${label}: turn ${r.turn_id} ends ${last?.outcome ?? "without an answer"} after its approval was applied`);
      const recorded = lines.filter((l) => l.event === "approval" && l.thread === r.thread_id && l.decision === "applied").length;
      if (recorded > 1) problems.push(`${label}: approval of ${r.thread_id} recorded applied ${recorded} times`);
    }
    // A turn killed before it asked for approval never reached one: the restart ends it with a plain
    // message (counted apart); no question is ever left without an answer.
    const turns = db.prepare("SELECT DISTINCT turn_id AS id FROM messages WHERE role = 'user'").all() as { id: string }[];
    let interruptedTurns = 0;
    for (const t of turns.filter((t) => !rows.some((r) => r.turn_id === t.id))) {
      const answer = db.prepare("SELECT json_extract(meta, '$.outcome') AS outcome FROM messages WHERE turn_id = ? AND role = 'assistant'").get(t.id) as { outcome: string } | undefined;
      if (!answer) problems.push(`${label}: turn ${t.id} was left without an answer`);
      else if (answer.outcome === "failed") interruptedTurns++;
    }
    return { applied: rows.filter((r) => r.status === "applied").length, interruptedTurns };
  } finally {
    db.close();
  }
}

export interface CrashReport {
  kills: number;
  targetedKills: number;
  randomKills: number;
  dataDirs: number;
  applied: number;
  /** Turns killed before they asked for approval, ended on restart as interrupted. */
  interruptedTurns: number;
  problems: string[];
}

/**
 * Kills the engine `kills` times (each kill one process start), `killsPerDir` kills on one data dir before a clean restart
 * completes it and the final checks run; `parallel` data dirs at a time.
 */
export async function crashTest(kills: number, options: { killsPerDir: number; parallel: number }): Promise<CrashReport> {
  const report: CrashReport = { kills: 0, targetedKills: 0, randomKills: 0, dataDirs: 0, applied: 0, interruptedTurns: 0, problems: [] };
  // A spec whose point the scenario has already passed kills nothing: plan more than needed, stop at `kills`.
  const queue = killPlan(kills * 3);
  const worker = async () => {
    while (queue.length && report.kills < kills) {
      const tmp = tempDir("carefold-crash-");
      const dirNo = ++report.dataDirs;
      const specs: KillSpec[] = [];
      try {
        for (let k = 0; k < options.killsPerDir && queue.length && report.kills < kills; k++) {
          const spec = queue.shift()!;
          specs.push(spec);
          const label = `dir ${dirNo}`;
          const run = await runChild(tmp.dir, spec);
          if (run.ready && (run.ready.temps || run.ready.decided)) problems(report, `${label}: after restart ${run.ready.temps} temp files, ${run.ready.decided} approvals decided but not applied`);
          if (run.killed) {
            report.kills++;
            if ("randomMs" in spec) report.randomKills++;
            else report.targetedKills++;
            checkAnyMoment(tmp.dir, report.problems, `${label} after kill ${JSON.stringify(spec)}`);
          }
          if (run.completed) break;
        }
        // The final checks name the kills this dir went through, so a problem can be replayed.
        const label = `dir ${dirNo} after ${specs.map((k) => JSON.stringify(k)).join(", ")}`;
        const final = await runChild(tmp.dir, {});
        if (!final.completed) problems(report, `${label}: the clean restart did not complete`);
        if (final.ready && (final.ready.temps || final.ready.decided)) problems(report, `${label}: after restart ${final.ready.temps} temp files, ${final.ready.decided} decided`);
        const { applied, interruptedTurns } = checkFinal(tmp.dir, report.problems, label);
        report.applied += applied;
        report.interruptedTurns += interruptedTurns;
      } finally {
        tmp.cleanup();
      }
    }
  };
  await Promise.all(Array.from({ length: options.parallel }, worker));
  return report;
}

function problems(report: CrashReport, p: string): void {
  report.problems.push(p);
}

/** The targeted kill points of decide → write → resume, note writes and checkpoint writes, then random kills. */
export function killPlan(total: number, seed = 13): KillSpec[] {
  let s = seed;
  const random = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const targeted: KillSpec[] = [];
  for (const nth of [1, 2]) {
    for (const fault of ["approval.decided", "approval.written", "approval.applied", "run.resumed", "turn.settled"]) targeted.push({ fault, nth });
    targeted.push({ io: "note.rename", nth }, { io: "note.rename", nth, after: true });
  }
  const specs: KillSpec[] = [];
  for (let i = 0; specs.length < total; i++) {
    if (i % 2 === 0) specs.push(targeted[(i / 2) % targeted.length]!);
    else if (i % 4 === 1) specs.push({ io: random() < 0.5 ? "checkpoint.put" : "checkpoint.putWrites", nth: 1 + Math.floor(random() * 30), after: random() < 0.5 });
    else specs.push({ randomMs: Math.floor(random() * 600) });
  }
  return specs;
}
