/**
 * Image dimensions read from the header, before anything decodes the pixels: a small file can
 * declare a huge bitmap (a decompression bomb), and that is refused here.
 */
import type { ImageFormat } from "../types";

export interface ImageInfo {
  width: number;
  height: number;
  /** TIFF only: more than one page (tesseract reads the first). */
  multiPage?: boolean;
}

function png(b: Buffer): ImageInfo | null {
  if (b.length < 24) return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** Walks JPEG markers to the first start-of-frame. */
function jpeg(b: Buffer): ImageInfo | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    at += 2 + b.readUInt16BE(at + 2);
  }
  return null;
}

function webp(b: Buffer): ImageInfo | null {
  if (b.length < 30) return null;
  const chunk = b.toString("latin1", 12, 16);
  if (chunk === "VP8X") return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === "VP8L") {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === "VP8 ") return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  return null;
}

function bmp(b: Buffer): ImageInfo | null {
  if (b.length < 26) return null;
  const header = b.readUInt32LE(14);
  if (header === 12) return { width: b.readUInt16LE(18), height: b.readUInt16LE(20) };
  return { width: Math.abs(b.readInt32LE(18)), height: Math.abs(b.readInt32LE(22)) };
}

/** First IFD's width and length tags, and whether another IFD follows. */
function tiff(b: Buffer): ImageInfo | null {
  if (b.length < 8) return null;
  const le = b[0] === 0x49;
  const u16 = (o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const u32 = (o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
  const ifd = u32(4);
  if (ifd + 2 > b.length) return null;
  const count = u16(ifd);
  if (ifd + 2 + count * 12 + 4 > b.length) return null;
  let width = 0;
  let height = 0;
  for (let i = 0; i < count; i++) {
    const at = ifd + 2 + i * 12;
    const tag = u16(at);
    const value = u16(at + 2) === 3 ? u16(at + 8) : u32(at + 8);
    if (tag === 256) width = value;
    if (tag === 257) height = value;
  }
  if (!width || !height) return null;
  return { width, height, multiPage: u32(ifd + 2 + count * 12) !== 0 };
}

const READERS: Record<ImageFormat, (b: Buffer) => ImageInfo | null> = { png, jpeg, webp, bmp, tiff };

export function imageInfo(bytes: Buffer, format: ImageFormat): ImageInfo | null {
  try {
    return READERS[format](bytes);
  } catch {
    return null; // a header that runs past the end of the file
  }
}
