/**
 * The data key for CLI commands and `carefold serve` (storage/dataKey.ts): the 0600 key file, or the
 * PIN-wrapped key when the folder has a PIN. A PIN is never a command-line option (it would sit in the
 * shell history and the process list): it comes from CAREFOLD_PIN, or is typed, unechoed, on a terminal.
 */
import type { ReadStream } from "node:tty";
import { join } from "node:path";
import { DataKeyError, dataKeyProtection, openDataKey, type DataKeyProtection, type DataKeyUnlock } from "../engine/storage/dataKey";
import type { CliIO } from "./types";

export const PIN_ENV = "CAREFOLD_PIN";

export interface CliDataKey {
  dataKey: Buffer;
  dataKeyProtection: DataKeyProtection;
}

export const keysDirOf = (dataDir: string) => join(dataDir, "keys");

/** Reads a line from a terminal without echoing it; null where stdin is not a terminal. */
export function promptHidden(io: CliIO, question: string): Promise<string | null> {
  const tty = io.stdin as ReadStream;
  if (!tty.isTTY || typeof tty.setRawMode !== "function") return Promise.resolve(null);
  io.stderr.write(question);
  return new Promise((resolve) => {
    let typed = "";
    const done = (value: string | null) => {
      tty.setRawMode(false);
      tty.pause();
      tty.off("data", onData);
      io.stderr.write("\n");
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString("utf8")) {
        if (ch === "\r" || ch === "\n") return done(typed);
        if (ch === "\u0003" || ch === "\u0004") return done(null); // Ctrl-C, Ctrl-D
        if (ch === "\u007f" || ch === "\b") typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    tty.setRawMode(true);
    tty.resume();
    tty.on("data", onData);
  });
}

/** How to unlock this folder's key: its PIN when it has one (or when CAREFOLD_PIN asks for a new one), else the key file. */
export async function cliUnlock(dataDir: string, io: CliIO): Promise<DataKeyUnlock> {
  const protection = dataKeyProtection(keysDirOf(dataDir));
  const fromEnv = io.env[PIN_ENV];
  if (protection !== "pin" && !(protection === null && fromEnv)) return { kind: "file" };
  const pin = fromEnv ?? (await promptHidden(io, "PIN for this Carefold data folder: "));
  if (pin === null) throw new DataKeyError("pin_required", `this data folder is locked with a PIN: set ${PIN_ENV} or run the command in a terminal to type it`);
  return { kind: "pin", pin };
}

/** The key of `dataDir`, made on first use (PIN-wrapped when CAREFOLD_PIN is set then). */
export async function openCliDataKey(dataDir: string, io: CliIO): Promise<CliDataKey> {
  const opened = openDataKey(keysDirOf(dataDir), await cliUnlock(dataDir, io));
  return { dataKey: opened.key, dataKeyProtection: opened.protection };
}

/** For a synchronous read of the database (`models`): the PIN from CAREFOLD_PIN only. */
export function openCliDataKeySync(dataDir: string, env: NodeJS.ProcessEnv): Buffer {
  const pin = env[PIN_ENV];
  const protection = dataKeyProtection(keysDirOf(dataDir));
  return openDataKey(keysDirOf(dataDir), protection === "pin" && pin ? { kind: "pin", pin } : { kind: "file" }).key;
}
