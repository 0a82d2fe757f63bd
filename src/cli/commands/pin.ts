/**
 * `carefold pin set|remove`: a PIN for a data folder's key (CLI and `carefold serve`). Only the key is
 * re-wrapped (storage/dataKey.ts); the data is never re-encrypted. PINs come from the environment
 * (CAREFOLD_PIN: the current one, CAREFOLD_NEW_PIN: the new one) or are typed, unechoed, at a terminal.
 */
import { DataKeyError, dataKeyProtection, setDataKeyPin } from "../../engine/storage/dataKey";
import { dataDirFrom, parse, UsageError } from "../args";
import { cliUnlock, keysDirOf, promptHidden } from "../dataKey";
import type { CliCommand, CliIO } from "../types";

const NEW_PIN_ENV = "CAREFOLD_NEW_PIN";

const usage = `Usage: carefold pin set|remove [--data-dir DIR]

Protects this data folder's key with a PIN (set: add or change it), or goes back to the key file (remove).
Without the PIN nobody can read the database or the workspace files — and Carefold cannot recover them.
The current PIN comes from CAREFOLD_PIN, the new one from ${NEW_PIN_ENV}; otherwise you type them here.
  --data-dir DIR   the data folder (default: the app's data folder)`;

async function newPin(io: CliIO): Promise<string> {
  const fromEnv = io.env[NEW_PIN_ENV];
  if (fromEnv) return fromEnv;
  const first = await promptHidden(io, "New PIN: ");
  if (first === null) throw new UsageError(`type the new PIN at a terminal, or set ${NEW_PIN_ENV}`);
  if ((await promptHidden(io, "The new PIN again: ")) !== first) throw new UsageError("the two PINs differ: nothing was changed");
  return first;
}

export const command: CliCommand = {
  name: "pin",
  summary: "add, change or remove the PIN that protects this data folder's key",
  usage,
  async run(argv, io) {
    const { values, positionals } = parse(argv, { "data-dir": { type: "string" } });
    const [action, ...extra] = positionals;
    if ((action !== "set" && action !== "remove") || extra.length > 0) {
      io.stderr.write(`${usage}\n`);
      return 2;
    }
    const dataDir = dataDirFrom(values["data-dir"], io);
    const keysDir = keysDirOf(dataDir);
    if (action === "remove" && dataKeyProtection(keysDir) !== "pin") {
      io.stdout.write("This data folder has no PIN: nothing to remove.\n");
      return 0;
    }
    // The current form first (a PIN already there must be given), so a mistyped new PIN changes nothing.
    const current = dataKeyProtection(keysDir) === "pin" ? await cliUnlock(dataDir, io) : ({ kind: "file" } as const);
    try {
      const now = setDataKeyPin(keysDir, current, action === "set" ? await newPin(io) : null);
      io.stdout.write(now === "pin" ? "The data folder's key is now protected by the PIN.\n" : "The PIN is removed: the key is a file only your user account can open.\n");
      return 0;
    } catch (err) {
      if (err instanceof DataKeyError) {
        io.stderr.write(`carefold pin: ${err.message}\n`);
        return 1;
      }
      throw err;
    }
  },
};
