/** `carefold audit verify`: checks the keyed chain of the audit log (safety.md §6) for edits, forgeries and truncation. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { auditKeysDir, FileAuditKeyStore } from "../../engine/audit/auditKey";
import { auditLogsDir, verifyAuditLog } from "../../engine/audit/auditLog";
import { dataDirFrom, parse, UsageError } from "../args";
import type { CliCommand } from "../types";

/** The key is only in the desktop app's system keychain: the MACs cannot be checked from here. */
export const EXIT_KEY_UNAVAILABLE = 3;

const usage = `Usage: carefold audit verify [--data-dir DIR] [--json]

Checks that Carefold's audit log is intact: every entry matches its MAC (made with the audit key in
DIR/keys, outside the log) and links to the one before, the head file's MAC checks out, and the log
reaches the entry the head records (nothing cut off the end). Damage the app found when it reopened
the log (entries cut off, a forged head) stays reported. A log exactly one entry ahead of its head
(the app stopped between two writes) is intact, with a note.
Exit status:
  0  intact
  1  not intact: an entry was edited, forged, removed or reordered, or the log was truncated;
     or there is no audit log at all (a wrong --data-dir, or the log was deleted or moved)
  2  usage mistake
  3  cannot check: the audit key is kept in the desktop app's system keychain (keys/audit.key.enc)
  --data-dir DIR   the data folder holding logs/ and keys/ (default: the app's data folder)
  --json           print the result as one JSON object`;

export const command: CliCommand = {
  name: "audit",
  summary: "verify the audit log has not been edited, forged or truncated",
  usage,
  async run(argv, io) {
    // Usage mistakes exit 2, so exit 1 always means "not intact".
    let parsed;
    try {
      parsed = parse(argv, { "data-dir": { type: "string" }, json: { type: "boolean" } });
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      io.stderr.write(`carefold audit: ${err.message}\n\n${usage}\n`);
      return 2;
    }
    const { values, positionals } = parsed;
    if (positionals.length !== 1 || positionals[0] !== "verify") {
      io.stderr.write(`${usage}\n`);
      return 2;
    }
    const dataDir = dataDirFrom(values["data-dir"], io);
    const logsDir = auditLogsDir(dataDir);
    // A missing log is not an intact one: a mistyped folder or a deleted log must not pass. A folder the
    // app opened but has not logged to yet still has its keyed head (audit.head), so it is checked below.
    if (!existsSync(join(logsDir, "audit.jsonl")) && !existsSync(join(logsDir, "audit.head"))) {
      const where = join(logsDir, "audit.jsonl");
      const reason = existsSync(dataDir)
        ? `No audit log at ${where}. If Carefold has used this data folder, its audit log was deleted or moved.`
        : `No audit log at ${where}: there is no Carefold data folder at ${dataDir}. Check --data-dir (or CAREFOLD_DATA_DIR).`;
      if (values.json) io.stdout.write(JSON.stringify({ logsDir, ok: false, entries: 0, problems: [reason], notes: [] }) + "\n");
      else io.stdout.write(`${reason}\nNOT intact: there is no log to check.\n`);
      return 1;
    }
    const keys = new FileAuditKeyStore(auditKeysDir(dataDir));
    if (keys.inKeychainOnly()) {
      const reason = "the audit key is kept in the desktop app's system keychain (keys/audit.key.enc), which this command cannot read: the MACs cannot be checked here";
      if (values.json) io.stdout.write(JSON.stringify({ logsDir, ok: null, checked: false, reason }) + "\n");
      else io.stdout.write(`Audit log: ${logsDir}\nCannot check: ${reason}.\n`);
      return EXIT_KEY_UNAVAILABLE;
    }
    // Reads the key file beside logs/ (keys/audit.key); an unusable key is reported as a problem.
    const result = verifyAuditLog(logsDir);
    if (values.json) {
      io.stdout.write(JSON.stringify({ logsDir, ...result }) + "\n");
    } else {
      io.stdout.write(`Audit log: ${logsDir}\nEntries checked: ${result.entries}\n`);
      for (const p of result.problems) io.stdout.write(`Problem: ${p}\n`);
      for (const n of result.notes) io.stdout.write(`Note: ${n}\n`);
      io.stdout.write(result.ok ? "Intact: every entry matches its MAC and the chain is complete.\n" : `NOT intact: ${result.problems.length} problem(s) found.\n`);
    }
    return result.ok ? 0 : 1;
  },
};
