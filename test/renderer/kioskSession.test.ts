/**
 * The kiosk's idle clock and what the visitor sees of it (issue 16): at least 20 s to answer "Are you
 * still here?" (WCAG 2.2.1), the countdown not read out every second, and a visible way to erase now —
 * in English and Spanish.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { KioskSession } from "../../src/renderer/components/KioskSession";
import { initI18n } from "../../src/renderer/i18n";
import { idlePhase } from "../../src/renderer/lib/kioskIdle";

const timing = { idleSeconds: 180, countdownSeconds: 30 };
const noop = () => undefined;

const i18n = initI18n("en");
beforeAll(async () => {
  await i18n.changeLanguage("en");
});

describe("the kiosk idle clock", () => {
  it("is active until the idle time, then counts down the whole warning, then expires", () => {
    const t0 = 1_000_000;
    expect(idlePhase(t0 + 179_999, t0, timing)).toEqual({ phase: "active" });
    expect(idlePhase(t0 + 180_000, t0, timing)).toEqual({ phase: "asking", secondsLeft: 30 });
    expect(idlePhase(t0 + 189_500, t0, timing)).toEqual({ phase: "asking", secondsLeft: 21 });
    expect(idlePhase(t0 + 209_001, t0, timing)).toEqual({ phase: "asking", secondsLeft: 1 });
    expect(idlePhase(t0 + 210_000, t0, timing)).toEqual({ phase: "expired" });
  });
});

describe("what a kiosk visitor sees", () => {
  const html = (phase: Parameters<typeof KioskSession>[0]["phase"]) => renderToStaticMarkup(createElement(KioskSession, { phase, countdownSeconds: 30, onStillHere: noop, onEnd: noop }));

  it("always shows that nothing is kept and a button to end and erase now", () => {
    const active = html({ phase: "active" });
    expect(active).toContain("Nothing you enter here is kept");
    expect(active).toContain("End my session and erase");
    expect(active).not.toContain("Are you still here?");
  });

  it("asks once, with the time to answer in words; the ticking number is hidden from screen readers", () => {
    const asking = html({ phase: "asking", secondsLeft: 17 });
    expect(asking).toContain("Are you still here?");
    expect(asking).toContain("erased in 30 seconds");
    expect(asking).toMatch(/<p class="kiosk-countdown" aria-hidden="true"[^>]*>17<\/p>/);
    expect(asking).toContain("I&#x27;m still here");
  });

  it("says it in Spanish", async () => {
    await i18n.changeLanguage("es");
    try {
      const asking = html({ phase: "asking", secondsLeft: 5 });
      expect(asking).toContain("¿Sigue ahí?");
      expect(asking).toContain("Sigo aquí");
      expect(asking).toContain("Terminar mi sesión y borrar");
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
