/** The data key of a data folder: made once, wrapped by a key file, a PIN or the (fake) OS keychain. */
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  DATA_KEY_FILE,
  DATA_KEY_KEYCHAIN_FILE,
  DATA_KEY_PIN_FILE,
  DataKeyError,
  dataKeyProtection,
  openDataKey,
  setDataKeyPin,
  type KeychainLike,
} from "../../../src/engine/storage/dataKey";
import { tempDir } from "../../support/tempDir";

let tmp = tempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
});
const keys = () => join(tmp.dir, "keys");

/** A stand-in for Electron's safeStorage: reversible, and says whether a real keychain backs it. */
function fakeKeychain(options: { available?: boolean; backend?: string } = {}): KeychainLike & { calls: number } {
  const mask = (b: Buffer) => Buffer.from(b.map((x) => x ^ 0x5a));
  return {
    calls: 0,
    isEncryptionAvailable: () => options.available ?? true,
    encryptString(text: string) {
      this.calls++;
      return Buffer.concat([Buffer.from("KC1"), mask(Buffer.from(text))]);
    },
    decryptString: (b: Buffer) => mask(b.subarray(3)).toString(),
    getSelectedStorageBackend: () => options.backend ?? "gnome_libsecret",
  };
}

const posix = process.platform !== "win32";

describe("data key", () => {
  it("file: made once (32 bytes, 0600 in a 0700 folder), the same on every open", () => {
    const first = openDataKey(keys(), { kind: "file" });
    expect(first.key).toHaveLength(32);
    expect(first.protection).toBe("file");
    expect(openDataKey(keys(), { kind: "file" }).key.equals(first.key)).toBe(true);
    expect(readFileSync(join(keys(), DATA_KEY_FILE)).equals(first.key)).toBe(true);
    if (posix) {
      expect(statSync(join(keys(), DATA_KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(statSync(keys()).mode & 0o777).toBe(0o700);
    }
  });

  it("PIN: the key is stored only wrapped; the right PIN opens it, a wrong one is refused and changes nothing", () => {
    const made = openDataKey(keys(), { kind: "pin", pin: "4821" });
    expect(made.protection).toBe("pin");
    expect(existsSync(join(keys(), DATA_KEY_FILE))).toBe(false);
    const stored = readFileSync(join(keys(), DATA_KEY_PIN_FILE), "utf8");
    expect(stored).not.toContain(made.key.toString("hex"));
    expect(JSON.parse(stored)).toMatchObject({ v: 1, kdf: "scrypt", N: 32768, r: 8, p: 1 });
    expect(openDataKey(keys(), { kind: "pin", pin: "4821" }).key.equals(made.key)).toBe(true);
    expect(() => openDataKey(keys(), { kind: "pin", pin: "4822" })).toThrow(expect.objectContaining({ code: "wrong_pin" }));
    expect(() => openDataKey(keys(), { kind: "file" })).toThrow(expect.objectContaining({ code: "pin_required" }));
    expect(readFileSync(join(keys(), DATA_KEY_PIN_FILE), "utf8")).toBe(stored);
  });

  it("adding, changing and removing the PIN re-wraps the same key", () => {
    const { key } = openDataKey(keys(), { kind: "file" });
    expect(setDataKeyPin(keys(), { kind: "file" }, "1357")).toBe("pin");
    expect(existsSync(join(keys(), DATA_KEY_FILE))).toBe(false);
    expect(dataKeyProtection(keys())).toBe("pin");
    expect(openDataKey(keys(), { kind: "pin", pin: "1357" }).key.equals(key)).toBe(true);
    expect(() => setDataKeyPin(keys(), { kind: "pin", pin: "0000" }, "2468")).toThrow(DataKeyError);
    setDataKeyPin(keys(), { kind: "pin", pin: "1357" }, "2468");
    expect(() => openDataKey(keys(), { kind: "pin", pin: "1357" })).toThrow(expect.objectContaining({ code: "wrong_pin" }));
    expect(openDataKey(keys(), { kind: "pin", pin: "2468" }).key.equals(key)).toBe(true);
    expect(setDataKeyPin(keys(), { kind: "pin", pin: "2468" }, null)).toBe("file");
    expect(existsSync(join(keys(), DATA_KEY_PIN_FILE))).toBe(false);
    expect(openDataKey(keys(), { kind: "file" }).key.equals(key)).toBe(true);
    expect(() => setDataKeyPin(keys(), { kind: "file" }, "12")).toThrow(expect.objectContaining({ code: "weak_pin" }));
  });

  it("a PIN given for a folder that has none is refused (never a second key)", () => {
    openDataKey(keys(), { kind: "file" });
    expect(() => openDataKey(keys(), { kind: "pin", pin: "1234" })).toThrow(expect.objectContaining({ code: "no_pin" }));
  });

  it("keychain: wrapped by safeStorage; the CLI cannot open it; an unavailable keychain is an error, not a new key", () => {
    const kc = fakeKeychain();
    const made = openDataKey(keys(), { kind: "keychain", safeStorage: kc });
    expect(made).toMatchObject({ protection: "keychain", keychainMissing: false });
    expect(existsSync(join(keys(), DATA_KEY_FILE))).toBe(false);
    expect(readFileSync(join(keys(), DATA_KEY_KEYCHAIN_FILE)).includes(made.key.toString("hex"))).toBe(false);
    expect(openDataKey(keys(), { kind: "keychain", safeStorage: kc }).key.equals(made.key)).toBe(true);
    expect(() => openDataKey(keys(), { kind: "file" })).toThrow(expect.objectContaining({ code: "keychain_only" }));
    expect(() => openDataKey(keys(), { kind: "keychain", safeStorage: fakeKeychain({ available: false }) })).toThrow(
      expect.objectContaining({ code: "keychain_unavailable" }),
    );
  });

  it("keychain without a real keychain (Linux basic_text): the 0600 key file, and it says so", () => {
    const kc = fakeKeychain({ backend: "basic_text" });
    const opened = openDataKey(keys(), { kind: "keychain", safeStorage: kc });
    if (process.platform === "linux") {
      expect(opened).toMatchObject({ protection: "file", keychainMissing: true });
      expect(kc.calls).toBe(0);
    }
    expect(openDataKey(keys(), { kind: "keychain", safeStorage: kc }).key.equals(opened.key)).toBe(true);
  });

  it("a damaged key file is an error, never replaced", () => {
    openDataKey(keys(), { kind: "pin", pin: "4821" });
    const file = join(keys(), DATA_KEY_PIN_FILE);
    const w = JSON.parse(readFileSync(file, "utf8")) as { tag: string };
    w.tag = "00".repeat(16);
    writeFileSync(file, JSON.stringify(w));
    expect(() => openDataKey(keys(), { kind: "pin", pin: "4821" })).toThrow(expect.objectContaining({ code: "wrong_pin" }));
    writeFileSync(file, "{not json");
    expect(() => openDataKey(keys(), { kind: "pin", pin: "4821" })).toThrow(expect.objectContaining({ code: "invalid" }));
  });
});
