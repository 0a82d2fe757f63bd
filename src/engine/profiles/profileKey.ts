/**
 * THE ONE PLACE where a profile's data key is obtained (issue 16, item 4; storage/dataKey.ts). Each
 * profile is a data folder with its own `keys/`, so each has its own key: in the desktop app wrapped by
 * the OS keychain; in the CLI and the web host the 0600 key file, or — once the profile has a PIN — wrapped
 * by that PIN (there, unwrapping the key is the PIN check).
 */
import { join } from "node:path";
import { dataKeyProtection, openDataKey, setDataKeyPin, type DataKeyProtection, type DataKeyUnlock, type KeychainLike } from "../storage/dataKey";

export interface ProfileKeyRequest {
  /** The profile's data folder. */
  folder: string;
  /** The PIN just given, when the profile has one. */
  pin: string | null;
  /** The desktop app's keychain (Electron safeStorage); absent in the CLI and the web host. */
  keychain?: KeychainLike;
}

export interface ProfileKey {
  dataKey: Buffer;
  dataKeyProtection: DataKeyProtection;
}

const keysOf = (folder: string) => join(folder, "keys");

/** How this profile's data key is opened: with the PIN where the key is wrapped by it, else the keychain or the 0600 file. */
export function profileKeyUnlock(request: ProfileKeyRequest): DataKeyUnlock {
  if (request.pin !== null && dataKeyProtection(keysOf(request.folder)) === "pin") return { kind: "pin", pin: request.pin };
  if (request.keychain) return { kind: "keychain", safeStorage: request.keychain };
  return { kind: "file" };
}

/** The profile's data key, made on first use; a wrong PIN throws DataKeyError("wrong_pin"). */
export function openProfileKey(request: ProfileKeyRequest): ProfileKey {
  const opened = openDataKey(keysOf(request.folder), profileKeyUnlock(request));
  return { dataKey: opened.key, dataKeyProtection: opened.protection };
}

/** Whether the profile's key is wrapped by a PIN (set by `carefold pin` or by profiles.setPin outside the desktop app). */
export function keyHasPin(folder: string): boolean {
  return dataKeyProtection(keysOf(folder)) === "pin";
}

/**
 * After the profile's PIN changed: outside the desktop app the key is re-wrapped by the new PIN (or kept
 * in the 0600 file again when the PIN is removed); a key in the keychain stays there. Only 32 bytes are
 * re-wrapped, never the data.
 */
export function rewrapProfileKey(folder: string, currentPin: string | null, pin: string | null): void {
  const protection = dataKeyProtection(keysOf(folder));
  if (protection === null || protection === "keychain") return;
  const current: DataKeyUnlock = protection === "pin" && currentPin !== null ? { kind: "pin", pin: currentPin } : { kind: "file" };
  setDataKeyPin(keysOf(folder), current, pin);
}
