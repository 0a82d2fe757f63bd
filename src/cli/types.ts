/** A `carefold <name>` subcommand. Each lives in src/cli/commands/<name>.ts and is listed in commands/index.ts. */
export interface CliIO {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Working directory the command resolves relative paths against. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** `--profile NAME` (given before or after the command's own options): whose data folder the command uses. */
  profile?: string;
  /** When a command that runs until stopped (`serve`) stops: default SIGINT or SIGTERM; tests running it in process pass their own. */
  stopped?: Promise<void>;
}

export interface CliCommand {
  name: string;
  /** One line for `carefold --help`. */
  summary: string;
  /** Full usage text for `carefold <name> --help`. */
  usage: string;
  /** Returns the process exit code. Must not call process.exit itself. */
  run(argv: string[], io: CliIO): Promise<number>;
}
