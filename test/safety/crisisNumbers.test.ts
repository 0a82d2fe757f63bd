import { describe, expect, it } from "vitest";
import { CrisisNumberSchema } from "../../src/shared/contract";
import { crisisResponse, CRISIS_TABLE, detectEmergency } from "../../src/engine/safety/index";

describe("crisis numbers", () => {
  it.each([
    ["US", "911", ["911"]],
    ["US", "988", ["988", "988", "911"]],
    ["US", "poison", ["1-800-222-1222", "911"]],
    ["EU", "911", ["112"]],
    ["EU", "988", ["112"]],
    ["EU", "poison", ["112"]],
    ["UK", "911", ["999"]],
    ["UK", "988", ["116 123", "999"]],
    ["UK", "poison", ["111", "999"]],
    ["AU", "911", ["000"]],
    ["AU", "988", ["13 11 14", "0477 13 11 14", "000"]],
    ["AU", "poison", ["13 11 26", "000"]],
  ] as const)("%s %s → %j", (locale, action, expected) => {
    const r = crisisResponse({ action }, locale, "en");
    expect(r.numbers.map((n) => n.number)).toEqual(expected);
    for (const n of r.numbers) {
      expect(CrisisNumberSchema.parse(n)).toEqual(n);
      expect(n.href).toBe(`${n.kind === "call" ? "tel" : "sms"}:${n.href.slice(4)}`);
      expect(n.href.replace(/\D/g, "").endsWith(n.number.replace(/\D/g, "").replace(/^0(?=4)/, ""))).toBe(true);
    }
    expect(r.headline).toContain(expected[0]);
  });

  it("puts the 988 text option in US and AU, with sms: links", () => {
    expect(crisisResponse({ action: "988" }, "US", "en").numbers.find((n) => n.kind === "text")?.href).toBe("sms:988");
    expect(crisisResponse({ action: "988" }, "AU", "en").numbers.find((n) => n.kind === "text")?.href).toBe("sms:+61477131114");
  });

  it("speaks Spanish and fills every placeholder", () => {
    for (const locale of ["US", "EU", "UK", "AU"] as const) {
      for (const action of ["911", "988", "poison"] as const) {
        for (const language of ["en", "es"] as const) {
          const r = crisisResponse({ action }, locale, language);
          expect(r.headline).not.toMatch(/[{}]/);
          expect(r.numbers.length).toBeGreaterThan(0);
        }
      }
    }
    expect(crisisResponse({ action: "911" }, "US", "es").headline).toMatch(/Llame al 911/);
    expect(crisisResponse({ action: "988" }, "US", "es").numbers[0].label).toMatch(/988/);
  });

  it("works straight from a gate decision, and falls back to the emergency number", () => {
    const poison = detectEmergency("my toddler got into the vitamins");
    expect(crisisResponse(poison, "US", "en").numbers[0].number).toBe("1-800-222-1222");
    // A swallowed button battery burns within hours: the emergency department, not a phone consult.
    const battery = detectEmergency("my toddler swallowed a button battery");
    expect(crisisResponse(battery, "US", "en").numbers[0].number).toBe("911");
    expect(crisisResponse(detectEmergency("hello"), "UK", "en").numbers[0].number).toBe("999");
  });

  it("every locale has an emergency number and every action resolves", () => {
    for (const locale of ["US", "EU", "UK", "AU"] as const) {
      expect(CRISIS_TABLE[locale].numbers.emergency).toBeDefined();
    }
  });
});
