/** agent.yaml split (9c) and persona.md decomposition (9b), one agent folder at a time (pure). */
import { describe, expect, it } from "vitest";
import { migrateAgent, type MigratedAgent } from "../../src/engine/content/migrate/agent";
import type { MigrationNote } from "../../src/engine/content/migrate/types";
import { folder } from "./migrateHelpers";

const PERSONA = `ROLE & EMPATHY:
You are calm.

CLINICAL SCOPE & FOCUS:
You cover ears.

STRUCTURED INTERACTION PROTOCOL:
1. **Clarify Context** — ask.

STRICT NON-CLINICAL BOUNDARIES:
Never diagnose.

EXPLICIT EMERGENCY RED FLAGS:
Call 911.
`;

const FAT = `id: ear-guide
title: Ear Guide
model: llama3.2
risk_class: clinical_assist
domain: clinical
category: clinical.ent
description: >-
  Helps you get ready for ear visits.
skills: [/skills/ear-prep/, emergency-red-flags]
tools: [attach-read, skill-docs]
forbidden: [diagnose, prescribe]
persona: persona.md
max_iterations: 10
can_delegate: yes
version: 2
license: MIT
care_stages: [before_visit]
target_audience: patient, caregiver
tags: [ears]
keywords: [ear, hearing]
icon: ear
maturity: beta
hidden: no
es: {title: Guía del oído, description: Le ayuda con citas del oído., extra: x}
starters: [Help me get ready for my ear visit.]
`;

function ok(r: ReturnType<typeof migrateAgent>): MigratedAgent {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.notes)}`);
  return r.agent;
}
const of = (notes: MigrationNote[], kind: MigrationNote["kind"]) => notes.filter((n) => n.kind === kind).map((n) => `${n.field ?? ""}: ${n.message}`);

describe("migrateAgent", () => {
  it("splits the fat manifest into runtime and catalog fields", () => {
    const a = ok(migrateAgent(folder("ear-guide", { "agent.yaml": FAT, "persona.md": PERSONA })));
    expect(a.runtime).toEqual({
      name: "ear-guide",
      description: "Helps you get ready for ear visits.",
      model: "default",
      skills: ["ear-prep", "emergency-red-flags"],
      tools: ["attach-read", "skill-docs"],
      persona: "persona.md",
    });
    expect(a.catalog).toEqual({
      title: "Ear Guide",
      version: "2.0.0",
      license: "MIT",
      domain: "clinical",
      category: "clinical.ent",
      risk_class: "clinical_assist",
      care_stages: ["before_visit"],
      target_audience: ["patient", "caregiver"],
      tags: ["ears"],
      keywords: ["ear", "hearing"],
      icon: "ear",
      maturity: "beta",
      hidden: false,
      es: { title: "Guía del oído", description: "Le ayuda con citas del oído." },
    });
    expect(a.persona).toBe("## ROLE & EMPATHY\n\nYou are calm.\n\n## CLINICAL SCOPE & FOCUS\n\nYou cover ears.\n");
    expect(a.protocol).toBe("1. **Clarify Context** — ask.");
    expect(a.files.map((f) => [f.path, f.content.toString()])).toEqual([
      ["agents/ear-guide/starters.json", JSON.stringify({ en: ["Help me get ready for my ear visit."], es: [] }, null, 2) + "\n"],
    ]);
  });

  it("reports the model, skill path and YAML 1.1 changes, and every field it drops", () => {
    const a = ok(migrateAgent(folder("ear-guide", { "agent.yaml": FAT, "persona.md": PERSONA })));
    const changes = of(a.notes, "change");
    expect(changes).toContain('model: model "llama3.2" → "default": the user chooses the model in Settings (ADR-0003 9c\'s "ollama:llama3.2" is rejected by the format)');
    expect(changes).toContain('skills[0]: skills[0] "/skills/ear-prep/" → "ear-prep" (skills are listed by id)');
    expect(changes).toContain('hidden: hidden "no" read as false (YAML 1.1, as the legacy loader read it)');
    expect(changes.filter((c) => c.includes("dropped: the shared safety contract"))).toHaveLength(2);
    expect(of(a.notes, "unplaced")).toEqual([
      "forbidden: forbidden (a list of 2) left out: the never-do list lives once in carefold-profile.yaml and in each skill's metadata.forbidden",
      'max_iterations: max_iterations ("10") left out: the runtime sets the step limit for every specialist',
      'can_delegate: can_delegate ("yes") left out: delegation is a tool: add delegate_to_agent to tools if this agent should delegate',
      'es.extra: es.extra ("x") left out',
    ]);
  });

  it("prefers a legacy metadata.yaml, keeps starters.json and goldens, and reports other files", () => {
    const a = ok(
      migrateAgent(
        folder("ear-guide", {
          "agent.yaml": FAT,
          "metadata.yaml": "title: Ear Visit Guide\nhidden: true\nowner: team\n",
          "persona.md": PERSONA,
          "starters.json": '{"en": [], "es": []}\n',
          "evals/golden.jsonl": "{}\n",
          "evals/old.csv": "x",
          "notes.md": "n",
        }),
      ),
    );
    expect(a.catalog).toMatchObject({ title: "Ear Visit Guide", hidden: true });
    expect(a.files.map((f) => f.path)).toEqual(["agents/ear-guide/starters.json", "agents/ear-guide/evals/golden.jsonl"]);
    expect(of(a.notes, "unplaced")).toEqual(
      expect.arrayContaining([
        'owner: owner ("team") is not a catalog field: left out',
        'title: title "Ear Guide" differs from metadata.yaml\'s; metadata.yaml\'s kept',
        "starters: starters left out: starters.json is used",
        ": not part of the agent layout: left out",
      ]),
    );
    expect(a.notes.filter((n) => n.kind === "unplaced" && !n.field).map((n) => n.path)).toEqual(["agents/ear-guide/evals/old.csv", "agents/ear-guide/notes.md"]);
  });

  it("reads a persona named in agent.yaml and writes it as persona.md", () => {
    const a = ok(migrateAgent(folder("x", { "agent.yaml": "name: x\npersona: prompts/x.md\n", "prompts/x.md": PERSONA })));
    expect(a.persona.startsWith("## ROLE & EMPATHY")).toBe(true);
    expect(a.runtime.persona).toBe("persona.md");
  });

  it("refuses an agent it cannot migrate safely, saying why", () => {
    const cases: [Record<string, string | Buffer>, string][] = [
      [{ "persona.md": PERSONA }, "agents/x/agent.yaml: agent.yaml is missing: the agent was not migrated"],
      [{ "agent.yaml": "name: x\n" }, "agents/x/persona.md: persona.md is missing: the agent was not migrated"],
      [
        { "agent.yaml": "name: x\n", "persona.md": "You are kind. Call 911 when needed.\n" },
        "agents/x/persona.md: no sections found (expected ROLE & EMPATHY, CLINICAL SCOPE & FOCUS, STRUCTURED INTERACTION PROTOCOL, NON-CLINICAL BOUNDARIES, EMERGENCY RED FLAGS); the migration cannot tell identity from safety text: the agent was not migrated",
      ],
      [{ "agent.yaml": "name: x\n", "persona.md": "ROLE & EMPATHY:\nA\n" }, "agents/x/persona.md: no CLINICAL SCOPE & FOCUS section: the agent was not migrated"],
      [{ "agent.yaml": Buffer.from("title: Gu\xeda\n", "latin1"), "persona.md": PERSONA }, "agents/x/agent.yaml: not valid UTF-8 text (re-save the file as UTF-8): the agent was not migrated"],
      [{ "agent.yaml": "[1, 2]\n", "persona.md": PERSONA }, "agents/x/agent.yaml: expected a mapping of field: value, found a list: the agent was not migrated"],
    ];
    for (const [files, expected] of cases) {
      const r = migrateAgent(folder("x", files));
      expect(r.ok).toBe(false);
      expect(r.ok ? [] : r.notes.filter((n) => n.kind === "error").map((n) => `${n.path}: ${n.message}`)).toEqual([expected]);
    }
  });

  it("is a fixed point on canonical input", () => {
    const a = ok(
      migrateAgent(
        folder("x", {
          "agent.yaml": "name: x\ndescription: d\nmodel: default\nskills: [s]\ntools: [skill-docs]\npersona: persona.md\n",
          "metadata.yaml": "title: X\nversion: 1.0.0\nlicense: MIT\nhidden: false\n",
          "persona.md": "## ROLE & EMPATHY\n\nA\n\n## CLINICAL SCOPE & FOCUS\n\nB\n",
        }),
      ),
    );
    expect(a.notes).toEqual([]);
    expect(a.persona).toBe("## ROLE & EMPATHY\n\nA\n\n## CLINICAL SCOPE & FOCUS\n\nB\n");
  });
});
