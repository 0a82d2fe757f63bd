/**
 * A profile's optional PIN: only a scrypt verifier is kept (random salt, N = 2^15, r = 8, p = 1), in the
 * profile's own folder (`keys/profile-pin.json`, 0600), never in the registry. Wrong tries are counted
 * there too, so a restart does not reset them: after a few, each further try waits longer (30 s, doubling,
 * at most 15 minutes). Nothing is ever wiped for wrong tries. The kiosk's admin PIN is kept the same way
 * in a file of its own (the `*PinFile` forms).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../storage/atomicWrite";
import { normalizePin } from "../storage/dataKey";

export const PIN_FILE = join("keys", "profile-pin.json");
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;
/** scrypt needs 128·N·r bytes (32 MiB here): Node's default ceiling is exactly that, so give it room. */
const MAX_MEM = 64 * 1024 * 1024;
const KEY_BYTES = 32;
/** Wrong tries allowed before any wait. */
export const FREE_TRIES = 3;
const FIRST_WAIT_MS = 30_000;
const MAX_WAIT_MS = 15 * 60_000;

const PinFileSchema = z.strictObject({
  version: z.literal(1),
  salt: z.string(),
  hash: z.string(),
  N: z.int().positive(),
  r: z.int().positive(),
  p: z.int().positive(),
  failures: z.int().nonnegative(),
  lastFailureAt: z.number().nullable(),
});
type PinFile = z.infer<typeof PinFileSchema>;

export type PinCheck = { ok: true } | { ok: false; reason: "wrong_pin" | "wait"; retryAfterSeconds: number };

/** `form`: the one normalization the data key uses too; "legacy" is how verifiers made before it were hashed. */
function derive(pin: string, salt: Buffer, params: { N: number; r: number; p: number }, form: "pin" | "legacy" = "pin"): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: MAX_MEM };
  const text = form === "pin" ? normalizePin(pin) : pin.normalize("NFC");
  return new Promise((resolve, reject) => scrypt(text, salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key))));
}

/** How long to wait after `failures` wrong tries in a row (0 while tries are free). */
export function pinWaitMs(failures: number): number {
  if (failures < FREE_TRIES) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_TRIES));
}

function read(file: string): PinFile | null {
  if (!existsSync(file)) return null;
  return PinFileSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

function write(file: string, data: PinFile): void {
  writeFileAtomic(file, JSON.stringify(data) + "\n");
}

async function verifier(pin: string): Promise<PinFile> {
  const salt = randomBytes(16);
  const hash = await derive(pin, salt, SCRYPT);
  return { version: 1, salt: salt.toString("base64"), hash: hash.toString("base64"), ...SCRYPT, failures: 0, lastFailureAt: null };
}

function matches(given: Buffer, expected: Buffer): boolean {
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function hasPinFile(file: string): boolean {
  return read(file) !== null;
}

/** Sets (or, with null, removes) the PIN kept in `file`. */
export async function setPinFile(file: string, pin: string | null): Promise<void> {
  if (pin === null) rmSync(file, { force: true });
  else write(file, await verifier(pin));
}

/**
 * Checks a PIN try. While a wait is running the try is not even looked at (so guessing faster gains
 * nothing); a wrong one is counted, a right one clears the count. No file: any PIN is accepted.
 */
export async function checkPinFile(file: string, pin: string, now: number = Date.now()): Promise<PinCheck> {
  const stored = read(file);
  if (!stored) return { ok: true };
  const waitUntil = stored.lastFailureAt === null ? 0 : stored.lastFailureAt + pinWaitMs(stored.failures);
  if (now < waitUntil) return { ok: false, reason: "wait", retryAfterSeconds: Math.ceil((waitUntil - now) / 1000) };
  const expected = Buffer.from(stored.hash, "base64");
  const salt = Buffer.from(stored.salt, "base64");
  if (matches(await derive(pin, salt, stored), expected)) {
    if (stored.failures > 0) write(file, { ...stored, failures: 0, lastFailureAt: null });
    return { ok: true };
  }
  // A verifier made before the PIN had one normalization: the right PIN still opens, and it is re-made.
  if (normalizePin(pin) !== pin.normalize("NFC") && matches(await derive(pin, salt, stored, "legacy"), expected)) {
    write(file, await verifier(pin));
    return { ok: true };
  }
  const failures = stored.failures + 1;
  write(file, { ...stored, failures, lastFailureAt: now });
  return { ok: false, reason: "wrong_pin", retryAfterSeconds: Math.ceil(pinWaitMs(failures) / 1000) };
}

export const hasPin = (folder: string): boolean => hasPinFile(join(folder, PIN_FILE));
/** Sets (or, with null, removes) the profile's PIN. */
export const setPin = (folder: string, pin: string | null): Promise<void> => setPinFile(join(folder, PIN_FILE), pin);
export const checkPin = (folder: string, pin: string, now?: number): Promise<PinCheck> => checkPinFile(join(folder, PIN_FILE), pin, now);
