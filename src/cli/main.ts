/** `carefold` entry point: dispatches to a subcommand module; never throws past here. */
import { commandLoaders } from "./commands/index";
import { takeProfileOption } from "./args";
import type { CliIO } from "./types";

function help(): string {
  const names = Object.keys(commandLoaders).sort();
  return [
    "Carefold — an offline healthcare navigation companion (not a doctor, not emergency care).",
    "",
    "Usage: carefold <command> [options]   (carefold <command> --help for details)",
    "Every command that uses your data takes --profile NAME: that person's profile (see Settings → People).",
    "",
    `Commands: ${names.join(", ")}`,
  ].join("\n");
}

export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    io.stdout.write(help() + "\n");
    return name ? 0 : 1;
  }
  const load = commandLoaders[name];
  if (!load) {
    io.stderr.write(`carefold: unknown command "${name}"\n\n${help()}\n`);
    return 2;
  }
  const command = await load();
  if (rest.includes("--help") || rest.includes("-h")) {
    io.stdout.write(command.usage.trimEnd() + "\n");
    return 0;
  }
  try {
    const { argv: own, profile } = takeProfileOption(rest);
    return await command.run(own, profile === undefined ? io : { ...io, profile });
  } catch (err) {
    io.stderr.write(`carefold ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}
