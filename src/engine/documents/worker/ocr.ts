/**
 * Offline OCR with tesseract.js. Language data comes from the @tesseract.js-data packages in
 * node_modules; nothing is fetched (tesseract only fetches when langPath is a URL, and here it is a
 * folder) and nothing is written except, for several languages at once, into the given cache folder.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { OcrLanguage } from "../types";
import { Failure } from "./failure";

export interface Ocr {
  recognize(image: Buffer): Promise<string>;
  close(): Promise<void>;
}

// Not named `require`: electron-vite's ESM shim declares that name in the bundle.
const resolver = createRequire(import.meta.url);

/** LSTM-only "best_int" models: what tesseract's default engine mode uses, a quarter of the full size. */
function languageFile(lang: OcrLanguage): string {
  return join(dirname(resolver.resolve(`@tesseract.js-data/${lang}/package.json`)), "4.0.0_best_int", `${lang}.traineddata.gz`);
}

/**
 * tesseract reads every language from one folder. One language is read where npm put it; several
 * are copied (still gzipped) into one folder first: the cache folder if given, else a private
 * temporary one that is removed once tesseract has loaded them.
 */
function languageFolder(languages: OcrLanguage[], cacheDir: string | null): { folder: string; cleanup: () => void } {
  if (languages.length === 1) return { folder: dirname(languageFile(languages[0]!)), cleanup: () => {} };
  const temporary = cacheDir === null;
  const folder = cacheDir ?? mkdtempSync(join(tmpdir(), "carefold-ocr-"));
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  for (const lang of languages) {
    const source = languageFile(lang);
    const target = join(folder, `${lang}.traineddata.gz`);
    if (!existsSync(target) || statSync(target).size !== statSync(source).size) {
      copyFileSync(source, target);
      if (process.platform !== "win32") chmodSync(target, 0o600); // a copy keeps its source's mode
    }
  }
  return { folder, cleanup: () => (temporary ? rmSync(folder, { recursive: true, force: true }) : undefined) };
}

export async function openOcr(languages: OcrLanguage[], cacheDir: string | null): Promise<Ocr> {
  const { createWorker, OEM } = await import("tesseract.js");
  const { folder, cleanup } = languageFolder(languages.length ? languages : ["eng"], cacheDir);
  let worker;
  try {
    worker = await createWorker(languages.length ? languages : ["eng"], OEM.LSTM_ONLY, {
      langPath: folder,
      gzip: true,
      // "none": never read or write tesseract's own cache (by default it writes into the working folder).
      cacheMethod: "none",
      // Without a handler tesseract rethrows a failed job inside its message listener, killing this thread.
      errorHandler: () => {},
    });
  } catch (e) {
    throw new Failure("damaged", {}, `OCR could not start: ${String(e)}`);
  } finally {
    cleanup();
  }
  const ready = worker;
  return {
    async recognize(image: Buffer): Promise<string> {
      try {
        const result = await ready.recognize(image);
        return result.data.text;
      } catch (e) {
        throw new Failure("damaged", {}, `OCR could not decode the image: ${String(e)}`);
      }
    },
    close: () => ready.terminate().then(() => undefined),
  };
}
