import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ChipsFileSchema,
  compileRules,
  ConflictRulesFileSchema,
  DEFAULT_CHIPS,
  DEFAULT_CONFLICT_RULES,
  MAX_CHIP_LENGTH,
  parseConflictRules,
  type ConflictRule,
} from "../../src/engine/synthesis";

const ROOT = join(__dirname, "..", "..");
const readJson = (rel: string): unknown => JSON.parse(readFileSync(join(ROOT, rel), "utf8"));
const AGENT_IDS = new Set(readdirSync(join(ROOT, "agents"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name));

const validRule = (): ConflictRule => ({
  id: "example-rule",
  description: "An example rule used to probe the schema.",
  when: [{ terms: [["ibuprofen"], ["kidney"]] }],
  questions: { en: ["Ask your kidney doctor: is this pain reliever right for me?"], es: ["Pregunte a su médico del riñón: ¿es adecuado este analgésico para mí?"] },
});
const fileWith = (rules: unknown[]) => ({ version: 1, rules });

describe("resources/synthesis/conflict-rules.json", () => {
  it("validates against the schema, as read from disk", () => {
    const result = ConflictRulesFileSchema.safeParse(readJson("resources/synthesis/conflict-rules.json"));
    expect(result.success, JSON.stringify(result.error?.issues.slice(0, 3))).toBe(true);
  });

  it("declares the required cross-specialty rules plus extra ones", () => {
    const ids = DEFAULT_CONFLICT_RULES.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(["cardiorenal-fluid-sodium", "nsaid-kidney", "anticoagulant-procedure", "steroid-blood-sugar"]));
    expect(ids.length).toBeGreaterThanOrEqual(6);
  });

  it("names only specialists that exist in agents/", () => {
    const named = DEFAULT_CONFLICT_RULES.flatMap((r) => r.when.flatMap((c) => c.agents ?? []));
    expect(named.length).toBeGreaterThan(0);
    for (const id of named) expect(AGENT_IDS.has(id), id).toBe(true);
  });

  it("gives every rule 1-3 patient questions in English and Spanish", () => {
    for (const r of DEFAULT_CONFLICT_RULES) {
      expect(r.questions.en.length).toBe(r.questions.es.length);
      expect(r.questions.en.length).toBeGreaterThanOrEqual(1);
      expect(r.questions.en.length).toBeLessThanOrEqual(3);
      for (const q of [...r.questions.en, ...r.questions.es]) expect(q.trim().endsWith("?"), q).toBe(true);
    }
  });

  it("stays navigation-only: no doses, no instructions to start, stop or change a medicine", () => {
    const forbidden = /\b(stop taking|start taking|increase|decrease|double|skip (?:a|your) dose|deje de tomar|suspenda|aumente|disminuya|\d+\s*(?:mg|mcg|ml|units?))\b/i;
    for (const q of DEFAULT_CONFLICT_RULES.flatMap((r) => [...r.questions.en, ...r.questions.es])) expect(q).not.toMatch(forbidden);
  });

  it("compiles every term group into a matcher", () => {
    const compiled = compileRules(DEFAULT_CONFLICT_RULES);
    expect(compiled.flatMap((r) => r.clauses.flatMap((c) => c.groups)).every((g) => g instanceof RegExp)).toBe(true);
  });
});

describe("conflict rule schema", () => {
  it("accepts a well-formed rule", () => {
    expect(parseConflictRules(fileWith([validRule()]))[0]!.id).toBe("example-rule");
  });

  it.each([
    ["a question without a question mark", { questions: { en: ["Ask your kidney doctor about this pain reliever."], es: validRule().questions.es } }],
    ["a question naming a dose", { questions: { en: ["Should I ask whether 200 mg of this pain reliever is right?"], es: validRule().questions.es } }],
    ["different numbers of en and es questions", { questions: { en: [...validRule().questions.en, "Who should I call with more questions about it?"], es: validRule().questions.es } }],
    ["more than three questions", { questions: { en: Array(4).fill("Who should I call with more questions about it?"), es: Array(4).fill("¿A quién llamo si tengo más preguntas sobre esto?") } }],
    ["a clause with neither agents nor terms", { when: [{}] }],
    ["a term with regex syntax", { when: [{ terms: [["ibu(profen)?"]] }] }],
    ["a term with a double space", { when: [{ terms: [["pain  reliever"]] }] }],
    ["an unknown key", { severity: "high" }],
    ["a bad id", { id: "Example Rule" }],
  ])("rejects %s", (_label, patch) => {
    expect(() => parseConflictRules(fileWith([{ ...validRule(), ...patch }]))).toThrow();
  });

  it("rejects duplicate rule ids and a wrong version", () => {
    expect(() => parseConflictRules(fileWith([validRule(), validRule()]))).toThrow();
    expect(() => parseConflictRules({ version: 2, rules: [validRule()] })).toThrow();
  });
});

describe("resources/synthesis/chips.json", () => {
  it("validates, as read from disk", () => {
    const result = ChipsFileSchema.safeParse(readJson("resources/synthesis/chips.json"));
    expect(result.success, JSON.stringify(result.error?.issues.slice(0, 3))).toBe(true);
  });

  it(`keeps every chip within ${MAX_CHIP_LENGTH} characters in both languages and free of clinical requests`, () => {
    const clinical = /diagnos|\bdos(e|is)\b|\bmg\b|prescri|recet|should i (take|stop)|\bstop\b|\bdejar\b|what do i have|que tengo/i;
    for (const [id, chip] of Object.entries(DEFAULT_CHIPS.chips)) {
      for (const text of [chip.en, chip.es]) {
        expect(text.length, `${id}: ${text}`).toBeLessThanOrEqual(MAX_CHIP_LENGTH);
        expect(text, id).not.toMatch(clinical);
      }
      expect(chip.en).not.toBe(chip.es);
    }
  });

  it("maps only existing agents to existing chips", () => {
    for (const [agent, chip] of Object.entries(DEFAULT_CHIPS.agents)) {
      expect(AGENT_IDS.has(agent), agent).toBe(true);
      expect(DEFAULT_CHIPS.chips[chip], chip).toBeDefined();
    }
  });

  it("rejects an over-long chip and an agent naming an unknown chip", () => {
    const base = readJson("resources/synthesis/chips.json") as { chips: Record<string, { en: string; es: string }>; agents: Record<string, string> };
    const long = structuredClone(base);
    long.chips["save-note"]!.en = "Save this whole answer as a note in my workspace";
    expect(ChipsFileSchema.safeParse(long).success).toBe(false);
    const unknown = structuredClone(base);
    unknown.agents["cardiology-guide"] = "no-such-chip";
    expect(ChipsFileSchema.safeParse(unknown).success).toBe(false);
  });
});
