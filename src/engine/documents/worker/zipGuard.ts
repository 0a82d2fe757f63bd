/**
 * Zip-bomb protection for DOCX, before mammoth (JSZip) inflates anything: the central directory's
 * declared sizes must be within the limits, and every member is then inflated here with its declared
 * size as a hard output cap, so a member that lies about its size is caught, not trusted.
 */
import { inflateRawSync } from "node:zlib";
import type { IngestLimits } from "../types";
import { readZipDirectory, type ZipEntry } from "../zipDirectory";
import { Failure } from "./failure";

const LOCAL_SIGNATURE = 0x04034b50;
/** Ratios only matter for members big enough to hurt; small XML parts compress very well. */
const RATIO_FLOOR_BYTES = 1024 * 1024;

function memberData(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_SIGNATURE) throw new Failure("damaged", {}, `bad local header for ${entry.name}`);
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new Failure("damaged", {}, `member ${entry.name} runs past the end`);
  return bytes.subarray(start, end);
}

function checkDeclared(entries: ZipEntry[], limits: IngestLimits): void {
  if (entries.length > limits.maxZipEntries) throw new Failure("zip_bomb", { entries: entries.length }, "too many members");
  let total = 0;
  for (const e of entries) {
    total += e.uncompressedSize;
    const ratio = e.uncompressedSize / Math.max(1, e.compressedSize);
    if (e.uncompressedSize > RATIO_FLOOR_BYTES && ratio > limits.maxZipRatio) {
      throw new Failure("zip_bomb", { member: e.name, ratio: Math.round(ratio) }, `ratio ${ratio.toFixed(0)} for ${e.name}`);
    }
  }
  if (total > limits.maxZipUncompressedBytes) throw new Failure("zip_bomb", { bytes: total }, `declares ${total} bytes`);
}

function checkActual(bytes: Buffer, entries: ZipEntry[]): void {
  for (const e of entries) {
    if (e.name.endsWith("/")) continue;
    const data = memberData(bytes, e);
    if (e.method === 0) {
      if (data.length !== e.uncompressedSize) throw new Failure("damaged", {}, `stored member ${e.name} has the wrong size`);
      continue;
    }
    if (e.method !== 8) throw new Failure("damaged", {}, `member ${e.name} uses compression method ${e.method}`);
    let inflated: Buffer;
    try {
      // One byte over the declared size is enough to prove the declaration false.
      inflated = inflateRawSync(data, { maxOutputLength: e.uncompressedSize + 1 });
    } catch (err) {
      const overflow = (err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" || err instanceof RangeError;
      throw new Failure(overflow ? "zip_bomb" : "damaged", {}, `member ${e.name}: ${String(err)}`);
    }
    if (inflated.length > e.uncompressedSize) throw new Failure("zip_bomb", { member: e.name }, `member ${e.name} inflates past its declared size`);
    if (inflated.length !== e.uncompressedSize) throw new Failure("damaged", {}, `member ${e.name} is shorter than declared`);
  }
}

export function guardZip(bytes: Buffer, limits: IngestLimits): void {
  const dir = readZipDirectory(bytes);
  if (!dir.ok) throw dir.reason === "zip64" ? new Failure("unsupported", { reason: "zip64" }) : new Failure("damaged", {}, "no central directory");
  checkDeclared(dir.entries, limits);
  checkActual(bytes, dir.entries);
}
