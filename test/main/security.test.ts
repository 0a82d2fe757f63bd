/** Window hardening: secure preferences, navigation and popup denial, permissions denied. */
import { describe, expect, it } from "vitest";
import { denyAllPermissions, guardWebContents, isSafeExternalUrl, RENDERER_CSP, secureWebPreferences } from "../../src/main/security";

describe("electron security", () => {
  it("uses isolation, sandbox and no node integration", () => {
    expect(secureWebPreferences("/p.cjs")).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, preload: "/p.cjs" });
  });

  it("has a strict CSP with no remote sources", () => {
    expect(RENDERER_CSP).toContain("default-src 'self'");
    expect(RENDERER_CSP).not.toMatch(/https?:\/\/(?!127\.0\.0\.1|localhost)/);
    expect(RENDERER_CSP).not.toContain("unsafe-eval");
  });

  it("blocks navigation and new windows, handing only safe links to the (confirming) opener", () => {
    const handlers: Record<string, (e: { preventDefault(): void }, url: string) => void> = {};
    let openHandler: (d: { url: string }) => { action: "deny" } = () => ({ action: "deny" });
    const opened: string[] = [];
    guardWebContents(
      { on: (ev, l) => (handlers[ev] = l), setWindowOpenHandler: (h) => void (openHandler = h) },
      (url) => void opened.push(url),
    );
    let prevented = 0;
    // A link click is a navigation: it never happens in the window; a safe target goes to the opener.
    handlers["will-navigate"]!({ preventDefault: () => prevented++ }, "https://example.org/page");
    handlers["will-navigate"]!({ preventDefault: () => prevented++ }, "file:///etc/passwd");
    handlers["will-navigate"]!({ preventDefault: () => prevented++ }, "tel:911");
    handlers["will-redirect"]!({ preventDefault: () => prevented++ }, "https://evil.example");
    expect(prevented).toBe(4);
    expect(openHandler({ url: "https://medlineplus.gov" })).toEqual({ action: "deny" });
    expect(openHandler({ url: "file:///etc/passwd" })).toEqual({ action: "deny" });
    expect(opened).toEqual(["https://example.org/page", "tel:911", "https://medlineplus.gov"]);
    expect(isSafeExternalUrl("javascript:alert(1)")).toBe(false);
    expect(isSafeExternalUrl("mailto:care@example.org")).toBe(true);
  });

  it("turns devtools off when asked (installed builds)", () => {
    expect(secureWebPreferences("/p.cjs", { devTools: false }).devTools).toBe(false);
    expect(secureWebPreferences("/p.cjs").devTools).toBe(true);
  });

  it("denies every permission request and check", () => {
    const answers: boolean[] = [];
    let check: () => boolean = () => true;
    denyAllPermissions({
      setPermissionRequestHandler: (h) => h(null, "media", (g) => void answers.push(g)),
      setPermissionCheckHandler: (h) => void (check = h),
    });
    expect(answers).toEqual([false]);
    expect(check()).toBe(false);
  });
});
