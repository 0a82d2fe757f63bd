/** Settings applied to the page, and the text-size steps. */
import { describe, expect, it } from "vitest";
import { clampScale, LANGUAGE_NAMES } from "../../src/renderer/lib/reading";
import { applySettingsToPage } from "../../src/renderer/hooks/useSettings";
import { DEFAULT_SETTINGS, LanguageSchema } from "../../src/shared/contract";

describe("settings on the page", () => {
  it("sets the language, the text scale and the theme on the root element", () => {
    const props = new Map<string, string>();
    const root = { lang: "", dataset: {} as Record<string, string>, style: { setProperty: (k: string, v: string) => void props.set(k, v) } };
    applySettingsToPage({ ...DEFAULT_SETTINGS, language: "es", textScale: 175, highContrast: true }, root as unknown as HTMLElement);
    expect(root.lang).toBe("es");
    expect(props.get("--text-scale")).toBe("1.75");
    expect(root.dataset.theme).toBe("contrast");
    applySettingsToPage(DEFAULT_SETTINGS, root as unknown as HTMLElement);
    expect(root.dataset.theme).toBe("default");
    expect(props.get("--text-scale")).toBe("1");
  });

  it("keeps text size in 10 % steps between 100 and 200 %", () => {
    expect(clampScale(90)).toBe(100);
    expect(clampScale(100)).toBe(100);
    expect(clampScale(134)).toBe(130);
    expect(clampScale(135)).toBe(140);
    expect(clampScale(250)).toBe(200);
  });

  it("names every language in itself", () => {
    expect(Object.keys(LANGUAGE_NAMES).sort()).toEqual([...LanguageSchema.options].sort());
  });
});
