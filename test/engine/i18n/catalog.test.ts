/**
 * The engine's one text catalog (src/engine/i18n): English and Spanish hold the same sentences with the
 * same placeholders, and a Spanish consult shows no English engine sentence — progress lines, the
 * consent text, trace lines and the footer all come from the Spanish side.
 */
import { afterEach, describe, expect, it } from "vitest";
import { engineCatalog, engineText } from "../../../src/engine/i18n";
import type { Plan } from "../../../src/engine/lifecycle/state";
import { scriptedProvider } from "../../support/scriptedChatModel";
import { engineWithRouter, EventLog, REPO } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === "string") out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const en = flatten(engineCatalog.en as Tree);
const es = flatten(engineCatalog.es as Tree);

describe("the engine text catalog", () => {
  it("has every sentence in both languages, with the same placeholders, none empty", () => {
    const base = (keys: Iterable<string>) => [...new Set([...keys].map((k) => k.replace(/_(one|other|many|few|two|zero)$/, "")))].sort();
    expect(base(es.keys())).toEqual(base(en.keys()));
    for (const [key, text] of en) {
      expect(text.trim(), key).not.toBe("");
      expect(es.get(key)!.trim(), key).not.toBe("");
      expect(placeholders(es.get(key)!), key).toEqual(placeholders(text));
    }
  });

  it("has every plural form each language uses", () => {
    for (const [lang, strings] of [["en", en], ["es", es]] as const) {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      const plurals = new Set([...strings.keys()].filter((k) => /_(one|other|many|few|two|zero)$/.test(k)).map((k) => k.replace(/_[a-z]+$/, "")));
      for (const key of plurals) for (const c of categories) expect(strings.has(`${key}_${c}`), `${lang} ${key}_${c}`).toBe(true);
    }
  });

  it("no Spanish sentence is left in English", () => {
    const same = [...en].filter(([key, text]) => es.get(key) === text && text.length > 12).map(([key]) => key);
    expect(same).toEqual([]);
  });

  it("fills placeholders with the text as given, never reading it as catalog syntax", () => {
    expect(engineText("en", "trace.note", { name: "$t(turn.noModel) {{reason}}" })).toBe("Preparing the note “$t(turn.noModel) {{reason}}” for your OK…");
    expect(engineText("es", "consent.message", { who: "A» y «B", count: 2 })).toMatch(/^«A» y «B» ayudan con temas de salud/);
    expect(engineText("en", "consent.message", { who: "Heart Visit Guide", count: 1 })).toMatch(/^The Heart Visit Guide helps/);
    expect(() => engineText("en", "turn.nothing")).toThrow(/missing/);
  });
});

describe("a Spanish consult", () => {
  let tmp = tempDir();
  afterEach(() => {
    tmp.cleanup();
    tmp = tempDir();
  });

  it("shows only the Spanish side of the catalog: progress, consent, traces and footer", async () => {
    const plan: Plan = { agents: ["cardiology-guide"], topology: "single", tasks: [{ agent: "cardiology-guide", dependsOn: [] }], confidence: 1, why: "Corazón." };
    const provider = scriptedProvider([
      { toolCalls: [{ name: "read_file", args: { file_path: "/skills/cardiology-prep/SKILL.md" } }] },
      { text: "Preguntas para su cita de cardiología." },
    ]);
    const engine = engineWithRouter({ dataDir: tmp.dir, contentDir: REPO, modelProvider: provider }, () => plan);
    try {
      await engine["settings.set"]({ language: "es" });
      const log = new EventLog();
      engine.onEvent(log.push);
      const first = await engine["consult.ask"]({ text: "Ayúdeme a preparar mi cita de cardiología" });
      const consent = await log.done(first.turnId);
      expect(consent.outcome).toBe("needs_consent");
      expect(consent.text).toContain("ayuda con temas de salud");
      engine.consent.grantGlobal();
      const { turnId } = await engine["consult.ask"]({ text: "Ayúdeme a preparar mi cita de cardiología" });
      const done = await log.done(turnId);
      expect(done.outcome).toBe("answered");
      const english = new Set(en.values());
      const shown = [
        ...log.of("progress").map((p) => p.message),
        ...log.of("trace").map((t) => t.label),
        consent.text,
        done.text,
      ];
      for (const line of shown) for (const sentence of english) expect(line.includes(sentence) ? sentence : null, line).toBeNull();
      expect(log.of("progress", turnId).map((p) => p.message)).toEqual(
        ["loadContext", "gate", "plan", "dispatch", "synthesize"].map((phase) => engineText("es", `phase.${phase}`)),
      );
      expect(log.of("trace", turnId).find((t) => t.tool === "read_file")?.label).toMatch(/^Abriendo la guía /);
      expect(done.text.endsWith(engineText("es", "answer.footer"))).toBe(true);
    } finally {
      await engine.close();
    }
  });
});
