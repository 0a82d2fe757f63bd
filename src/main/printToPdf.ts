/**
 * The desktop app's "Save as PDF" for visit agendas and whole conversations (HostHooks.printToPdf): the
 * renderer's standalone HTML is loaded from a data: URL into a hidden, sandboxed window with no preload and a CSP
 * that allows no scripts and no network, printed to PDF, and written atomically where the user chose.
 */
import { app, BrowserWindow, dialog } from "electron";
import { join } from "node:path";
import { writeFileAtomic } from "../engine/storage/atomicWrite";
import { EngineError } from "../shared/rpc";
import { secureWebPreferences } from "./security";

/** No scripts, no network: styles inline, images only as data: URLs. */
const PRINT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
/** Chromium refuses URLs longer than 2 MiB. */
const MAX_URL_CHARS = 2 * 1024 * 1024;

/**
 * The CSP is the document's first element (after its doctype, if any), whatever the document says: the
 * parser puts it in <head>, where Chromium honours it, and it governs everything after it. (Inserting it
 * after the first "<head…" match let a leading <header> or a commented-out <head> carry it into the
 * body, where a CSP meta is ignored.)
 */
function withCsp(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PRINT_CSP}">`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html)?.[0] ?? "";
  return `${doctype}${meta}${html.slice(doctype.length)}`;
}

function pdfName(fileName: string): string {
  const base = fileName.replace(/[^A-Za-z0-9._ -]+/g, "-").replace(/^[-. ]+|[-. ]+$/g, "").slice(0, 120) || "carefold-agenda";
  return base.toLowerCase().endsWith(".pdf") ? base : `${base}.pdf`;
}

export async function printToPdf(html: string, fileName: string): Promise<{ saved: boolean; path: string | null }> {
  const url = `data:text/html;charset=utf-8;base64,${Buffer.from(withCsp(html), "utf8").toString("base64")}`;
  if (url.length > MAX_URL_CHARS) throw new EngineError("invalid_input", "This is too long to save as one PDF");
  const { preload: _preload, ...preferences } = secureWebPreferences("", { devTools: false });
  const win = new BrowserWindow({ show: false, webPreferences: { ...preferences, javascript: false } });
  let pdf: Buffer;
  try {
    await win.loadURL(url);
    pdf = await win.webContents.printToPDF({ printBackground: true, preferCSSPageSize: true });
  } finally {
    win.destroy();
  }
  const parent = BrowserWindow.getFocusedWindow();
  const options = {
    title: "Save as PDF",
    defaultPath: join(app.getPath("documents"), pdfName(fileName)),
    filters: [{ name: "PDF", extensions: ["pdf"] }],
  };
  const choice = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
  if (choice.canceled || !choice.filePath) return { saved: false, path: null };
  writeFileAtomic(choice.filePath, pdf);
  return { saved: true, path: choice.filePath };
}
