/**
 * A profile's optional PIN: only a scrypt verifier is kept (random salt, N = 2^15, r = 8, p = 1), in the
 * profile's own folder (`keys/profile-pin.json`, 0600), never in the registry. Wrong tries are counted
 * there too, so a restart does not reset them: after a few, each further try waits longer (30 s, doubling,
 * at most 15 minutes). Nothing is ever wiped for wrong tries.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../storage/atomicWrite";

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

function derive(pin: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: MAX_MEM };
  return new Promise((resolve, reject) => scrypt(pin.normalize("NFC"), salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key))));
}

/** How long to wait after `failures` wrong tries in a row (0 while tries are free). */
export function pinWaitMs(failures: number): number {
  if (failures < FREE_TRIES) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_TRIES));
}

function read(folder: string): PinFile | null {
  const file = join(folder, PIN_FILE);
  if (!existsSync(file)) return null;
  return PinFileSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

function write(folder: string, data: PinFile): void {
  writeFileAtomic(join(folder, PIN_FILE), JSON.stringify(data) + "\n");
}

export function hasPin(folder: string): boolean {
  return read(folder) !== null;
}

/** Sets (or, with null, removes) the profile's PIN. */
export async function setPin(folder: string, pin: string | null): Promise<void> {
  if (pin === null) {
    rmSync(join(folder, PIN_FILE), { force: true });
    return;
  }
  const salt = randomBytes(16);
  const hash = await derive(pin, salt, SCRYPT);
  write(folder, { version: 1, salt: salt.toString("base64"), hash: hash.toString("base64"), ...SCRYPT, failures: 0, lastFailureAt: null });
}

/**
 * Checks a PIN try. While a wait is running the try is not even looked at (so guessing faster gains
 * nothing); a wrong one is counted, a right one clears the count. A profile without a PIN accepts any.
 */
export async function checkPin(folder: string, pin: string, now: number = Date.now()): Promise<PinCheck> {
  const stored = read(folder);
  if (!stored) return { ok: true };
  const waitUntil = stored.lastFailureAt === null ? 0 : stored.lastFailureAt + pinWaitMs(stored.failures);
  if (now < waitUntil) return { ok: false, reason: "wait", retryAfterSeconds: Math.ceil((waitUntil - now) / 1000) };
  const expected = Buffer.from(stored.hash, "base64");
  const given = await derive(pin, Buffer.from(stored.salt, "base64"), stored);
  if (given.length === expected.length && timingSafeEqual(given, expected)) {
    if (stored.failures > 0) write(folder, { ...stored, failures: 0, lastFailureAt: null });
    return { ok: true };
  }
  const failures = stored.failures + 1;
  write(folder, { ...stored, failures, lastFailureAt: now });
  return { ok: false, reason: "wrong_pin", retryAfterSeconds: Math.ceil(pinWaitMs(failures) / 1000) };
}
