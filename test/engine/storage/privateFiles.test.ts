/**
 * Issue 16: what Carefold keeps in its data folder is the owner's only — files 0600, folders 0700 —
 * without touching the process umask: a data folder made by the real engine (database and its WAL,
 * notes, attachments and what was read of them, the audit log, its head and key, an imported model),
 * an older installation's 0644/0755 folder tightened at start-up, and what must not be touched (links,
 * hard-linked files, Electron's own files, a folder that is not a data folder, the home folder).
 * POSIX only: Windows ignores modes.
 */
import { chmodSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startEngine, type EngineContext } from "../../security/securityHarness";
import Database from "better-sqlite3";
import { openDatabase } from "../../../src/engine/storage/database";
import { writeFileAtomic } from "../../../src/engine/storage/atomicWrite";
import { DATA_ENTRIES, tightenDataDir } from "../../../src/engine/storage/privateFiles";
import { AuditLog, auditLogsDir } from "../../../src/engine/audit/auditLog";
import { NotesStore } from "../../../src/engine/workspace/notesStore";
import { AttachmentsStore } from "../../../src/engine/workspace/attachmentsStore";
import { importModel, modelsDir } from "../../../src/engine/inference/modelStore";
import { generateModel } from "../../support/gguf/index";
import { tempDir } from "../../support/tempDir";

const POSIX = process.platform !== "win32";
if (!POSIX) console.log("privateFiles.test.ts: skipped on win32 — Windows ignores POSIX modes (the user-data folder's ACLs apply)");

const modeOf = (path: string) => statSync(path).mode & 0o777;
const octal = (mode: number) => `0${mode.toString(8)}`;

/** Every file and folder under `dir` (links not followed) with its mode, as "relative path → 0600". */
function modesUnder(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      const st = lstatSync(full);
      if (st.isSymbolicLink()) continue;
      out[relative(dir, full) + (st.isDirectory() ? "/" : "")] = octal(st.mode & 0o777);
      if (st.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return out;
}

/** The paths under `dir` that others could read or enter (any group or other bit). */
function notOwnerOnly(dir: string): string[] {
  return Object.entries(modesUnder(dir))
    .filter(([, mode]) => (parseInt(mode, 8) & 0o077) !== 0)
    .map(([path, mode]) => `${path} ${mode}`);
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.skipIf(!POSIX)("a data folder made by the engine is the owner's only", () => {
  it("database, WAL, notes, attachments, logs, keys and models are 0600 in 0700 folders (umask 022 as usual)", async () => {
    expect(process.umask() & 0o077, "these tests assume a umask that leaves group/other bits (022)").not.toBe(0o077);
    const ctx: EngineContext = startEngine();
    cleanups.push(() => ctx.stop());
    const { dataDir, engine } = ctx;
    chmodSync(dataDir, 0o755); // mkdtemp makes 0700: start like ~/.config/Carefold made by an older version

    const note = engine.notes.write("visit.md", "# Visit\nAsk about the blood pressure readings.");
    const added = await ctx.call("attachments.add", { name: "labs.txt", dataBase64: Buffer.from("Glucose 98 mg/dL\nA1c 5.4 %").toString("base64") });
    expect(added.ok).toBe(true);
    const attachment = (added as { result: { id: string; status: string } }).result;
    expect(attachment.status).toBe("ready");
    const done = await ctx.ask("Help me prepare for my visit"); // checkpoints and thread rows into the WAL
    expect(done.outcome).toBe("answered");
    const source = generateModel();
    cleanups.push(() => source.cleanup());
    chmodSync(source.path, 0o755); // as copied off a USB stick
    await importModel(dataDir, source.path);

    const db = join(dataDir, "carefold.db");
    const attachmentDir = join(dataDir, "workspace", "attachments", attachment.id);
    const files = {
      db,
      wal: `${db}-wal`,
      shm: `${db}-shm`,
      note: join(dataDir, "workspace", "notes", note.name),
      attachment: join(attachmentDir, "labs.txt"),
      document: join(attachmentDir, "document.json"),
      extracted: join(attachmentDir, "extracted.txt"),
      log: join(dataDir, "logs", "audit.jsonl"),
      head: join(dataDir, "logs", "audit.head"),
      key: join(dataDir, "keys", "audit.key"),
      model: join(modelsDir(dataDir), "tiny.gguf"),
    };
    for (const [what, file] of Object.entries(files)) {
      expect(existsSync(file), `${what} exists`).toBe(true);
      expect(octal(modeOf(file)), `${what}: ${file}`).toBe("0600");
    }
    const folders = ["workspace", "workspace/notes", "workspace/attachments", relative(dataDir, attachmentDir), "logs", "keys", "models", "cache/ocr"];
    for (const folder of folders) expect(octal(modeOf(join(dataDir, folder))), folder).toBe("0700");
    // And nothing else under the data folder is readable by others either.
    expect(notOwnerOnly(dataDir)).toEqual([]);

    // The one thing the stores do not decide: the data folder itself (the engine's start-up does).
    expect(tightenDataDir(dataDir)).toEqual({ tightened: 1, failed: [] });
    expect(octal(modeOf(dataDir))).toBe("0700");
  });

  it("a replaced file is 0600 whatever the old one was; folders made for it are 0700, an existing folder is left as it is", () => {
    const tmp = tempDir();
    cleanups.push(() => tmp.cleanup());
    const existing = join(tmp.dir, "exports");
    mkdirSync(existing, { mode: 0o755 });
    chmodSync(existing, 0o755);
    const file = join(existing, "agenda.pdf");
    writeFileSync(file, "old", { mode: 0o644 });
    writeFileAtomic(file, "new");
    expect(octal(modeOf(file))).toBe("0600");
    expect(octal(modeOf(existing)), "a folder the user chose (Save as…) keeps its mode").toBe("0755");
    const nested = join(tmp.dir, "a", "b", "c.txt");
    writeFileAtomic(nested, "x");
    expect([modeOf(join(tmp.dir, "a")), modeOf(join(tmp.dir, "a", "b")), modeOf(nested)].map(octal)).toEqual(["0700", "0700", "0600"]);
  });
});

/** An installation made before issue 16: the real stores' files, then every mode loosened as umask 022 made them. */
function olderInstallation(dataDir: string) {
  const db = openDatabase(join(dataDir, "carefold.db"));
  db.exec("CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('kept')");
  const notes = new NotesStore(join(dataDir, "workspace", "notes"));
  notes.write("meds.md", "# Medicines\n- lisinopril 10 mg");
  const attachments = new AttachmentsStore(db, join(dataDir, "workspace", "attachments"));
  const { id } = attachments.add("letter.txt", Buffer.from("Dear patient").toString("base64"));
  new AuditLog(auditLogsDir(dataDir)).record({ event: "run", decision: "ok" });
  writeFileSync(join(dataDir, "workspace", "AGENTS.md"), "memory", { mode: 0o644 });
  mkdirSync(join(dataDir, "content", "skills", "mine", "scripts"), { recursive: true });
  writeFileSync(join(dataDir, "content", "skills", "mine", "scripts", "run.sh"), "#!/bin/sh\n", { mode: 0o755 });
  mkdirSync(join(dataDir, "models", ".downloads"), { recursive: true });
  writeFileSync(join(dataDir, "models", ".downloads", "part.gguf.ipull"), "{}");
  const loosen = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        chmodSync(full, 0o755);
        loosen(full);
      } else if (entry.isFile()) chmodSync(full, entry.name.endsWith(".sh") ? 0o755 : 0o644);
    }
  };
  loosen(dataDir);
  chmodSync(dataDir, 0o755);
  return { db, attachmentId: id, close: () => db.close() };
}

describe.skipIf(!POSIX)("an existing installation is tightened at start-up", () => {
  it("folders become 0700 and files 0600 (an owner's x bit stays); it is done once and is a no-op after", () => {
    const tmp = tempDir();
    cleanups.push(() => tmp.cleanup());
    const old = olderInstallation(tmp.dir);
    cleanups.push(old.close);
    expect(octal(modeOf(join(tmp.dir, "carefold.db")))).toBe("0644");
    expect(octal(modeOf(join(tmp.dir, "carefold.db-wal")))).toBe("0644");
    expect(notOwnerOnly(tmp.dir).length).toBeGreaterThan(15);

    const result = tightenDataDir(tmp.dir);
    expect(result.failed).toEqual([]);
    expect(notOwnerOnly(tmp.dir)).toEqual([]);
    expect(result.tightened).toBe(Object.keys(modesUnder(tmp.dir)).length + 1); // every entry, and the folder itself
    const modes = modesUnder(tmp.dir);
    expect(modes).toMatchObject({
      "carefold.db": "0600",
      "carefold.db-wal": "0600",
      "carefold.db-shm": "0600",
      "workspace/": "0700",
      "workspace/AGENTS.md": "0600",
      "workspace/notes/": "0700",
      "workspace/notes/meds.md": "0600",
      "workspace/attachments/": "0700",
      [`workspace/attachments/${old.attachmentId}/`]: "0700",
      [`workspace/attachments/${old.attachmentId}/letter.txt`]: "0600",
      "logs/": "0700",
      "logs/audit.jsonl": "0600",
      "logs/audit.head": "0600",
      "keys/audit.key": "0600",
      "models/.downloads/part.gguf.ipull": "0600",
      "content/skills/mine/scripts/run.sh": "0700",
    });
    expect(octal(modeOf(tmp.dir))).toBe("0700");
    // The database still opens and reads after its files changed mode under an open connection.
    expect(old.db.prepare("SELECT x FROM t").get()).toEqual({ x: "kept" });
    expect(tightenDataDir(tmp.dir)).toEqual({ tightened: 0, failed: [] });
  });

  it("reopening the stores tightens their own files and folders even before the start-up pass", () => {
    const tmp = tempDir();
    cleanups.push(() => tmp.cleanup());
    olderInstallation(tmp.dir).close();
    const db = openDatabase(join(tmp.dir, "carefold.db"));
    cleanups.push(() => db.close());
    new NotesStore(join(tmp.dir, "workspace", "notes"));
    new AttachmentsStore(db, join(tmp.dir, "workspace", "attachments"));
    new AuditLog(auditLogsDir(tmp.dir));
    const modes = modesUnder(tmp.dir);
    expect(modes).toMatchObject({
      "carefold.db": "0600",
      "carefold.db-wal": "0600",
      "carefold.db-shm": "0600",
      "workspace/notes/": "0700",
      "workspace/attachments/": "0700",
      "logs/": "0700",
      "logs/audit.jsonl": "0600",
      "keys/": "0700",
      "keys/audit.key": "0600",
    });
  });

  it("leaves alone what is not Carefold's: links and their targets, hard-linked files, Electron's files, other folders", () => {
    const tmp = tempDir();
    cleanups.push(() => tmp.cleanup());
    const dataDir = join(tmp.dir, "Carefold");
    mkdirSync(dataDir);
    olderInstallation(dataDir).close();
    const outside = join(tmp.dir, "outside.txt");
    writeFileSync(outside, "someone else's", { mode: 0o644 });
    chmodSync(outside, 0o644);
    const outsideDir = join(tmp.dir, "shared-folder");
    mkdirSync(outsideDir, { mode: 0o755 });
    chmodSync(outsideDir, 0o755);
    symlinkSync(outside, join(dataDir, "workspace", "notes", "linked.md"));
    symlinkSync(outsideDir, join(dataDir, "workspace", "linked-folder"));
    symlinkSync(outsideDir, join(dataDir, "cache"));
    const hardLinked = join(tmp.dir, "hard.txt");
    writeFileSync(hardLinked, "also elsewhere", { mode: 0o644 });
    chmodSync(hardLinked, 0o644);
    linkSync(hardLinked, join(dataDir, "workspace", "hard.txt"));
    // Electron's user-data folder also holds Chromium's own files: not Carefold's to change.
    writeFileSync(join(dataDir, "Preferences"), "{}", { mode: 0o644 });
    chmodSync(join(dataDir, "Preferences"), 0o644);
    expect(DATA_ENTRIES).not.toContain("Preferences");

    expect(tightenDataDir(dataDir).failed).toEqual([]);
    expect(octal(modeOf(outside))).toBe("0644");
    expect(octal(modeOf(outsideDir))).toBe("0755");
    expect(octal(modeOf(hardLinked))).toBe("0644");
    expect(octal(modeOf(join(dataDir, "Preferences")))).toBe("0644");
    expect(octal(modeOf(join(dataDir, "workspace", "notes", "meds.md")))).toBe("0600");

    // A folder that holds no carefold.db is not a data folder (a wrong --data-dir): nothing changes.
    const notData = join(tmp.dir, "not-data");
    mkdirSync(join(notData, "models"), { recursive: true });
    writeFileSync(join(notData, "models", "x.gguf"), "", { mode: 0o644 });
    chmodSync(join(notData, "models", "x.gguf"), 0o644);
    chmodSync(notData, 0o755);
    expect(tightenDataDir(notData)).toEqual({ tightened: 0, failed: [] });
    expect(octal(modeOf(join(notData, "models", "x.gguf")))).toBe("0644");
    expect(tightenDataDir(join(tmp.dir, "missing"))).toEqual({ tightened: 0, failed: [] });
  });

  it("a data folder that is the home folder keeps its mode and its other folders; only the database is tightened", () => {
    const tmp = tempDir();
    cleanups.push(() => tmp.cleanup());
    olderInstallation(tmp.dir).close();
    const home = process.env.HOME;
    process.env.HOME = tmp.dir; // os.homedir() reads $HOME on POSIX
    cleanups.push(() => (home === undefined ? delete process.env.HOME : (process.env.HOME = home)));
    tightenDataDir(tmp.dir);
    expect(octal(modeOf(tmp.dir))).toBe("0755");
    expect(octal(modeOf(join(tmp.dir, "workspace")))).toBe("0755");
    expect(octal(modeOf(join(tmp.dir, "carefold.db")))).toBe("0600");
  });
});

describe.skipIf(!POSIX)("the database's own files", () => {
  it("a new database is 0600 from the start, and SQLite makes its -wal and -shm with the database's mode", () => {
    const tmp = tempDir();
    cleanups.push(() => tmp.cleanup());
    const file = join(tmp.dir, "data", "carefold.db");
    const db = openDatabase(file);
    expect([file, `${file}-wal`, `${file}-shm`, join(tmp.dir, "data")].map(modeOf).map(octal)).toEqual(["0600", "0600", "0600", "0700"]);
    db.close(); // the last connection removes -wal and -shm
    expect(existsSync(`${file}-wal`)).toBe(false);
    // Another connection that is not ours (the CLI's, an older build's) makes them again: at 0600, like the file.
    const other = new Database(file);
    cleanups.push(() => other.close());
    other.prepare("SELECT COUNT(*) FROM schema_migrations").get();
    expect([`${file}-wal`, `${file}-shm`].map(modeOf).map(octal)).toEqual(["0600", "0600"]);
  });
});
