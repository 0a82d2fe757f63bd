/** A note the message names is checked by the emergency gate before any model reads it, like an attachment. */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { notesNamedIn } from "../../../src/engine/lifecycle/loadContext";
import { NotesStore } from "../../../src/engine/workspace/notesStore";
import { startEngine } from "../../security/securityHarness";
import { tempDir } from "../../support/tempDir";

const EMERGENCY_NOTE = "# Today\nRight now: crushing chest pain spreading to my left arm, I'm sweating.";

describe("notes named in a message", () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it("finds notes by file name (with or without .md) or title, as whole words, accents and case aside", () => {
    const notes = new NotesStore(join(tmp.dir, "notes"));
    notes.write("today.md", "# Today\nfine");
    notes.write("bp-log.md", "# Presión de mamá\n120/80");
    notes.write("ideas.md", "# Ideas\nx");
    const names = (text: string) => notesNamedIn(text, notes).map((n) => n.name).sort();
    expect(names("Please read my note today.md")).toEqual(["today.md"]);
    expect(names("What does BP-LOG say?")).toEqual(["bp-log.md"]);
    expect(names("Look at presion de mama please")).toEqual(["bp-log.md"]);
    expect(names("my todayish plan")).toEqual([]);
    expect(names("some ideas for the visit")).toEqual(["ideas.md"]);
  });

  it("an emergency in the named note ends the turn with the banner naming the note; no model call", async () => {
    const ctx = startEngine();
    try {
      expect((await ctx.call("notes.write", { name: "today.md", content: EMERGENCY_NOTE })).ok).toBe(true);
      const calls = ctx.model.calls.length;
      const done = await ctx.ask("Please read my note today.md and tell me what to bring");
      expect(done.outcome).toBe("emergency");
      expect(ctx.events.of("emergency", done.turnId)[0]).toMatchObject({ source: { kind: "note", name: "today.md" } });
      expect(ctx.model.calls.length).toBe(calls);
      // A question that does not point at the note is answered as usual.
      ctx.script([{ text: "Here is your checklist." }]);
      expect((await ctx.ask("Help me prepare for my visit")).outcome).toBe("answered");
    } finally {
      await ctx.stop();
    }
  });
});
