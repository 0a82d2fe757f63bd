/** Raw pixels from a PDF page image → PNG bytes tesseract can decode (pure JS, no native canvas). */
import { PNG } from "pngjs";

/** pngjs colour types: 0 grey, 2 RGB, 6 RGBA. */
const COLOR_TYPE = { 1: 0, 3: 2, 4: 6 } as const;

export function encodePng(data: Uint8ClampedArray | Uint8Array, width: number, height: number, channels: 1 | 3 | 4): Buffer {
  const colorType = COLOR_TYPE[channels];
  const png = new PNG({ width, height, colorType, inputColorType: colorType, inputHasAlpha: channels === 4 });
  png.data = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return PNG.sync.write(png, { colorType, inputColorType: colorType, inputHasAlpha: channels === 4 });
}
