/** persona.md decomposition and the SKILL.md body edits of `carefold migrate` (pure functions). */
import { describe, expect, it } from "vitest";
import { parsePersona, sectionText, slimPersona } from "../../src/engine/content/migrate/persona";
import { canonicalHowToHelp, canonicalStepNames, placeProtocol, renameLegacyProtocol } from "../../src/engine/content/migrate/skillBody";

const LEGACY = `ROLE & EMPATHY:
You are kind.

CLINICAL SCOPE & FOCUS:
You cover knees.

STRUCTURED INTERACTION PROTOCOL:
1. **Clarify Context** — ask.
2. **Synthesize Vitals & History** — organize.
3. **Formulate Top Questions** — choose.
4. **Synthesize Consultation Agenda** — build.

STRICT NON-CLINICAL BOUNDARIES:
- You NEVER diagnose.

EXPLICIT EMERGENCY RED FLAGS:
Call 911.
`;

describe("parsePersona", () => {
  it("splits the five legacy sections written as TITLE: lines", () => {
    const p = parsePersona(LEGACY);
    expect(p.sections.map((s) => s.key)).toEqual(["role", "scope", "protocol", "boundaries", "redFlags"]);
    expect(sectionText(p, "role")).toBe("You are kind.");
    expect(sectionText(p, "protocol")).toContain("4. **Synthesize Consultation Agenda** — build.");
    expect(p.preamble).toBe("");
  });

  it("accepts Markdown headings, 'and' for '&', short names and bold titles", () => {
    const p = parsePersona("# Title\n\n## Role and Empathy\nA\n\n**CLINICAL SCOPE:**\nB\n\n### Emergency Red Flags\nC\n");
    expect(p.sections.map((s) => [s.key, s.text])).toEqual([
      [null, ""],
      ["role", "A"],
      ["scope", "B"],
      ["redFlags", "C"],
    ]);
  });

  it("keeps deeper unknown headings and fenced lines as text", () => {
    const p = parsePersona("## ROLE & EMPATHY\nA\n```\nCLINICAL SCOPE:\n```\n### Detail\nmore\n## CLINICAL SCOPE & FOCUS\nB");
    expect(p.sections.map((s) => s.key)).toEqual(["role", "scope"]);
    expect(sectionText(p, "role")).toBe("A\n```\nCLINICAL SCOPE:\n```\n### Detail\nmore");
  });

  it("finds no sections in plain prose, and reports an unknown ## heading as its own section", () => {
    expect(parsePersona("You are a friendly guide.\nCall 911 if needed.").sections).toEqual([]);
    const p = parsePersona("intro\n## ROLE & EMPATHY\nA\n## Notes\nN");
    expect(p.preamble).toBe("intro");
    expect(p.sections[1]).toEqual({ key: null, heading: "Notes", text: "N" });
  });

  it("writes the canonical two-section persona", () => {
    expect(slimPersona(" A \n", "B")).toBe("## ROLE & EMPATHY\n\nA\n\n## CLINICAL SCOPE & FOCUS\n\nB\n");
  });
});

describe("protocol steps", () => {
  it("gives four bold steps the canonical names and reports each rename", () => {
    const r = canonicalStepNames(sectionText(parsePersona(LEGACY), "protocol")!);
    expect(r.text.split("\n").slice(0, 4)).toEqual([
      "1. **Clarify the context** — ask.",
      "2. **Organize logs and history** — organize.",
      "3. **Choose the top 3–5 questions** — choose.",
      "4. **Build the visit agenda** — build.",
    ]);
    expect(r.renames.map((x) => x.from)).toEqual(["Clarify Context", "Synthesize Vitals & History", "Formulate Top Questions", "Synthesize Consultation Agenda"]);
  });

  it("leaves a protocol that is not exactly four numbered bold steps alone", () => {
    const three = "1. **A** x\n2. **B** y\n3. **C** z";
    expect(canonicalStepNames(three)).toEqual({ text: three, renames: [] });
    const plain = "1. ask\n2. organize\n3. choose\n4. build";
    expect(canonicalStepNames(plain).renames).toEqual([]);
  });
});

describe("SKILL.md body", () => {
  const body = "# T\n\n## Intended use\n\nI\n\n## Scope\n\nS\n\n## References\n\nR\n\n## Never\n\nN\n";

  it("puts the protocol as ## How to help before References, once", () => {
    const r = placeProtocol(body, "1. **Clarify the context** — a");
    expect(r.outcome).toBe("inserted");
    const placed = (r as { body: string }).body;
    expect(placed).toBe("# T\n\n## Intended use\n\nI\n\n## Scope\n\nS\n\n## How to help\n\n1. **Clarify the context** — a\n\n## References\n\nR\n\n## Never\n\nN\n");
    expect(placeProtocol(placed, "1.  **Clarify the context** —   a\n").outcome).toBe("already-present");
    expect(placeProtocol(placed, "something else")).toEqual({ outcome: "has-own", existing: "1. **Clarify the context** — a" });
  });

  it("appends when the body has none of the later sections", () => {
    const r = placeProtocol("# T\n\n## Scope\n\nS", "steps");
    expect((r as { body: string }).body).toBe("# T\n\n## Scope\n\nS\n\n## How to help\n\nsteps\n");
  });

  it("renames a legacy Structured Interaction Protocol section and moves it into place", () => {
    const legacy = `${body}\n## Structured Interaction Protocol\n\n1. **Clarify Context** — a\n`;
    const renamed = renameLegacyProtocol(legacy)!;
    expect(renamed).toBe("# T\n\n## Intended use\n\nI\n\n## Scope\n\nS\n\n## How to help\n\n1. **Clarify Context** — a\n\n## References\n\nR\n\n## Never\n\nN\n");
    expect(renameLegacyProtocol(renamed)).toBeNull();
    expect(renameLegacyProtocol(body)).toBeNull();
  });

  it("canonicalizes the step names inside How to help", () => {
    const steps = ["Clarify", "Organize", "Choose", "Build"].map((s, i) => `${i + 1}. **${s}** — x`).join("\n");
    const r = canonicalHowToHelp(`# T\n\n## How to help\n\n${steps}\n\n## References\n\nR\n`);
    expect(r.renames).toHaveLength(4);
    expect(r.body).toContain("1. **Clarify the context** — x\n2. **Organize logs and history** — x");
    expect(r.body).toContain("## References\n\nR\n");
  });
});
