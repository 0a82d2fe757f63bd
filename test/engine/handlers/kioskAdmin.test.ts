/**
 * `kiosk.*` through the contract (dispatchRequest, as both transports call it): turned on from an engine
 * outside a kiosk (a profile's), off from a kiosk visitor's engine with the admin PIN (wrong, then right),
 * never on from inside a kiosk, never off where the kiosk was started with --kiosk, and refused where the
 * host gives no hook — each refusal a sentence in the user's language.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createEngine, type Engine } from "../../../src/engine/engine";
import { kioskAdmin } from "../../../src/engine/kioskMode/admin";
import { KIOSK_FILE } from "../../../src/engine/kioskMode/setting";
import { dispatchRequest } from "../../../src/shared/rpc";
import { REPO } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";

const tmp = tempDir("carefold-kiosk-admin-");
const engines: Engine[] = [];
afterAll(async () => {
  await Promise.all(engines.map((e) => e.close()));
  tmp.cleanup();
});

function engineOf(folder: string, options: { kiosk?: boolean; admin?: ReturnType<typeof kioskAdmin> } = {}) {
  const engine = createEngine({ dataDir: join(tmp.dir, folder), contentDir: REPO, hostKind: "browser", kiosk: options.kiosk ?? false, host: options.admin ? { kioskAdmin: options.admin } : {} });
  engines.push(engine);
  return (method: string, params: unknown = {}) => dispatchRequest(engine, method, params);
}

const errorOf = (r: Awaited<ReturnType<typeof dispatchRequest>>) => (r.ok ? null : r.error);

describe("kiosk.* through the contract", () => {
  const root = join(tmp.dir, "installation");
  const changed: string[] = [];
  const admin = kioskAdmin({ root, flag: false, takesEffect: "restart", onChanged: () => changed.push("changed") });

  it("turns kiosk mode on from outside a kiosk, with a new admin PIN of at least 4 characters", async () => {
    const profile = engineOf("profile", { admin });
    expect(await profile("kiosk.status")).toEqual({ ok: true, result: { mode: "off", idleSeconds: 180, unreadable: false } });
    expect(errorOf(await profile("kiosk.enable", { adminPin: "12" }))?.code).toBe("invalid_input");
    expect(errorOf(await profile("kiosk.enable", { adminPin: "2468", idleSeconds: 5 }))?.code).toBe("invalid_input");
    expect(await profile("kiosk.enable", { adminPin: "2468", idleSeconds: 240 })).toEqual({ ok: true, result: { ok: true, takesEffect: "restart" } });
    expect(await profile("kiosk.status")).toEqual({ ok: true, result: { mode: "setting", idleSeconds: 240, unreadable: false } });
    const again = errorOf(await profile("kiosk.enable", { adminPin: "1357" }));
    expect(again).toMatchObject({ code: "conflict", message: expect.stringContaining("already turned on") });
    await new Promise((r) => setTimeout(r, 400)); // the host hears of the change after the answer
    expect(changed).toEqual(["changed"]);
  });

  it("in a kiosk visitor's engine: the status and turning off with the admin PIN, never turning on", async () => {
    const visitor = engineOf("visitor", { kiosk: true, admin });
    expect(await visitor("kiosk.status")).toMatchObject({ ok: true, result: { mode: "setting" } });
    expect(errorOf(await visitor("kiosk.enable", { adminPin: "2468" }))).toMatchObject({ code: "unavailable", message: "This is already a clinic kiosk" });
    expect(await visitor("kiosk.disable", { adminPin: "1111" })).toEqual({ ok: true, result: { ok: false, reason: "wrong_pin", retryAfterSeconds: 0 } });
    expect(await visitor("kiosk.disable", { adminPin: "2468" })).toEqual({ ok: true, result: { ok: true, takesEffect: "restart" } });
    expect(await visitor("kiosk.status")).toMatchObject({ ok: true, result: { mode: "off" } });
    expect(errorOf(await visitor("kiosk.disable", { adminPin: "2468" }))?.code).toBe("conflict");
  });

  it("refuses to turn off a kiosk started with --kiosk, saying so", async () => {
    const flagged = kioskAdmin({ root: join(tmp.dir, "flagged"), flag: true, flagIdleSeconds: 90, takesEffect: "relaunch" });
    const visitor = engineOf("flag-visitor", { kiosk: true, admin: flagged });
    expect(await visitor("kiosk.status")).toEqual({ ok: true, result: { mode: "flag", idleSeconds: 90, unreadable: false } });
    expect(errorOf(await visitor("kiosk.disable", { adminPin: "2468" }))).toMatchObject({ code: "unavailable", message: expect.stringContaining("started with --kiosk") });
  });

  it("where the host gives no hook (the plain CLI engine, serve --profile): unavailable, in the user's language", async () => {
    const plain = engineOf("plain");
    expect(errorOf(await plain("kiosk.status"))).toMatchObject({ code: "unavailable", message: expect.stringContaining("not here") });
    expect(errorOf(await plain("kiosk.enable", { adminPin: "2468" }))?.code).toBe("unavailable");
    await plain("settings.set", { language: "es" });
    expect(errorOf(await plain("kiosk.disable", { adminPin: "2468" }))?.message).toContain("no aquí");
  });

  it("says how to turn off a kiosk whose admin PIN file is gone (delete kiosk.json), never letting any PIN open it", async () => {
    const lost = join(tmp.dir, "lost");
    mkdirSync(lost, { recursive: true });
    writeFileSync(join(lost, KIOSK_FILE), JSON.stringify({ version: 1, enabled: true, idleSeconds: 180 }));
    const visitor = engineOf("lost-visitor", { kiosk: true, admin: kioskAdmin({ root: lost, flag: false, takesEffect: "restart" }) });
    expect(errorOf(await visitor("kiosk.disable", { adminPin: "0000" }))).toMatchObject({ code: "unavailable", message: expect.stringContaining("deleting kiosk.json") });
  });
});
