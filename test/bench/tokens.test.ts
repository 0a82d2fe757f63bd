/** The token benchmark's measuring parts: a real Llama-3 tokenizer, the legacy prompt, tool JSON, the catalog cut. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { countTokens, legacySystemPrompt, median, skillCatalogSection, toolsAsOpenAI } from "../../bench/tokens";
import { loadContent } from "../../src/engine/content";
import { REPO } from "../support/engineHarness";

const content = loadContent(REPO);

describe("bench:tokens measuring parts", () => {
  it("counts with the Llama-3 vocabulary (known token counts, no special tokens)", () => {
    expect(countTokens("Hello world!")).toBe(3);
    // Whitespace runs merge into one token in the Llama-3 vocabulary.
    expect(countTokens("    ")).toBe(1);
    expect(countTokens("")).toBe(0);
  });

  it("builds the legacy prompt from the full persona, every skill body and reference, and the suffix", () => {
    const agent = content.agents.find((a) => a.id === "cardiology-guide")!;
    const legacy = legacySystemPrompt(agent, content);
    expect(legacy.startsWith(agent.persona.trim())).toBe(true);
    expect(legacy.endsWith(content.profile!.systemPromptSuffix.trim())).toBe(true);
    for (const id of agent.runtime.skills) {
      const skill = content.skills.find((s) => s.id === id)!;
      expect(legacy).toContain(skill.body.trim());
      expect(skill.references.length).toBeGreaterThan(0);
      for (const ref of skill.references) expect(legacy).toContain(readFileSync(join(skill.dir, "references", ref.file), "utf8").trim());
    }
    // Nothing from other specialists' skills.
    expect(legacy).not.toContain(content.skills.find((s) => s.id === "gastro-prep")!.body.trim());
  });

  it("serializes bound tools as OpenAI-style function JSON", () => {
    const note = tool(async () => "ok", {
      name: "workspace-note",
      description: "Save a note",
      schema: z.object({ title: z.string().describe("Note title") }),
    });
    const [fn] = toolsAsOpenAI([note]);
    expect(fn).toMatchObject({ type: "function", function: { name: "workspace-note", description: "Save a note" } });
    expect(JSON.stringify(fn!.function.parameters)).toContain("Note title");
  });

  it("cuts the skill catalog section out of a system prompt", () => {
    const system = "Persona.\n\n## Your skills\nRead a skill first.\n- a (wellness): x Read: /skills/a/SKILL.md\n\n## What the user asked Carefold to remember\nMy clinic is on Main St.";
    expect(skillCatalogSection(system)).toBe("## Your skills\nRead a skill first.\n- a (wellness): x Read: /skills/a/SKILL.md");
    expect(skillCatalogSection("No catalog here")).toBe("");
  });

  it("takes the median of odd and even counts", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
