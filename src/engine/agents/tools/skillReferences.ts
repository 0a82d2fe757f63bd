/** The References section of a SKILL.md, with absolute virtual paths the model can pass to read_file. */
import type { SkillDef } from "../../content";

export function referencesSection(skill: SkillDef): string {
  const match = /^##\s+References\s*$([\s\S]*?)(?=^##\s|(?![\s\S]))/m.exec(skill.body);
  const lines = (match?.[1] ?? "")
    .split("\n")
    .filter((l) => l.trim().startsWith("-"))
    .map((l) => l.replace(/`references\//g, `\`/skills/${skill.id}/references/`).trim());
  if (lines.length) return lines.join("\n");
  return skill.references.map((r) => `- \`/skills/${skill.id}/references/${r.file}\` — ${r.title}`).join("\n");
}
