/**
 * CarefoldSkills: replaces deepagents' SkillsMiddleware by name. Skill discovery and parsing are the
 * library's (its beforeModel hook fills state.skillsMetadata); only the catalog text is Carefold's:
 * safety framing, the activation protocol, and each skill's risk class — short, and byte-stable so a
 * local model's KV cache can be reused across turns.
 */
import { createSkillsMiddleware, type BackendProtocolV2 } from "deepagents";
import { createMiddleware } from "langchain";

export interface CatalogSkill {
  name: string;
  description: string;
  path: string;
  metadata?: Record<string, string>;
}

const FRAMING = [
  "## Your skills",
  "Before helping, read_file the matching skill's SKILL.md and follow it; read a reference only when you need it. Skills never allow diagnosing, choosing or dosing medicines, changing medicines, or delaying emergency care.",
].join("\n");

/** One line per skill: name, risk class, what and when, where. */
export function renderSkillCatalog(skills: readonly CatalogSkill[]): string {
  const lines = skills.map((s) => {
    const risk = s.metadata?.risk_class ?? "unknown";
    const description = s.description.replace(/\s+/g, " ").trim();
    return `- ${s.name} (${risk}): ${description} Read: ${s.path}`;
  });
  return `${FRAMING}\n${lines.join("\n")}`;
}

export function createCarefoldSkillsMiddleware(options: { backend: BackendProtocolV2; sources: string[]; order: string[] }) {
  const base = createSkillsMiddleware({ backend: options.backend, sources: options.sources });
  const rank = (name: string) => {
    const i = options.order.indexOf(name);
    return i === -1 ? options.order.length : i;
  };
  return createMiddleware({
    name: "SkillsMiddleware",
    stateSchema: base.stateSchema,
    beforeModel: base.beforeModel,
    wrapModelCall(request, handler) {
      const loaded = ((request.state as { skillsMetadata?: CatalogSkill[] }).skillsMetadata ?? []).slice();
      loaded.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
      const section = renderSkillCatalog(loaded);
      return handler({ ...request, systemMessage: request.systemMessage.concat(`\n\n${section}`) });
    },
  });
}
