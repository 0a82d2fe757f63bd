/** `carefold migrate`: legacy Carefold skill and agent packs → the canonical layout (ADR-0003 §9). */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { formatReport, MigrateInputError, migrateLegacy, PROFILE_PATH, UnsafeOutputError } from "../../engine/content/migrate/index";
import { findContentDir } from "../../engine/paths";
import { parse, UsageError } from "../args";
import type { CliCommand } from "../types";

const usage = `Usage: carefold migrate <legacy-dir> --out <dir> [--dry-run] [--json]

Brings legacy Carefold packs (skills with SKILL.md + carefold.yaml, agents with a fat agent.yaml and a
five-section persona.md) into the canonical layout that carefold validate checks:
  - carefold.yaml fields move into SKILL.md metadata; license, compatibility and allowed-tools are added;
  - agent.yaml splits into the runtime agent.yaml and the catalog metadata.yaml;
  - persona.md keeps ROLE & EMPATHY and CLINICAL SCOPE & FOCUS; the STRUCTURED INTERACTION PROTOCOL moves
    into the primary skill's SKILL.md; the boundaries and red flags are left to carefold-profile.yaml.
The legacy folder is only read. Files are written atomically and only when they change, so a re-run
is a no-op. The report lists every change and every field that could not be placed, then validates
the output. Copy a migrated agents/ or skills/ folder into the user content folder to use it.

  --out DIR    where to write the canonical tree (created if needed; outside <legacy-dir>)
  --dry-run    write nothing; report what would change and validate the planned output
  --json       print the report as one JSON object

Exit status: 0 when everything migrated and the output validates, 1 when something could not be
migrated or the output has problems, 2 for a usage error.
`;

export const command: CliCommand = {
  name: "migrate",
  summary: "bring legacy Carefold skill and agent packs into the canonical layout",
  usage,
  async run(argv, io) {
    let parsed;
    try {
      parsed = parse(argv, { out: { type: "string" }, "dry-run": { type: "boolean" }, json: { type: "boolean" } });
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      io.stderr.write(`carefold migrate: ${err.message}\n\n${usage}`);
      return 2;
    }
    const { values, positionals } = parsed;
    if (positionals.length !== 1 || !values.out) {
      io.stderr.write(`carefold migrate: ${positionals.length > 1 ? "give one legacy folder" : "a legacy folder and --out are required"}\n\n${usage}`);
      return 2;
    }
    const bundledProfile = join(findContentDir(), PROFILE_PATH);
    let result;
    try {
      result = migrateLegacy(resolve(io.cwd, positionals[0]!), resolve(io.cwd, values.out), {
        dryRun: values["dry-run"] === true,
        profile: existsSync(bundledProfile) ? readFileSync(bundledProfile) : null,
      });
    } catch (err) {
      if (err instanceof MigrateInputError || err instanceof UnsafeOutputError) {
        io.stderr.write(`carefold migrate: ${err.message}\n`);
        return 2;
      }
      throw err;
    }
    if (values.json) io.stdout.write(JSON.stringify(result, null, 2) + "\n");
    else io.stdout.write(formatReport(result));
    return result.ok ? 0 : 1;
  },
};
