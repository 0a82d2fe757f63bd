/**
 * The installation's kiosk setting (src/engine/kioskMode): on with a new admin PIN, off with it; wrong
 * tries wait as a profile PIN's do (the same verifier, one try at a time); a kiosk.json that cannot be read
 * keeps the kiosk on; the files are 0600 and written whole (a failed write leaves the old file, no temp).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { kioskAdmin } from "../../../src/engine/kioskMode/admin";
import { ADMIN_PIN_FILE, DEFAULT_KIOSK_SESSION, KIOSK_FILE, readKioskSetting, turnKioskOff, turnKioskOn } from "../../../src/engine/kioskMode/setting";
import { FREE_TRIES, pinWaitMs } from "../../../src/engine/profiles/pin";
import { tempDir } from "../../support/tempDir";

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});
function root(): string {
  const tmp = tempDir("carefold-kiosk-setting-");
  cleanup = tmp.cleanup;
  return tmp.dir;
}
const posix = process.platform !== "win32";
const mode = (path: string) => statSync(path).mode & 0o777;
const temps = (dir: string) => readdirSync(dir).filter((n) => n.endsWith(".tmp"));

describe("the kiosk setting", () => {
  it("is off without a file; on keeps only a verifier of the admin PIN, 0600 in a 0700 folder; off asks for it", async () => {
    const dir = root();
    expect(readKioskSetting(dir)).toEqual({ state: "off", idleSeconds: DEFAULT_KIOSK_SESSION.idleSeconds });
    await turnKioskOn(dir, "2468", 300);
    expect(readKioskSetting(dir)).toEqual({ state: "on", idleSeconds: 300 });
    expect(JSON.parse(readFileSync(join(dir, KIOSK_FILE), "utf8"))).toEqual({ version: 1, enabled: true, idleSeconds: 300 });
    expect(readFileSync(join(dir, ADMIN_PIN_FILE), "utf8")).not.toContain("2468");
    if (posix) {
      expect(mode(join(dir, KIOSK_FILE))).toBe(0o600);
      expect(mode(join(dir, ADMIN_PIN_FILE))).toBe(0o600);
    }
    expect(temps(dir)).toEqual([]);

    expect(await turnKioskOff(dir, "1357")).toMatchObject({ ok: false, reason: "wrong_pin" });
    expect(readKioskSetting(dir).state).toBe("on");
    expect(await turnKioskOff(dir, "2468")).toEqual({ ok: true });
    // Off, the idle time kept for next time; the old PIN is gone (turning on again asks for a new one).
    expect(readKioskSetting(dir)).toEqual({ state: "off", idleSeconds: 300 });
    expect(existsSync(join(dir, ADMIN_PIN_FILE))).toBe(false);
    await expect(turnKioskOn(dir, "2468", 10)).rejects.toThrow(); // idle time out of range: nothing written
    expect(readKioskSetting(dir).state).toBe("off");
  });

  it("makes wrong admin PINs wait (the profile PIN's throttle), even for the right PIN during the wait", async () => {
    const dir = root();
    await turnKioskOn(dir, "2468");
    let now = 5_000_000;
    for (let i = 0; i < FREE_TRIES - 1; i++) expect(await turnKioskOff(dir, "0000", now)).toEqual({ ok: false, reason: "wrong_pin", retryAfterSeconds: 0 });
    expect(await turnKioskOff(dir, "0000", now)).toEqual({ ok: false, reason: "wrong_pin", retryAfterSeconds: pinWaitMs(FREE_TRIES) / 1000 });
    now += 1_000;
    expect(await turnKioskOff(dir, "2468", now)).toMatchObject({ ok: false, reason: "wait" });
    expect(readKioskSetting(dir).state).toBe("on");
    now += pinWaitMs(FREE_TRIES);
    expect(await turnKioskOff(dir, "2468", now)).toEqual({ ok: true });
  });

  it("tries admin PINs one at a time, so guesses sent together cannot all skip the wait", async () => {
    const dir = root();
    const admin = kioskAdmin({ root: dir, flag: false, takesEffect: "restart", now: () => 7_000_000 });
    expect(await admin.enable("2468")).toEqual({ ok: true });
    const tries = await Promise.all(Array.from({ length: FREE_TRIES + 3 }, (_, i) => admin.disable(`11${i}1`)));
    expect(tries.filter((r) => !r.ok && "reason" in r && r.reason === "wait")).toHaveLength(3);
    expect(admin.status()).toEqual({ mode: "setting", idleSeconds: DEFAULT_KIOSK_SESSION.idleSeconds, unreadable: false });
  });

  it("treats a kiosk.json it cannot read (corrupt, a newer version's, not a file) as kiosk mode on", async () => {
    for (const write of [
      (f: string) => writeFileSync(f, "{ not json"),
      (f: string) => writeFileSync(f, JSON.stringify({ version: 2, enabled: false, idleSeconds: 180 })),
      (f: string) => writeFileSync(f, JSON.stringify({ version: 1, enabled: "no", idleSeconds: 180 })),
      (f: string) => mkdirSync(f),
    ]) {
      const dir = root();
      write(join(dir, KIOSK_FILE));
      expect(readKioskSetting(dir)).toMatchObject({ state: "unreadable", idleSeconds: DEFAULT_KIOSK_SESSION.idleSeconds });
      const admin = kioskAdmin({ root: dir, flag: false, takesEffect: "restart" });
      expect(admin.status()).toMatchObject({ mode: "setting", unreadable: true });
      // Without a verifier nothing turns it off: a lost admin PIN file never means "any PIN".
      expect(await admin.disable("2468")).toEqual({ ok: false, refused: "no_verifier" });
      cleanup?.();
      cleanup = null;
    }
  });

  it("turns an unreadable setting off with the admin PIN, and a failed write leaves the setting as it was, with no partial file", async () => {
    const dir = root();
    await turnKioskOn(dir, "2468");
    writeFileSync(join(dir, KIOSK_FILE), "{ damaged");
    expect(await turnKioskOff(dir, "2468")).toEqual({ ok: true });
    expect(readKioskSetting(dir).state).toBe("off");

    await turnKioskOn(dir, "2468");
    // A write that cannot land (the name taken by a folder that is not empty): nothing half-written stays,
    // the admin PIN is kept, and the kiosk stays on (a folder is an unreadable setting) for another try.
    rmSync(join(dir, KIOSK_FILE));
    mkdirSync(join(dir, KIOSK_FILE, "inside"), { recursive: true });
    await expect(turnKioskOff(dir, "2468")).rejects.toThrow();
    expect(temps(dir)).toEqual([]);
    expect(existsSync(join(dir, ADMIN_PIN_FILE))).toBe(true);
    expect(readKioskSetting(dir).state).toBe("unreadable");
  });
});
