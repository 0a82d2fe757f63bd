/** Plain-language lines for tool traces ("Reading the blood pressure log…"), in English and Spanish. */
import type { ContentSet } from "../content";
import { engineText } from "../i18n";

type Lang = "en" | "es";

const say = (lang: Lang, key: string, name = "") => engineText(lang, `trace.${key}`, { name });

export function traceLabel(name: string, args: Record<string, unknown>, content: ContentSet, lang: Lang): string {
  const s = (k: string) => (typeof args[k] === "string" ? (args[k] as string) : "");
  switch (name) {
    case "read_file": {
      const path = s("file_path");
      const m = /^\/skills\/([^/]+)\/(?:(SKILL\.md)|references\/([^/]+))$/.exec(path);
      const skill = m ? content.skills.find((x) => x.id === m[1]) : undefined;
      if (skill && m?.[2]) return say(lang, "skill", (skill.frontmatter as { name: string }).name.replace(/-/g, " "));
      if (skill && m?.[3]) return say(lang, "reference", skill.references.find((r) => r.file === m[3])?.title ?? m[3]);
      return say(lang, "file", path.split("/").pop() ?? path);
    }
    case "attach-read":
      return say(lang, "attachment", s("name"));
    case "note-read":
      return say(lang, "noteRead", s("name"));
    case "workspace-note":
      return say(lang, "note", s("title"));
    case "skill-docs":
      return say(lang, "docs", s("skill").replace(/-/g, " "));
    case "list_agents":
      return say(lang, "agents");
    case "extract_structured_data":
      return say(lang, "extract", s("name"));
    case "sanitize_pii":
      return say(lang, "pii");
    default:
      return say(lang, "other", name);
  }
}
