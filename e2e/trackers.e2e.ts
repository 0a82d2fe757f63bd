/**
 * Printable trackers: every skill reference with a table (logs, diaries, charts, lists, worksheets)
 * is sent as an answer, opened in the large-print view and laid out as on paper. Each must fit the
 * width of a page, keep every column wide enough to write in, come through the output guard whole,
 * and print its blank rows tall enough to write in, inside ruled cells (in the print view and in the
 * standalone document the desktop app saves as PDF). Each is also shown at 200 % text in a
 * laptop-sized window of the app, where nothing may push the page sideways. Photographs of both go
 * to e2e/artifacts/trackers/ for review.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAgendaDocument } from "../src/renderer/lib/agendaDocument";
import { ARTIFACTS, launchBrowser } from "./support/browser";
import { inPage } from "./support/dom";
import { lastUserText, openApp, ROOT, startHarness, STATIC_DIR, type Harness } from "./support/harness";
import { ask, lastAnswer, showConversations } from "./support/ui";

const TABLE = /^\|.*\|\s*\n\|[\s:|-]+\|\s*$/gm;

/** Every reference that holds a Markdown table, as "skill/file.md". */
function trackers(): string[] {
  const skills = join(ROOT, "skills");
  const out: string[] = [];
  for (const skill of readdirSync(skills).sort()) {
    const refs = join(skills, skill, "references");
    if (!existsSync(refs)) continue;
    for (const file of readdirSync(refs).sort()) if (TABLE.test(text(`${skill}/${file}`))) out.push(`${skill}/${file}`);
  }
  return out;
}

function text(name: string): string {
  const [skill, file] = name.split("/");
  TABLE.lastIndex = 0;
  return readFileSync(join(ROOT, "skills", skill!, "references", file!), "utf8");
}

const TRACKERS = trackers();
const SHOTS = join(ARTIFACTS, "trackers");
/** Asked by number, so no tracker's name steers the harness's fixed router to a health specialist. */
const ASK = "Print tracker number ";

/** The printable width of A4 (8.27 in; US Letter is wider) less 0.5 in margins, in CSS px. */
const PAGE_WIDTH_PX = Math.floor((8.27 - 1) * 96);
/** About 0.3 in: room for a check mark or a short number by hand. An empty fill-in column collapses below it. */
const MIN_COLUMN_PX = 28;
/** The large-print view: at least 15 pt. */
const MIN_PRINT_FONT_PX = 19;
/** Each pass opens every tracker (about 2 s each, more with photographs at 200 %). */
const TRACKER_TIMEOUT_MS = 600_000;
/** A laptop-sized window, where the 200 % check runs. */
const APP_WINDOW = { width: 1200, height: 900 };
const shotName = (name: string, kind: string) => join(SHOTS, `${name.replace(/\.md$/, "").replace(/\//g, "--")}-${kind}.png`);

let browser: Browser;
let h: Harness;

beforeAll(async () => {
  if (!existsSync(join(STATIC_DIR, "index.html"))) throw new Error("Build the app first (npm run build)");
  mkdirSync(SHOTS, { recursive: true });
  [browser, h] = await Promise.all([
    launchBrowser(),
    // The scripted model answers with the tracker itself, as a specialist does when asked for it.
    startHarness({ script: (messages) => ({ text: text(TRACKERS[Number(lastUserText(messages).split(ASK)[1])] ?? "") }) }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

/** Asks for the tracker in a new conversation and opens the answer's large-print view. */
async function openPrintView(page: Page, name: string): Promise<void> {
  await showConversations(page);
  await page.getByRole("button", { name: "New conversation" }).click();
  await ask(page, `${ASK}${TRACKERS.indexOf(name)}`);
  const answer = await lastAnswer(page);
  await answer.getByRole("button", { name: "Print or save agenda" }).click();
  await page.getByTestId("agenda-page").waitFor();
}

async function closePrintView(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Back to the conversation" }).click();
}

interface Layout {
  fontPx: number;
  text: string;
  /** How far the page reaches past the window's right edge (0 when it fits). */
  sideways: number;
  tables: { columns: number; right: number; narrowest: number; header: string }[];
  /** Things other than tables that reach past the window's right edge. */
  wideNonTables: string[];
}

const layout = (page: Page) =>
  inPage<Layout>(
    page,
    `(() => {
      const sheet = document.querySelector('[data-testid="agenda-page"]');
      const width = document.documentElement.clientWidth;
      const reach = (e) => Math.max(e.getBoundingClientRect().right, e.getBoundingClientRect().left + e.scrollWidth);
      return {
        fontPx: parseFloat(getComputedStyle(sheet).fontSize),
        text: sheet.innerText,
        sideways: Math.max(0, document.documentElement.scrollWidth - width),
        tables: [...sheet.querySelectorAll("table")].map((t) => {
          const cells = t.rows[0] ? [...t.rows[0].cells] : [];
          return {
            columns: cells.length,
            right: Math.ceil(t.getBoundingClientRect().right),
            narrowest: Math.min(...cells.map((c) => Math.floor(c.getBoundingClientRect().width))),
            header: cells.map((c) => c.innerText.trim()).join(" | ").slice(0, 70),
          };
        }),
        wideNonTables: [...sheet.querySelectorAll("p, li, h1, h2, h3, h4, blockquote")]
          .filter((e) => !e.closest("table") && reach(e) > width + 1)
          .map((e) => e.innerText.trim().slice(0, 60)),
      };
    })()`,
  );

interface Rules {
  /** Heights of body rows with nothing written in them, in CSS px. */
  blankRows: { height: number; header: string }[];
  /** Cells without a solid rule on every side, rows that may split across pages, headers not repeated. */
  faults: string[];
}

/** About 0.3 in (28.8 CSS px): a line of handwriting. */
const MIN_ROW_PX = 28.8;

/** The printed tables inside `root` (print media already emulated): blank row heights and their rules. */
const rules = (page: Page, root: string) =>
  inPage<Rules>(
    page,
    `(() => {
      const blankRows = [];
      const faults = [];
      for (const t of document.querySelector(${JSON.stringify(root)}).querySelectorAll("table")) {
        const header = t.rows[0] ? [...t.rows[0].cells].map((c) => c.innerText.trim()).join(" | ").slice(0, 70) : "";
        if (t.tHead && getComputedStyle(t.tHead).display !== "table-header-group") faults.push("the header row is not repeated on each page: " + header);
        let unruled = 0;
        for (const row of t.rows) {
          if (getComputedStyle(row).breakInside !== "avoid") faults.push("a row may split across pages: " + header);
          for (const cell of row.cells) {
            const s = getComputedStyle(cell);
            const ruled = ["Top", "Right", "Bottom", "Left"].every((side) => s["border" + side + "Style"] === "solid" && parseFloat(s["border" + side + "Width"]) >= 1);
            if (!ruled) unruled++;
          }
        }
        if (unruled) faults.push(unruled + " cells print without a rule on every side: " + header);
        for (const body of t.tBodies) for (const row of body.rows) {
          if ([...row.cells].every((c) => !c.innerText.trim())) blankRows.push({ height: Math.round(row.getBoundingClientRect().height * 10) / 10, header });
        }
      }
      return { blankRows, faults };
    })()`,
  );

describe("printable trackers", () => {
  it("covers the logs, diaries, charts and worksheets", () => {
    expect(TRACKERS.length).toBeGreaterThan(60);
    for (const name of ["endocrinology-prep/glucose-log.md", "neurology-prep/seizure-log.md", "neurology-prep/headache-diary.md", "ent-prep/symptom-diary.md", "vision-prep/eye-drops-chart.md"]) {
      expect(TRACKERS).toContain(name);
    }
  });

  it("each fits the width of a printed page at the large print size, whole and with room to write", async () => {
    const { page } = await openApp(browser, h, APP_WINDOW);
    const misfits: string[] = [];
    for (const name of TRACKERS) {
      await openPrintView(page, name);
      // Laid out as on paper: print media, the page's printable width.
      await page.setViewportSize({ width: PAGE_WIDTH_PX, height: 1000 });
      await page.emulateMedia({ media: "print" });
      const l = await layout(page);
      await page.screenshot({ path: shotName(name, "print"), fullPage: true });
      expect(l.fontPx, name).toBeGreaterThanOrEqual(MIN_PRINT_FONT_PX);
      // The output guard let the whole tracker through: every table, and its last line.
      expect(l.tables.length, name).toBe(text(name).match(TABLE)!.length);
      const plain = (t: string) => t.replace(/[*_`>#|]/g, " ").replace(/\s+/g, " ").trim();
      // The last words of the last line with words in it (list numbers are drawn, not text).
      const lastLine = text(name).split("\n").map((x) => plain(x.replace(/^\s*(\d+[.)]|[-*+])\s/, ""))).filter((x) => /\p{L}{3}/u.test(x)).at(-1)!;
      const lastWords = lastLine.split(" ").slice(-3).join(" ");
      expect(plain(l.text), name).toContain(lastWords);
      if (l.sideways > 0) misfits.push(`${name}: the page is ${l.sideways}px too wide`);
      for (const t of l.tables) {
        if (t.right > PAGE_WIDTH_PX) misfits.push(`${name}: a ${t.columns}-column table is ${t.right}px wide (${PAGE_WIDTH_PX} fit): ${t.header}`);
        else if (t.narrowest < MIN_COLUMN_PX) misfits.push(`${name}: a ${t.columns}-column table has a ${t.narrowest}px column: ${t.header}`);
      }
      await page.emulateMedia({ media: "screen" });
      await page.setViewportSize(APP_WINDOW);
      await closePrintView(page);
    }
    await page.close();
    expect(misfits).toEqual([]);
  }, TRACKER_TIMEOUT_MS);

  it("each blank row prints at least 0.3 in high, inside ruled cells", async () => {
    const { page } = await openApp(browser, h, APP_WINDOW);
    // The desktop app's Save as PDF prints the standalone document built from the same sheet.
    const standalone = await browser.newPage({ viewport: { width: PAGE_WIDTH_PX, height: 1000 } });
    await standalone.emulateMedia({ media: "print" });
    const faults: string[] = [];
    let blankRows = 0;
    for (const name of TRACKERS) {
      await openPrintView(page, name);
      await page.setViewportSize({ width: PAGE_WIDTH_PX, height: 1000 });
      await page.emulateMedia({ media: "print" });
      const inApp = await rules(page, '[data-testid="agenda-page"]');
      const bodyHtml = await inPage<string>(page, `document.querySelector('[data-testid="agenda-page"] .agenda-body').innerHTML`);
      await standalone.setContent(buildAgendaDocument({ language: "en", title: name, dateLine: "Prepared today", bodyHtml, footerLines: ["Footer"] }));
      const onPaper = await rules(standalone, "main");
      for (const [where, r] of [["print view", inApp], ["PDF document", onPaper]] as const) {
        blankRows += r.blankRows.length;
        for (const f of r.faults) faults.push(`${name} (${where}): ${f}`);
        for (const row of r.blankRows.filter((x) => x.height < MIN_ROW_PX)) {
          faults.push(`${name} (${where}): a blank row prints ${row.height}px high (${MIN_ROW_PX} needed): ${row.header}`);
        }
      }
      await page.emulateMedia({ media: "screen" });
      await page.setViewportSize(APP_WINDOW);
      await closePrintView(page);
    }
    await standalone.close();
    await page.close();
    // The trackers are mostly blank logs: the check measured real rows.
    expect(blankRows).toBeGreaterThan(TRACKERS.length);
    expect(faults).toEqual([]);
  }, TRACKER_TIMEOUT_MS);

  it("each reads at 200 % text in the app without scrolling sideways", async () => {
    await h.engine["settings.set"]({ textScale: 200 });
    const { page } = await openApp(browser, h, APP_WINDOW);
    const wide: string[] = [];
    for (const name of TRACKERS) {
      await openPrintView(page, name);
      const l = await layout(page);
      await page.screenshot({ path: shotName(name, "200"), fullPage: true });
      for (const what of l.wideNonTables) wide.push(`${name}: ${what}`);
      for (const t of l.tables.filter((t) => t.right > APP_WINDOW.width)) {
        wide.push(`${name}: a ${t.columns}-column table is ${t.right - APP_WINDOW.width}px too wide: ${t.header}`);
      }
      await closePrintView(page);
    }
    await page.close();
    await h.engine["settings.set"]({ textScale: 100 });
    expect(wide).toEqual([]);
  }, TRACKER_TIMEOUT_MS);
});
