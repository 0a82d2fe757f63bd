/**
 * The images painted on a PDF page, as PNG, for OCR of scanned pages. Like unpdf's extractImages,
 * read from the page's operator list, but it also keeps 1-bit images (fax-style scans, which
 * extractImages skips) and inline images, and refuses bitmaps beyond the pixel limit.
 */
import type { PDFPageProxy } from "unpdf/pdfjs";
import { encodePng } from "./png";

interface DecodedImage {
  width: number;
  height: number;
  data?: Uint8ClampedArray | Uint8Array;
  kind?: number;
}

export interface PageImages {
  pngs: Buffer[];
  /** Images left out because they exceed the pixel limit. */
  oversized: number;
}

/** Logos and rules are not worth OCR. */
const MIN_SIDE = 48;
/** pdf.js ImageKind.GRAYSCALE_1BPP: rows of packed bits, a set bit is white. */
const GRAYSCALE_1BPP = 1;

function unpackBits(data: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8Array {
  const rowBytes = (width + 7) >> 3;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const bit = data[y * rowBytes + (x >> 3)]! & (0x80 >> (x & 7));
      out[y * width + x] = bit ? 255 : 0;
    }
  }
  return out;
}

function toPng(image: DecodedImage): Buffer | null {
  const { width, height, data } = image;
  if (!data) return null;
  if (image.kind === GRAYSCALE_1BPP && data.length === ((width + 7) >> 3) * height) {
    return encodePng(unpackBits(data, width, height), width, height, 1);
  }
  const channels = data.length / (width * height);
  if (channels !== 1 && channels !== 3 && channels !== 4) return null;
  return encodePng(data, width, height, channels);
}

function objectOf(page: PDFPageProxy, key: string): Promise<DecodedImage | null> {
  const store = key.startsWith("g_") ? page.commonObjs : page.objs;
  return new Promise((resolve) => {
    try {
      store.get(key, (value: unknown) => resolve((value as DecodedImage | null) ?? null));
    } catch {
      resolve(null);
    }
  });
}

export async function pageImages(page: PDFPageProxy, ops: Record<string, number>, maxPixels: number): Promise<PageImages> {
  const list = await page.getOperatorList();
  const pngs: Buffer[] = [];
  let oversized = 0;
  const seen = new Set<string>();
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    const args = list.argsArray[i] as unknown[];
    let image: DecodedImage | null = null;
    if (fn === ops.paintImageXObject || fn === ops.paintImageXObjectRepeat) {
      const key = String(args[0]);
      if (seen.has(key)) continue;
      seen.add(key);
      image = await objectOf(page, key);
    } else if (fn === ops.paintInlineImageXObject) {
      image = (args[0] as DecodedImage | null) ?? null;
    }
    if (!image || !image.width || !image.height || Math.min(image.width, image.height) < MIN_SIDE) continue;
    if (image.width * image.height > maxPixels) {
      oversized++;
      continue;
    }
    const png = toPng(image);
    if (png) pngs.push(png);
  }
  return { pngs, oversized };
}
