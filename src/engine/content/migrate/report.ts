/** The human-readable migration report: every file, every change, everything left out, then validation. */
import { formatProblem } from "../problems";
import type { MigrationResult } from "./index";
import type { MigrationNote, NoteKind } from "./types";

const HEADINGS: Record<NoteKind, string> = {
  change: "Changes",
  unplaced: "Not placed (left out of the output)",
  error: "Errors (not migrated)",
};

function line(n: MigrationNote): string {
  const field = n.field && !n.message.startsWith(n.field) ? `${n.field}: ` : "";
  return `  ${n.path}: ${field}${n.message}`;
}

export function formatReport(r: MigrationResult): string {
  const out: string[] = [`${r.dryRun ? "Dry run: would migrate" : "Migrated"} ${r.legacyRoot} → ${r.outRoot}`, ""];
  const verb = { create: r.dryRun ? "would create" : "created", update: r.dryRun ? "would update" : "updated", unchanged: "unchanged" };
  out.push("Files:");
  for (const f of r.files) out.push(`  ${verb[f.action]}  ${f.path}`);
  if (r.files.length === 0) out.push("  (none)");
  for (const kind of ["change", "unplaced", "error"] as const) {
    const notes = r.notes.filter((n) => n.kind === kind);
    if (notes.length === 0) continue;
    out.push("", `${HEADINGS[kind]}:`, ...notes.map(line));
  }
  if (r.extra.length > 0) {
    out.push("", "Already in the output but not produced by this migration (left as they are):", ...r.extra.map((p) => `  ${p}`));
  }
  out.push("");
  const counts = ["create", "update", "unchanged"].map((a) => `${r.files.filter((f) => f.action === a).length} ${verb[a as keyof typeof verb]}`);
  const skipped = r.skipped.agents.length + r.skipped.skills.length;
  out.push(`Summary: ${counts.join(", ")}; ${skipped} folder${skipped === 1 ? "" : "s"} not migrated.`);
  if (r.validation.ok) out.push(`Validation: OK (${r.dryRun ? "the planned output" : r.outRoot} passes carefold validate)`);
  else {
    out.push(`Validation: ${r.validation.problems.length} problem${r.validation.problems.length === 1 ? "" : "s"} in the ${r.dryRun ? "planned output" : "output"}:`);
    out.push(...r.validation.problems.map((p) => `  ${formatProblem(p)}`));
  }
  return out.join("\n") + "\n";
}
