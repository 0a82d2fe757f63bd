/** The shared fold and slug (src/shared/text.ts), and the catalog's words built on it. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldTerms } from "../../src/engine/catalog/terms";
import { foldText, slugify, stripMarks, stripTerminalControls } from "../../src/shared/text";

describe("foldText", () => {
  it("lower-cases and drops accents through NFKD", () => {
    expect(foldText("Riñón")).toBe("rinon");
    expect(foldText("RIÑONES")).toBe("rinones");
    expect(foldText("Cardiólogo Ü ﬁ")).toBe("cardiologo u fi");
    expect(stripMarks("Cita del Corazón")).toBe("Cita del Corazon");
  });

  it("keeps letters it cannot fold and apostrophes (the catalog drops those itself)", () => {
    expect(foldText("Straße")).toBe("straße");
    expect(foldText("crohn's")).toBe("crohn's");
    expect(foldTerms("Crohn’s")).toBe("crohns");
  });

  it("the catalog's fold is exactly the one it had before (property)", () => {
    const before = (text: string) => text.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase().replace(/['\u2018\u2019\u02BC`\u00B4]/g, "");
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), (text) => {
        expect(foldTerms(text)).toBe(before(text));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("slugify", () => {
  it("keeps the words, in ASCII, joined by '-'", () => {
    expect(slugify("Cita del corazón")).toBe("cita-del-corazon");
    expect(slugify("Cardiology, March")).toBe("cardiology-march");
    expect(slugify("  --Visit   agenda!! ")).toBe("visit-agenda");
    expect(slugify("¿?")).toBe("");
  });

  it("cuts to the length without a trailing '-'", () => {
    expect(slugify("aaaa bbbb", 5)).toBe("aaaa");
    expect(slugify("x".repeat(100))).toHaveLength(60);
  });

  it("only ever yields a–z, 0–9 and inner single '-' (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 120 }), fc.integer({ min: 1, max: 80 }), (text, max) => {
        const slug = slugify(text, max);
        expect(slug.length).toBeLessThanOrEqual(max);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
      }),
      { numRuns: 500 },
    );
  });
});

describe("stripTerminalControls", () => {
  it("removes every escape and control sequence starter, keeping newlines, tabs and all letters", () => {
    const hostile = "Hi\u001b[2J\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007\r overwritten\u0000\u009b31m\u007f done";
    const clean = stripTerminalControls(hostile);
    expect([...clean].every((c) => c === "\n" || c === "\t" || c.charCodeAt(0) >= 0x20)).toBe(true);
    expect(clean).toBe("Hi[2J]8;;https://evil.exampleclick]8;; overwritten31m done");
    expect(stripTerminalControls("Línea 1\n\tañadir ✓ 🙂")).toBe("Línea 1\n\tañadir ✓ 🙂");
  });
});

