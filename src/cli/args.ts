/** Small helpers shared by subcommands: option parsing with clear errors, data dir resolution. */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { resolve } from "node:path";
import { defaultDataDir } from "../engine/paths";
import { findProfileFolder } from "../engine/profiles/registry";
import type { CliIO } from "./types";

export class UsageError extends Error {}

export function parse<T extends NonNullable<ParseArgsConfig["options"]>>(argv: string[], options: T, allowPositionals = true) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

/** The data folder a command uses: --data-dir (or the default), then the folder of `--profile NAME` in it. */
export function dataDirFrom(value: string | undefined, io: CliIO): string {
  const root = value ? resolve(io.cwd, value) : defaultDataDir(io.env);
  if (io.profile === undefined) return root;
  try {
    return findProfileFolder(root, io.profile);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

/** Takes `--profile NAME` / `--profile=NAME` out of a command's arguments (every command that opens a data folder honours it). */
export function takeProfileOption(argv: string[]): { argv: string[]; profile?: string } {
  const rest: string[] = [];
  let profile: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      rest.push(...argv.slice(i));
      break;
    }
    if (a === "--profile") {
      profile = argv[++i];
      if (profile === undefined || profile.startsWith("--")) throw new UsageError("--profile needs a profile's name");
    } else if (a.startsWith("--profile=")) profile = a.slice("--profile=".length);
    else rest.push(a);
  }
  return profile === undefined ? { argv: rest } : { argv: rest, profile };
}
