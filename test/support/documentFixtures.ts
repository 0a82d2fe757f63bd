/**
 * Document fixtures made by the test suite (no committed binaries): text PDFs with known lab values
 * and a blood-pressure log, rendered text as PNG and as an image-only PDF for OCR, CSV/TSV logs,
 * DOCX files from a tiny zip writer, and bad files (encrypted, truncated, zip bombs).
 * Also the character accuracy used to score OCR (tests and bench:docs).
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import * as zlib from "node:zlib";
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from "pdf-lib";
import { PNG } from "pngjs";
import * as PImage from "pureimage";

/** One page of a text PDF: its lines, and the value strings that must be read from it. */
export interface KnownPage {
  lines: string[];
  values: string[];
}

export const LAB_REPORT: KnownPage[] = [
  {
    lines: [
      "Riverside Clinical Laboratory - Comprehensive Panel",
      "Collected: 2024-03-01 08:15   Reported: 2024-03-02",
      "Test                 Result   Units    Reference   Flag",
      "Hemoglobin A1c       6.4      %        4.0-5.6     H",
      "Glucose, fasting     112      mg/dL    70-99       H",
      "LDL Cholesterol      131      mg/dL    <100        H",
      "HDL Cholesterol      52       mg/dL    >40",
      "Creatinine           0.92     mg/dL    0.60-1.20",
    ],
    values: ["2024-03-01", "Hemoglobin A1c", "6.4", "4.0-5.6", "112", "70-99", "131", "<100", "52", "0.92", "0.60-1.20"],
  },
  {
    lines: [
      "Riverside Clinical Laboratory - page 2",
      "Test                 Result   Units     Reference   Flag",
      "eGFR                 88       mL/min    >60",
      "Potassium            5.3      mmol/L    3.5-5.1     H",
      "Sodium               139      mmol/L    136-145",
      "TSH                  2.71     mIU/L     0.40-4.50",
      "Presión arterial en consulta: 142/91 mmHg",
    ],
    values: ["eGFR", "88", "5.3", "3.5-5.1", "139", "136-145", "2.71", "0.40-4.50", "142/91", "Presión arterial"],
  },
];

export const BP_LOG: KnownPage[] = [
  {
    lines: ["Home blood pressure log - March 2024", "Date        Time    Systolic/Diastolic  Pulse", "2024-03-04  07:30   128/82              71", "2024-03-04  20:10   135/88              76", "2024-03-05  07:25   131/84              69"],
    values: ["2024-03-04", "07:30", "128/82", "71", "20:10", "135/88", "76", "2024-03-05", "131/84", "69"],
  },
  {
    lines: ["Home blood pressure log - continued", "2024-03-06  07:40   126/80              68", "2024-03-06  21:05   139/90              78"],
    values: ["2024-03-06", "07:40", "126/80", "68", "21:05", "139/90", "78"],
  },
];

/** Lines rendered to pixels for the OCR fixtures (short, like a photographed log). */
export const OCR_LINES = ["Blood pressure log March 2024", "03/04 07:30 128/82 pulse 71", "03/04 20:10 135/88 pulse 76", "Metoprolol 25 mg twice daily"];

export async function textPdf(pages: KnownPage[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const p of pages) {
    const page = doc.addPage([612, 792]);
    p.lines.forEach((line, i) => page.drawText(line, { x: 48, y: 740 - i * 18, size: 11, font }));
  }
  return doc.save();
}

/** A text PDF of `count` pages, for throughput (bench) and page-limit tests. */
export async function manyPagePdf(count: number): Promise<Uint8Array> {
  const pages: KnownPage[] = Array.from({ length: count }, (_, i) => ({ lines: [`Page ${i + 1}`, ...LAB_REPORT[i % 2]!.lines], values: [] }));
  return textPdf(pages);
}

/** A font that is on Debian (fonts-dejavu-core, or fonts-liberation which Chromium depends on). */
export function fixtureFont(): string {
  const candidates = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
  ];
  const found = candidates.find((f) => existsSync(f));
  if (!found) throw new Error(`No TrueType font for the OCR fixtures; install fonts-dejavu-core (looked in ${candidates.join(", ")})`);
  return found;
}

let fontLoaded: Promise<void> | null = null;

export interface RenderOptions {
  fontSize?: number;
  /** A phone-photo stand-in: grey paper, grey ink, seeded pixel noise of this amplitude (0–255). */
  noise?: number;
}

/** Deterministic noise, so the degraded fixture and its accuracy are the same on every run. */
function seeded(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    return x / 0x100000000;
  };
}

/** Text drawn in pure JS (pureimage + opentype.js), as PNG bytes. */
export async function renderTextPng(lines: string[] = OCR_LINES, options: RenderOptions = {}): Promise<Buffer> {
  const fontSize = options.fontSize ?? 32;
  const noise = options.noise ?? 0;
  fontLoaded ??= PImage.registerFont(fixtureFont(), "FixtureSans").load();
  await fontLoaded;
  const width = Math.ceil(Math.max(...lines.map((l) => l.length)) * fontSize * 0.62 + 80);
  const lineHeight = Math.round(fontSize * 1.8);
  const height = lineHeight * lines.length + 60;
  const image = PImage.make(width, height);
  const ctx = image.getContext("2d");
  ctx.fillStyle = noise ? "#c8c4bc" : "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = noise ? "#3a3a44" : "#000000";
  ctx.font = `${fontSize}px FixtureSans`;
  lines.forEach((line, i) => ctx.fillText(line, 40, 30 + fontSize + i * lineHeight));
  const data = Buffer.from(image.data);
  if (noise) {
    const random = seeded(7);
    for (let i = 0; i < data.length; i += 4) {
      const delta = Math.round((random() - 0.5) * 2 * noise);
      for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, data[i + c]! + delta));
    }
  }
  const png = new PNG({ width, height });
  png.data = data;
  return PNG.sync.write(png);
}

/** A "scanned" PDF: each page is one embedded image (RGB, or 1-bit where asked) and has no text layer. */
export async function imageOnlyPdf(pngs: Buffer[], bitonal: number[] = []): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const [i, png] of pngs.entries()) {
    if (bitonal.includes(i + 1)) {
      await addBitonalPage(doc, png);
      continue;
    }
    const image = await doc.embedPng(png);
    const scale = 560 / image.width;
    const page = doc.addPage([612, image.height * scale + 40]);
    page.drawImage(image, { x: 26, y: 20, width: image.width * scale, height: image.height * scale });
  }
  return doc.save();
}

/** A fax-style page: the PNG thresholded to a 1-bit DeviceGray image (what many scanners write). */
export async function addBitonalPage(doc: PDFDocument, png: Buffer): Promise<void> {
  const { width, height, data } = PNG.sync.read(png);
  const rowBytes = (width + 7) >> 3;
  const bits = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (data[(y * width + x) * 4]! > 128) bits[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
  }
  const image = doc.context.register(
    doc.context.stream(bits, { Type: "XObject", Subtype: "Image", Width: width, Height: height, ColorSpace: "DeviceGray", BitsPerComponent: 1 }),
  );
  const scale = 560 / width;
  const page = doc.addPage([612, height * scale + 40]);
  page.node.setXObject(PDFName.of("Scan1"), image);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(width * scale, 0, 0, height * scale, 26, 20), drawObject("Scan1"), popGraphicsState());
}

/** Needs a user password: the Encrypt dictionary's U entry matches no empty password. */
export async function encryptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await textPdf(LAB_REPORT));
  const encrypt = doc.context.obj({
    Filter: PDFName.of("Standard"),
    V: PDFNumber.of(1),
    R: PDFNumber.of(2),
    Length: PDFNumber.of(40),
    P: PDFNumber.of(-44),
    O: PDFHexString.of(randomBytes(32).toString("hex")),
    U: PDFHexString.of(randomBytes(32).toString("hex")),
  });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  const id = PDFHexString.of(randomBytes(16).toString("hex"));
  doc.context.trailerInfo.ID = doc.context.obj([id, id]);
  return doc.save({ useObjectStreams: false });
}

export async function truncatedPdf(): Promise<Uint8Array> {
  const whole = await textPdf(LAB_REPORT);
  return whole.slice(0, Math.floor(whole.length * 0.6));
}

export const CSV_LOG = "Date,Time,Systolic,Diastolic,Pulse\n2024-03-04,07:30,128,82,71\n2024-03-04,20:10,135,88,76\n2024-03-05,07:25,131,84,69\n";
export const TSV_LOG = "Fecha\tHora\tGlucosa (mg/dL)\tNota\n2024-03-04\t07:00\t104\tayunas\n2024-03-04\t13:30\t162\tdespués de comer\n";

// ---- a tiny zip writer (stored or deflated members, correct CRCs) ----

const zlibCrc32 = (zlib as { crc32?: (data: Buffer) => number }).crc32;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  // zlib.crc32 (Node 20.15+) is native; the table loop is the fallback.
  if (typeof zlibCrc32 === "function") return zlibCrc32(data) >>> 0;
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export interface ZipMember {
  name: string;
  data: Buffer | string;
  /** Write this uncompressed size into the headers instead of the real one (a lying zip). */
  declaredSize?: number;
}

export function zip(members: ZipMember[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const m of members) {
    const data = Buffer.isBuffer(m.data) ? m.data : Buffer.from(m.data, "utf8");
    const compressed = zlib.deflateRawSync(data);
    const crc = crc32(data);
    const name = Buffer.from(m.name, "utf8");
    const size = m.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

function documentXml(paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`).join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
}

export const DOCX_PARAGRAPHS = ["Medication list - updated 2024-03-06", "Metoprolol succinate 25 mg, once daily in the morning", "Atorvastatin 40 mg, at bedtime", "Questions for Dr. Alvarez: dizziness when standing?"];

export function docx(paragraphs: string[] = DOCX_PARAGRAPHS, extra: ZipMember[] = []): Buffer {
  return zip([
    { name: "[Content_Types].xml", data: CONTENT_TYPES },
    { name: "_rels/.rels", data: ROOT_RELS },
    { name: "word/document.xml", data: documentXml(paragraphs) },
    ...extra,
  ]);
}

/** 16 MiB of zeros in a ~16 KB member (ratio ~1000): refused from the central directory's declared sizes. */
export function zipBombDocx(): Buffer {
  return docx(["Looks harmless"], [{ name: "word/media/padding.bin", data: Buffer.alloc(16 * 1024 * 1024) }]);
}

/** The same bomb, but its headers declare 1 KB: only inflating with a cap catches it. */
export function lyingZipBombDocx(): Buffer {
  return docx(["Looks harmless"], [{ name: "word/media/padding.bin", data: Buffer.alloc(16 * 1024 * 1024), declaredSize: 1024 }]);
}

// ---- scoring ----

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

const normalize = (s: string) => s.replace(/\s+/g, " ").trim();

/** 1 − edit distance / expected length, on whitespace-normalised text (1 = every character right). */
export function characterAccuracy(expected: string, actual: string): number {
  const e = normalize(expected);
  const a = normalize(actual);
  return e.length === 0 ? (a.length === 0 ? 1 : 0) : Math.max(0, 1 - levenshtein(e, a) / e.length);
}

/** Known values found on their page (whitespace-normalised), as found/total. */
export function valuesFound(pages: KnownPage[], texts: string[]): { found: number; total: number; missing: string[] } {
  let found = 0;
  let total = 0;
  const missing: string[] = [];
  pages.forEach((p, i) => {
    const text = normalize(texts[i] ?? "");
    for (const v of p.values) {
      total++;
      if (text.includes(normalize(v))) found++;
      else missing.push(`p.${i + 1}: ${v}`);
    }
  });
  return { found, total, missing };
}
