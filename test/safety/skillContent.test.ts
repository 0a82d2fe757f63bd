/**
 * The output guard must not throw away navigation text that a model repeats from the templates. Every
 * line of every skill (SKILL.md bodies and references/*.md) goes through the output refusal check; each
 * line it stops must be one that was reviewed and listed below with the reason it may be stopped. A new
 * hit fails the test: either the gate is too eager (fix the rule) or the line gives advice (fix the
 * content). The agents' starter prompts must likewise pass the input gates.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import matter from "gray-matter";
import { describe, expect, it } from "vitest";
import { checkRefusal, detectEmergency } from "../../src/engine/safety/index";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SKILLS = join(ROOT, "skills");
const AGENTS = join(ROOT, "agents");

interface Reviewed {
  file: string;
  /** A piece of the line, so a reworded line drops out of the list instead of matching by accident. */
  contains: string;
  rule: string;
  why: string;
}

/**
 * Lines the output check is right to stop if a model ever repeats them. They are model-facing rules
 * that spell out the forbidden wording itself; they are never shown to a user as advice.
 */
const REVIEWED: readonly Reviewed[] = [
  {
    file: "emergency-red-flags/SKILL.md",
    contains: "driving to a clinic instead of calling 911",
    rule: "output.replace_emergency.discourages_care",
    why: "model rule describing the forbidden advice ('… instead of calling 911')",
  },
  {
    file: "ortho-prep/SKILL.md",
    contains: '"it sounds like a torn meniscus"',
    rule: "output.diagnose.labels_condition",
    why: "model rule quoting a forbidden diagnosis as an example",
  },
  {
    file: "urology-prep/SKILL.md",
    contains: '"it sounds like an infection"',
    rule: "output.diagnose.labels_condition",
    why: "model rule quoting a forbidden diagnosis as an example",
  },
];

interface Line {
  file: string;
  line: number;
  text: string;
}

function skillLines(): Line[] {
  if (!existsSync(SKILLS)) return [];
  const out: Line[] = [];
  const add = (file: string, body: string, offset: number): void => {
    body.split("\n").forEach((text, i) => {
      if (text.trim()) out.push({ file, line: offset + i + 1, text });
    });
  };
  for (const skill of readdirSync(SKILLS)) {
    const entry = join(SKILLS, skill, "SKILL.md");
    if (existsSync(entry)) {
      const raw = readFileSync(entry, "utf8");
      const { content } = matter(raw);
      // Line numbers of the body as they are in the file, after the front matter.
      add(`${skill}/SKILL.md`, content, raw.slice(0, raw.length - content.length).split("\n").length - 1);
    }
    const refs = join(SKILLS, skill, "references");
    if (!existsSync(refs)) continue;
    for (const name of readdirSync(refs).filter((n) => n.endsWith(".md"))) {
      add(`${skill}/references/${name}`, readFileSync(join(refs, name), "utf8"), 0);
    }
  }
  return out;
}

function starters(): { file: string; text: string }[] {
  if (!existsSync(AGENTS)) return [];
  const out: { file: string; text: string }[] = [];
  for (const agent of readdirSync(AGENTS)) {
    const file = join(AGENTS, agent, "starters.json");
    if (!existsSync(file)) continue;
    const lists = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    for (const list of Object.values(lists)) {
      if (Array.isArray(list)) for (const text of list) if (typeof text === "string") out.push({ file: `${agent}/starters.json`, text });
    }
  }
  return out;
}

const lines = skillLines();
const prompts = starters();

describe.runIf(lines.length > 0)("skill content through the output guard", () => {
  it("stops no skill line except the reviewed ones", () => {
    expect(lines.length).toBeGreaterThan(1000);
    const unreviewed: string[] = [];
    const seen = new Set<Reviewed>();
    for (const l of lines) {
      const d = checkRefusal(l.text, { direction: "output" });
      if (!d.refuse) continue;
      const known = REVIEWED.find((r) => r.file === l.file && r.rule === d.rule && l.text.includes(r.contains));
      if (known) seen.add(known);
      else unreviewed.push(`${l.file}:${l.line} [${d.rule}: "${d.span?.text}"] ${l.text.trim()}`);
    }
    console.log(`skill lines checked: ${lines.length}; stopped: ${unreviewed.length + seen.size} (${seen.size} reviewed)`);
    for (const r of REVIEWED.filter((x) => !seen.has(x))) console.log(`  reviewed line no longer stopped (reworded?): ${r.file} "${r.contains}"`);
    expect(unreviewed).toEqual([]);
  });

  it("really checks the lines (a reviewed line is stopped when it stands alone)", () => {
    const stopped = REVIEWED.filter((r) => checkRefusal(r.contains.replace(/"/g, ""), { direction: "output" }).rule === r.rule);
    expect(stopped).toEqual(REVIEWED);
  });
});

describe.runIf(prompts.length > 0)("agents' starter prompts", () => {
  it("pass the emergency gate and the input refusal gate", () => {
    const stopped = prompts
      .map((p) => ({ p, e: detectEmergency(p.text), r: checkRefusal(p.text, { direction: "input" }) }))
      .filter(({ e, r }) => e.emergency || r.refuse)
      .map(({ p, e, r }) => `${p.file}: ${e.rule ?? r.rule} | ${p.text}`);
    expect(prompts.length).toBeGreaterThan(50);
    expect(stopped).toEqual([]);
  });
});
