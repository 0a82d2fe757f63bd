/** `carefold validate`: checks agents/, skills/ and carefold-profile.yaml against docs/content-format.md. */
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { formatProblem, loadContent, type ContentSet } from "../../engine/content/index";
import type { CliCommand } from "../types";

/** The repository root, found from this module's location so the command works from any folder. */
export const DEFAULT_CONTENT_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

const usage = `Usage: carefold validate [--dir DIR] [--json]

Checks the content under DIR (the folder holding agents/, skills/ and carefold-profile.yaml;
default: this checkout) against docs/content-format.md.

  --dir DIR   content root to check (relative paths resolve against the working directory)
  --json      print one JSON object: { ok, root, counts, problems }

Exit status: 0 when valid, 1 when there are problems, 2 for a usage error.
`;

function counts(set: ContentSet) {
  return {
    agents: set.agents.length,
    skills: set.skills.length,
    references: set.skills.reduce((n, s) => n + s.references.length, 0),
  };
}

export const command: CliCommand = {
  name: "validate",
  summary: "check agents, skills and the safety profile against the content format",
  usage,
  async run(argv, io) {
    let dir: string | undefined;
    let json = false;
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i]!;
      if (arg === "--json") json = true;
      else if (arg === "--dir" && argv[i + 1] !== undefined) dir = argv[++i];
      else if (arg.startsWith("--dir=")) dir = arg.slice("--dir=".length);
      else {
        io.stderr.write(`carefold validate: unexpected argument "${arg}"\n\n${usage}`);
        return 2;
      }
    }
    const root = dir === undefined ? DEFAULT_CONTENT_ROOT : resolve(io.cwd, dir);
    if (!existsSync(root) || !statSync(root).isDirectory()) {
      io.stderr.write(`carefold validate: ${root} is not a folder\n`);
      return 2;
    }

    const set = loadContent(root);
    const n = counts(set);
    const ok = set.problems.length === 0;
    if (json) {
      io.stdout.write(JSON.stringify({ ok, root: set.root, counts: n, problems: set.problems }, null, 2) + "\n");
    } else if (ok) {
      io.stdout.write(`Content OK: ${n.agents} agents, ${n.skills} skills, ${n.references} references (${set.root})\n`);
    } else {
      for (const p of set.problems) io.stdout.write(formatProblem(p) + "\n");
      const skipped = set.invalid.agents.length + set.invalid.skills.length;
      io.stdout.write(
        `\n${set.problems.length} problem${set.problems.length === 1 ? "" : "s"} in ${set.root}` +
          ` (loaded ${n.agents} agents, ${n.skills} skills, ${n.references} references` +
          `${skipped > 0 ? `; ${skipped} folder${skipped === 1 ? "" : "s"} could not be loaded` : ""})\n`,
      );
    }
    return ok ? 0 : 1;
  },
};
