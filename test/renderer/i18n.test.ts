/**
 * English and Spanish UI strings: the same keys, every plural form each language needs, the same
 * placeholders, and every key the renderer uses (static and enumerated) present in both.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "../../src/renderer/i18n/en.json";
import es from "../../src/renderer/i18n/es.json";
import {
  AttachmentSchema,
  CrisisLocaleSchema,
  EmergencySourceSchema,
  eventSchemas,
  ModelProviderKindSchema,
  RiskClassSchema,
} from "../../src/shared/contract";

type Tree = { [key: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const languages = { en: flatten(en as Tree), es: flatten(es as Tree) };
const base = (key: string) => key.replace(PLURAL, "");
const has = (strings: Map<string, string>, key: string) => strings.has(key) || strings.has(`${key}_other`);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}
const rendererCode = sources(join(__dirname, "..", "..", "src", "renderer")).map((f) => readFileSync(f, "utf8"));

describe("UI strings", () => {
  it("have the same keys (plural forms aside) and no empty strings", () => {
    const keys = (m: Map<string, string>) => [...new Set([...m.keys()].map(base))].sort();
    expect(keys(languages.es)).toEqual(keys(languages.en));
    for (const [lang, strings] of Object.entries(languages)) for (const [k, v] of strings) expect(v.trim(), `${lang} ${k}`).not.toBe("");
  });

  it("have every plural form each language uses", () => {
    for (const [lang, strings] of Object.entries(languages)) {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      const plurals = new Set([...strings.keys()].filter((k) => PLURAL.test(k)).map(base));
      for (const key of plurals) for (const c of categories) if (c !== "zero" || strings.has(`${key}_zero`)) expect(strings.has(`${key}_${c}`), `${lang} ${key}_${c}`).toBe(true);
    }
  });

  it("use the same placeholders in both languages", () => {
    for (const [key, text] of languages.en) {
      const other = languages.es.get(key) ?? languages.es.get(key.replace(PLURAL, "_other"));
      if (other !== undefined) expect(placeholders(other), key).toEqual(placeholders(text));
    }
  });

  it("cover every key the renderer asks for by name", () => {
    const used = new Set<string>();
    for (const code of rendererCode) for (const m of code.matchAll(/\bt\(\s*"([a-zA-Z0-9_.]+)"/g)) used.add(m[1]!);
    for (const code of rendererCode) for (const m of code.matchAll(/key: "([a-zA-Z0-9_.]+)"/g)) used.add(m[1]!);
    expect(used.size).toBeGreaterThan(150);
    for (const key of used) for (const [lang, strings] of Object.entries(languages)) expect(has(strings, key), `${lang}: ${key}`).toBe(true);
  });

  it("cover every key the renderer builds from a contract value", () => {
    const families: [string, readonly string[]][] = [
      ["conversation.announce", eventSchemas.done.shape.outcome.options],
      ["emergency.foundIn", EmergencySourceSchema.shape.kind.options],
      ["catalog.risk", RiskClassSchema.options],
      ["settings.locale", CrisisLocaleSchema.options],
      ["settings.host", ["desktop", "browser", "cli"]],
      ["models.provider", [...ModelProviderKindSchema.options, "scripted"]],
      ["models.state", eventSchemas["model.progress"].shape.state.options],
      ["approvals.title", eventSchemas["approval.requested"].shape.operation.options],
      ["approvals.status", eventSchemas["approval.resolved"].shape.status.options],
      ["nav", ["chat", "catalog", "notes", "attachments", "settings"]],
      ["catalog.domain", ["navigation", "clinical", "wellness"]],
      ["attachments.type", ["pdf", "image", "markdown", "csv", "json", "html", "xml", "word", "text", "other"]],
      ["consent.never", ["diagnose", "prescribe", "dose", "medicines", "emergency"]],
      ["firstRun.does", ["prepare", "organize", "paperwork", "track"]],
      ["firstRun.never", ["diagnose", "prescribe", "emergency"]],
      ["files.found", AttachmentSchema.shape.structured.unwrap().options],
      ["documents.kind", AttachmentSchema.shape.structured.unwrap().options],
      ["files.short", ["reading", "read", "partial", "failed"]],
      // The structured data's column keys (src/shared/contract StructuredDataSchema) and the chart's series.
      [
        "documents.column",
        ["date", "time", "period", "systolic", "diastolic", "pulse", "value", "unit", "context", "name", "strength", "frequency", "test", "range", "flag", "service", "billed", "allowed", "paid", "patient", "codes"],
      ],
      ["chart.series", ["systolic", "diastolic", "pulse", "value"]],
    ];
    for (const [prefix, values] of families) {
      for (const v of values) for (const [lang, strings] of Object.entries(languages)) expect(has(strings, `${prefix}.${v}`), `${lang}: ${prefix}.${v}`).toBe(true);
    }
  });

  it("leave no user-facing text hard-coded in components", () => {
    // JSX text between tags that contains letters, outside {expressions}: should come from t().
    const offenders: string[] = [];
    for (const code of rendererCode) {
      for (const m of code.matchAll(/>\s*([A-Za-zÁÉÍÓÚáéíóúñÑ][^<>{}]*?)\s*</g)) {
        if (!/=>|\(|\)|;/.test(m[1]!)) offenders.push(m[1]!);
      }
    }
    expect(offenders).toEqual([]);
  });
});
