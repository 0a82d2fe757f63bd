/** `carefold data delete --all [--yes]`: "Delete all my data" from a terminal; asks first unless --yes. */
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { createEngine } from "../../engine/engine";
import { openCliDataKey } from "../dataKey";
import { findContentDir } from "../../engine/paths";
import { dispatchRequest } from "../../shared/rpc";
import { dataDirFrom, parse, UsageError } from "../args";
import type { CliCommand, CliIO } from "../types";

const usage = `Usage: carefold data delete --all [--yes] [--data-dir DIR] [--json]

Deletes all your data: every conversation (with its saved model runs and approvals), attachment,
note and workspace file, and your consent to health specialists. It cannot be undone. Settings and
model files are kept; the audit log (ids and decisions, never text) records the deletion.
Without --yes it asks first and deletes only when you type "yes".
  --all            required: what to delete
  --yes            do not ask
  --data-dir DIR   the data folder (default: the app's data folder)
  --json           print the result as one JSON object`;

/** The first line typed (empty at end of input), so a closed or empty stdin never confirms. */
function firstLine(io: CliIO): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: io.stdin, terminal: false });
    let answered = false;
    rl.once("line", (line) => {
      answered = true;
      rl.close();
      resolve(line);
    });
    rl.once("close", () => {
      if (!answered) resolve("");
    });
  });
}

export const command: CliCommand = {
  name: "data",
  summary: "delete all your data (asks first)",
  usage,
  async run(argv, io) {
    let parsed;
    try {
      parsed = parse(argv, { "data-dir": { type: "string" }, all: { type: "boolean" }, yes: { type: "boolean" }, json: { type: "boolean" } });
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      io.stderr.write(`carefold data: ${err.message}\n\n${usage}\n`);
      return 2;
    }
    const { values, positionals } = parsed;
    if (positionals.length !== 1 || positionals[0] !== "delete" || !values.all) {
      io.stderr.write(`${usage}\n`);
      return 2;
    }
    const dataDir = dataDirFrom(values["data-dir"], io);
    // A mistyped --data-dir must not create a data folder just to empty it.
    if (!existsSync(dataDir)) {
      io.stderr.write(`There is no Carefold data folder at ${dataDir}; nothing was deleted.\n`);
      return 1;
    }
    if (!values.yes) {
      io.stderr.write(`This deletes all your Carefold data in ${dataDir}: conversations, attachments, notes and workspace files. It cannot be undone.\nType "yes" to delete everything: `);
      if ((await firstLine(io)).trim().toLowerCase() !== "yes") {
        io.stderr.write("\nNothing was deleted.\n");
        return 1;
      }
    }
    const engine = createEngine({ dataDir, contentDir: findContentDir(), hostKind: "cli", ...(await openCliDataKey(dataDir, io)) });
    try {
      const response = await dispatchRequest(engine, "data.deleteAll", { confirm: true });
      if (!response.ok) {
        io.stderr.write(`carefold data: ${response.error.message}\n`);
        return 1;
      }
      const result = response.result as { threads: number; attachments: number; notes: number; walCleared: boolean };
      if (values.json) io.stdout.write(JSON.stringify({ dataDir, ...result }) + "\n");
      else io.stdout.write(`Deleted ${result.threads} conversation(s), ${result.attachments} attachment(s) and ${result.notes} note(s) from ${dataDir}.\n`);
      if (!result.walCleared) io.stderr.write("Another Carefold window is using this data: close it, then run this again to clear the database's log file.\n");
      return result.walCleared ? 0 : 1;
    } finally {
      await engine.close();
    }
  },
};
