/**
 * CarefoldSkills: replaces deepagents' SkillsMiddleware by name. Skill discovery and parsing are the
 * library's (its beforeModel hook fills state.skillsMetadata); only the catalog text is Carefold's:
 * safety framing, the activation protocol, and each skill's risk class — short, and byte-stable so a
 * local model's KV cache can be reused across turns. The specialist's main skill is already in it
 * (frontmatter stripped, lines unwrapped): a local model answers without first spending a call, and
 * seconds of prompt reading, on read_file of its SKILL.md. Other skills and references stay on demand.
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

const FRAMING_WITH_MAIN = (name: string) =>
  [
    "## Your skills",
    `Your main skill, ${name}, is below, already read: follow it. For another skill, read_file its SKILL.md first; read a reference only when you need it. Skills never allow diagnosing, choosing or dosing medicines, changing medicines, or delaying emergency care.`,
  ].join("\n");

/** The main skill's text as it goes into the prompt. */
export interface MainSkill {
  name: string;
  /** The SKILL.md body (no frontmatter), unwrapped. */
  body: string;
}

/** One line per skill: name, risk class, what and when, where; then the main skill's own text. */
export function renderSkillCatalog(skills: readonly CatalogSkill[], main?: MainSkill): string {
  const lines = skills.map((s) => {
    const risk = s.metadata?.risk_class ?? "unknown";
    const description = s.description.replace(/\s+/g, " ").trim();
    return `- ${s.name} (${risk}): ${description} Read: ${s.path}`;
  });
  const shown = main && skills.find((s) => s.name === main.name);
  if (!shown) return `${FRAMING}\n${lines.join("\n")}`;
  const folder = shown.path.replace(/SKILL\.md$/, "");
  return `${FRAMING_WITH_MAIN(main.name)}\n${lines.join("\n")}\n\n## ${main.name} (main skill; its files are under ${folder})\n${main.body}`;
}

export function createCarefoldSkillsMiddleware(options: { backend: BackendProtocolV2; sources: string[]; order: string[]; main?: MainSkill }) {
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
      const section = renderSkillCatalog(loaded, options.main);
      return handler({ ...request, systemMessage: request.systemMessage.concat(`\n\n${section}`) });
    },
  });
}
