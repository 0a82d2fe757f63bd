/** Plain-language lines for tool traces ("Reading the blood pressure log…"), in English and Spanish. */
import type { ContentSet } from "../content";

type Lang = "en" | "es";

const T = {
  skill: { en: (t: string) => `Opening the ${t} guide…`, es: (t: string) => `Abriendo la guía ${t}…` },
  reference: { en: (t: string) => `Reading “${t}”…`, es: (t: string) => `Leyendo «${t}»…` },
  file: { en: (t: string) => `Reading ${t}…`, es: (t: string) => `Leyendo ${t}…` },
  attachment: { en: (t: string) => `Reading your file ${t}…`, es: (t: string) => `Leyendo su archivo ${t}…` },
  noteRead: { en: (t: string) => `Reading your note “${t}”…`, es: (t: string) => `Leyendo su nota «${t}»…` },
  note: { en: (t: string) => `Preparing the note “${t}” for your OK…`, es: (t: string) => `Preparando la nota «${t}» para su aprobación…` },
  docs: { en: (t: string) => `Checking the ${t} documents…`, es: (t: string) => `Revisando los documentos de ${t}…` },
  agents: { en: () => "Looking up Carefold's specialists…", es: () => "Buscando los especialistas de Carefold…" },
  extract: { en: (t: string) => `Pulling dates and amounts from ${t}…`, es: (t: string) => `Sacando fechas y cantidades de ${t}…` },
  pii: { en: () => "Hiding personal details…", es: () => "Ocultando datos personales…" },
  other: { en: (t: string) => `Using ${t}…`, es: (t: string) => `Usando ${t}…` },
};

export function traceLabel(name: string, args: Record<string, unknown>, content: ContentSet, lang: Lang): string {
  const s = (k: string) => (typeof args[k] === "string" ? (args[k] as string) : "");
  switch (name) {
    case "read_file": {
      const path = s("file_path");
      const m = /^\/skills\/([^/]+)\/(?:(SKILL\.md)|references\/([^/]+))$/.exec(path);
      const skill = m ? content.skills.find((x) => x.id === m[1]) : undefined;
      if (skill && m?.[2]) return T.skill[lang]((skill.frontmatter as { name: string }).name.replace(/-/g, " "));
      if (skill && m?.[3]) return T.reference[lang](skill.references.find((r) => r.file === m[3])?.title ?? m[3]);
      return T.file[lang](path.split("/").pop() ?? path);
    }
    case "attach-read":
      return T.attachment[lang](s("name"));
    case "note-read":
      return T.noteRead[lang](s("name"));
    case "workspace-note":
      return T.note[lang](s("title"));
    case "skill-docs":
      return T.docs[lang](s("skill").replace(/-/g, " "));
    case "list_agents":
      return T.agents[lang]();
    case "extract_structured_data":
      return T.extract[lang](s("name"));
    case "sanitize_pii":
      return T.pii[lang]();
    default:
      return T.other[lang](name);
  }
}
