/**
 * A tiny ZIP central-directory reader: member names and their declared sizes, read without
 * inflating anything, so a DOCX can be recognised and a zip bomb refused before any library opens it.
 */

export interface ZipEntry {
  name: string;
  /** 0 = stored, 8 = deflate; anything else is not a DOCX member. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export type ZipDirectory = { ok: true; entries: ZipEntry[] } | { ok: false; reason: "damaged" | "zip64" };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;

function findEndOfCentralDirectory(bytes: Uint8Array, view: DataView): number {
  const stop = Math.max(0, bytes.length - EOCD_MIN - MAX_COMMENT);
  for (let i = bytes.length - EOCD_MIN; i >= stop; i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) return i;
  }
  return -1;
}

export function readZipDirectory(bytes: Uint8Array): ZipDirectory {
  if (bytes.length < EOCD_MIN) return { ok: false, reason: "damaged" };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfCentralDirectory(bytes, view);
  if (eocd < 0) return { ok: false, reason: "damaged" };
  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  // ZIP64 markers: a DOCX under the size cap never needs them, and a reader that ignores them can be fooled.
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return { ok: false, reason: "zip64" };
  if (offset + size > eocd) return { ok: false, reason: "damaged" };

  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL_SIGNATURE) return { ok: false, reason: "damaged" };
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const uncompressedSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localHeaderOffset = view.getUint32(at + 42, true);
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
      return { ok: false, reason: "zip64" };
    }
    const nameStart = at + 46;
    if (nameStart + nameLength > eocd) return { ok: false, reason: "damaged" };
    const name = new TextDecoder("utf-8").decode(bytes.subarray(nameStart, nameStart + nameLength));
    entries.push({ name, method, compressedSize, uncompressedSize, localHeaderOffset });
    at = nameStart + nameLength + extraLength + commentLength;
  }
  return { ok: true, entries };
}
