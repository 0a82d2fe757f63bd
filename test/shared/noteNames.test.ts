/** Note names from titles (src/shared/noteNames.ts): one rule for the user's notes and the model's. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NoteNameSchema } from "../../src/shared/contract";
import { legacyNoteFileName, noteFileFor, noteFileName, noteNameFromTitle } from "../../src/shared/noteNames";

describe("note names", () => {
  it("keep the title, with accents folded and other characters turned into spaces", () => {
    expect(noteNameFromTitle("Visit agenda")).toBe("Visit agenda.md");
    expect(noteNameFromTitle("Preguntas: cardiólogo (marzo)")).toBe("Preguntas cardiologo marzo.md");
    expect(noteNameFromTitle("Cita del corazón")).toBe("Cita del corazon.md");
    expect(noteNameFromTitle("visit.md")).toBe("visit.md");
    expect(noteNameFromTitle("¿?")).toBeNull();
  });

  it("always give the model's tool a valid name", () => {
    expect(noteFileName("Visit agenda")).toBe("Visit agenda.md");
    expect(noteFileName("¿?")).toBe("Note.md");
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (title) => {
        expect(NoteNameSchema.safeParse(noteFileName(title)).success).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("know the model's old slug names", () => {
    expect(legacyNoteFileName("Visit agenda")).toBe("visit-agenda.md");
    expect(legacyNoteFileName("¿?")).toBe("note.md");
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (title) => {
        expect(NoteNameSchema.safeParse(legacyNoteFileName(title)).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("write to the old-style file only when it is the one on disk", () => {
    const onDisk = (...names: string[]) => (name: string) => names.includes(name);
    expect(noteFileFor("Visit agenda", onDisk())).toBe("Visit agenda.md");
    expect(noteFileFor("Visit agenda", onDisk("visit-agenda.md"))).toBe("visit-agenda.md");
    expect(noteFileFor("Visit agenda", onDisk("visit-agenda.md", "Visit agenda.md"))).toBe("Visit agenda.md");
    expect(noteFileFor("Visit agenda", onDisk("Visit agenda.md"))).toBe("Visit agenda.md");
  });
});
