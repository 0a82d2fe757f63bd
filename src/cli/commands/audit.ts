/** `carefold audit verify`: checks the hash chain of the audit log (safety.md §6) for edits and truncation. */
import { auditLogsDir, verifyAuditLog } from "../../engine/audit/auditLog";
import { dataDirFrom, parse, UsageError } from "../args";
import type { CliCommand } from "../types";

const usage = `Usage: carefold audit verify [--data-dir DIR] [--json]

Checks that Carefold's audit log is intact: every entry matches its hash, links to the one before,
and the log reaches the last entry recorded in its head file (nothing cut off the end).
Exit status 0 when intact, 1 when an entry was edited, removed or the log was truncated.
  --data-dir DIR   the data folder holding logs/ (default: the app's data folder)
  --json           print the result as one JSON object`;

export const command: CliCommand = {
  name: "audit",
  summary: "verify the audit log has not been edited or truncated",
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
    const logsDir = auditLogsDir(dataDirFrom(values["data-dir"], io));
    const result = verifyAuditLog(logsDir);
    if (values.json) {
      io.stdout.write(JSON.stringify({ logsDir, ...result }) + "\n");
    } else {
      io.stdout.write(`Audit log: ${logsDir}\nEntries checked: ${result.entries}\n`);
      for (const p of result.problems) io.stdout.write(`Problem: ${p}\n`);
      io.stdout.write(result.ok ? "Intact: every entry matches its hash and the chain is complete.\n" : `NOT intact: ${result.problems.length} problem(s) found.\n`);
    }
    return result.ok ? 0 : 1;
  },
};
