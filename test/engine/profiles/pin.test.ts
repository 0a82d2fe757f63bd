/**
 * The PIN verifier (profiles and the kiosk's admin PIN): one normalization shared with the data key, so a
 * PIN typed with full-width digits (an IME) is the same PIN; verifiers made before that still open and are
 * re-made; wrong tries wait longer and longer, across restarts, and nothing is wiped.
 */
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scryptSync, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { checkPinFile, FREE_TRIES, hasPinFile, pinWaitMs, setPinFile } from "../../../src/engine/profiles/pin";
import { tempDir } from "../../support/tempDir";

let done: (() => void) | null = null;
afterEach(() => {
  done?.();
  done = null;
});

function pinFile(): string {
  const tmp = tempDir("carefold-pin-");
  done = tmp.cleanup;
  return join(tmp.dir, "keys", "admin-pin.json");
}

describe("PIN verifier", () => {
  it("keeps only a salted verifier, private to the user, and accepts the same PIN typed with full-width digits", async () => {
    const file = pinFile();
    await setPinFile(file, "2468");
    expect(hasPinFile(file)).toBe(true);
    expect(readFileSync(file, "utf8")).not.toContain("2468");
    if (process.platform !== "win32") expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await checkPinFile(file, "２４６８")).toEqual({ ok: true });
    expect(await checkPinFile(file, "2468")).toEqual({ ok: true });
    expect((await checkPinFile(file, "2469")).ok).toBe(false);
  });

  it("opens a verifier made with the earlier normalization and re-makes it in the shared one", async () => {
    const file = pinFile();
    await setPinFile(file, "0000");
    const salt = randomBytes(16);
    const params = { N: 2 ** 15, r: 8, p: 1 };
    const legacy = scryptSync("１２３４".normalize("NFC"), salt, 32, { ...params, maxmem: 64 * 1024 * 1024 });
    writeFileSync(file, JSON.stringify({ version: 1, salt: salt.toString("base64"), hash: legacy.toString("base64"), ...params, failures: 0, lastFailureAt: null }));
    expect(await checkPinFile(file, "１２３４")).toEqual({ ok: true });
    expect(JSON.parse(readFileSync(file, "utf8")).hash).not.toBe(legacy.toString("base64"));
    expect(await checkPinFile(file, "1234")).toEqual({ ok: true }); // now the same PIN as its ASCII form
  });

  it("makes wrong tries wait, does not even look at a try during the wait, and a right one clears the count", async () => {
    const file = pinFile();
    await setPinFile(file, "2468");
    let now = 1_000_000;
    for (let i = 0; i < FREE_TRIES - 1; i += 1) expect(await checkPinFile(file, "1111", now)).toEqual({ ok: false, reason: "wrong_pin", retryAfterSeconds: 0 });
    expect(await checkPinFile(file, "1111", now)).toEqual({ ok: false, reason: "wrong_pin", retryAfterSeconds: pinWaitMs(FREE_TRIES) / 1000 });
    now += 1000;
    expect(await checkPinFile(file, "2468", now)).toMatchObject({ ok: false, reason: "wait" }); // the right PIN too: guessing faster gains nothing
    now += pinWaitMs(FREE_TRIES);
    expect(await checkPinFile(file, "2468", now)).toEqual({ ok: true });
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ failures: 0, lastFailureAt: null });
    await setPinFile(file, null);
    expect(hasPinFile(file)).toBe(false);
    expect(await checkPinFile(file, "anything")).toEqual({ ok: true });
  });
});
