/** Which language a message reads as (for per-language thresholds and the reply language). */
import { describe, expect, it } from "vitest";
import { textLanguage } from "../../src/engine/safety/language";

describe("textLanguage", () => {
  it("tells Spanish from English by their function words", () => {
    expect(textLanguage("mi mama tiene dolor en el pecho y no puede respirar")).toBe("es");
    expect(textLanguage("my mom has chest pain and she can't breathe")).toBe("en");
  });

  it("gives a message as Spanish as it is English the Spanish (more sensitive) thresholds", () => {
    expect(textLanguage("mi amá is acting raro")).toBe("es");
    expect(textLanguage("")).toBe("en");
    expect(textLanguage("12345 !!!")).toBe("en");
  });
});
