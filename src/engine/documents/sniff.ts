/**
 * Decides what a file is from its bytes. The name's extension is only a hint between text kinds
 * (CSV vs plain text); a PDF named .txt is a PDF and a program named .pdf is refused.
 */
import { DocumentError } from "./errors";
import type { DocumentKind, ImageFormat, TextEncoding } from "./types";
import { readZipDirectory } from "./zipDirectory";

export interface Sniffed {
  kind: DocumentKind;
  imageFormat?: ImageFormat;
  encoding?: TextEncoding;
  /** The kind the name's extension claims, when it has a known one. */
  claimed: DocumentKind | null;
}

const EXTENSIONS: Record<string, DocumentKind> = {
  pdf: "pdf",
  png: "image", jpg: "image", jpeg: "image", webp: "image", tif: "image", tiff: "image", bmp: "image",
  docx: "docx",
  csv: "csv", tsv: "tsv", tab: "tsv",
  html: "html", htm: "html", xhtml: "html",
  txt: "text", text: "text", log: "text",
  md: "markdown", markdown: "markdown",
  json: "json",
};

const TEXT_KINDS = new Set<DocumentKind>(["csv", "tsv", "html", "text", "markdown", "json"]);
/** Text classification looks at the start of the file only. */
const SAMPLE_BYTES = 64 * 1024;

export function claimedKind(name: string): DocumentKind | null {
  const dot = name.lastIndexOf(".");
  if (dot < 0) return null;
  return EXTENSIONS[name.slice(dot + 1).toLowerCase()] ?? null;
}

function startsWith(bytes: Uint8Array, sig: readonly number[], at = 0): boolean {
  if (bytes.length < at + sig.length) return false;
  return sig.every((b, i) => bytes[at + i] === b);
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

function imageFormat(b: Uint8Array): ImageFormat | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8)) return "webp";
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  // "BM" alone is too weak: also require a known DIB header size.
  if (startsWith(b, ascii("BM")) && b.length > 18 && [12, 40, 52, 56, 108, 124].includes(b[14]! | (b[15]! << 8))) return "bmp";
  return null;
}

/** `%PDF-` at the start, or shortly after (readers accept a little junk before the header). */
function isPdf(b: Uint8Array): boolean {
  const head = Buffer.from(b.buffer, b.byteOffset, Math.min(b.length, 1024)).toString("latin1");
  return head.includes("%PDF-");
}

/** Formats people do attach that Carefold refuses, each with a reason the message names. */
function refusedReason(b: Uint8Array): string | null {
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "legacy_doc";
  if (startsWith(b, ascii("ftyp"), 4)) {
    const brand = Buffer.from(b.subarray(8, 12)).toString("latin1");
    if (["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"].includes(brand)) return "heic";
  }
  if (startsWith(b, ascii("GIF8"))) return "gif";
  if (startsWith(b, ascii("MZ")) || startsWith(b, [0x7f, 0x45, 0x4c, 0x46]) || startsWith(b, [0xcf, 0xfa, 0xed, 0xfe])) {
    return "executable";
  }
  return null;
}

function sniffZip(b: Uint8Array): Sniffed["kind"] {
  const dir = readZipDirectory(b);
  if (!dir.ok) throw new DocumentError(dir.reason === "zip64" ? "unsupported" : "damaged", dir.reason === "zip64" ? { reason: "zip64" } : {});
  if (dir.entries.some((e) => e.name === "word/document.xml")) return "docx";
  throw new DocumentError("unsupported", { reason: "zip" });
}

/** Share of C0/C1 control characters (other than tab, newline, carriage return, form feed). */
function controlShare(text: string): number {
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || (c >= 0x7f && c <= 0x9f) || c === 0xfffd) control++;
  }
  return text.length === 0 ? 0 : control / text.length;
}

/** Decodes the sample as text, or says it is not text. */
function textSample(b: Uint8Array): { encoding: TextEncoding; text: string } | null {
  const sample = b.subarray(0, SAMPLE_BYTES);
  if (startsWith(sample, [0xff, 0xfe])) return { encoding: "utf-16le", text: new TextDecoder("utf-16le").decode(sample) };
  if (startsWith(sample, [0xfe, 0xff])) return { encoding: "utf-16be", text: new TextDecoder("utf-16be").decode(sample) };
  if (sample.includes(0)) return null;
  try {
    // stream: true lets the sample end inside a multi-byte character.
    const text = new TextDecoder("utf-8", { fatal: true }).decode(sample, { stream: true });
    return controlShare(text) > 0.01 ? null : { encoding: "utf-8", text };
  } catch {
    // Not UTF-8: older spreadsheet exports are often Windows-1252; random bytes fail the control check.
    const text = new TextDecoder("windows-1252").decode(sample);
    return controlShare(text) > 0.01 ? null : { encoding: "windows-1252", text };
  }
}

function sameCount(lines: string[], char: string): boolean {
  const counts = lines.map((l) => l.split(char).length - 1);
  return counts[0]! > 0 && counts.every((c) => c === counts[0]);
}

/** Which text kind, from the content, with the extension deciding between plausible ones. */
function textKind(text: string, claimed: DocumentKind | null): DocumentKind {
  if (claimed && TEXT_KINDS.has(claimed)) return claimed;
  const trimmed = text.replace(/^\uFEFF/, "").trimStart();
  if (/^[[{]/.test(trimmed)) return "json";
  if (/^(<!doctype html|<html[\s>])/i.test(trimmed) || (trimmed.match(/<(p|div|body|table|br)[\s>/]/gi)?.length ?? 0) >= 3) return "html";
  const lines = trimmed.split(/\r?\n/).filter((l) => l.trim() !== "").slice(0, 10);
  if (lines.length >= 2 && sameCount(lines, "\t")) return "tsv";
  if (lines.length >= 2 && (sameCount(lines, ",") || sameCount(lines, ";"))) return "csv";
  if (/^#{1,6} \S/m.test(trimmed) || /\]\([^)\s]+\)/.test(trimmed)) return "markdown";
  return "text";
}

export function sniff(bytes: Uint8Array, name: string): Sniffed {
  const claimed = claimedKind(name);
  if (isPdf(bytes)) return { kind: "pdf", claimed };
  const image = imageFormat(bytes);
  if (image) return { kind: "image", imageFormat: image, claimed };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return { kind: sniffZip(bytes), claimed };
  const refused = refusedReason(bytes);
  if (refused) throw new DocumentError("unsupported", { reason: refused });
  const sample = textSample(bytes);
  if (!sample) throw new DocumentError("unsupported");
  return { kind: textKind(sample.text, claimed), encoding: sample.encoding, claimed };
}
