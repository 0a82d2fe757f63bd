/** Small helpers shared by subcommands: option parsing with clear errors, data dir resolution. */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { resolve } from "node:path";
import { defaultDataDir } from "../engine/paths";
import type { CliIO } from "./types";

export class UsageError extends Error {}

export function parse<T extends NonNullable<ParseArgsConfig["options"]>>(argv: string[], options: T, allowPositionals = true) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

export function dataDirFrom(value: string | undefined, io: CliIO): string {
  return value ? resolve(io.cwd, value) : defaultDataDir(io.env);
}
