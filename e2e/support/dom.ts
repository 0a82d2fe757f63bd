/**
 * Small questions to the page, as script text: the e2e files are type-checked as Node code (no DOM
 * library), so browser-side code is passed to page.evaluate as a string.
 */
import type { Page } from "playwright-core";

export const inPage = <T>(page: Page, expression: string): Promise<T> => page.evaluate(expression) as Promise<T>;

/** The focused element: its text, id and tag name. */
export const focused = (page: Page) =>
  inPage<{ text: string | null; id: string; tag: string } | null>(
    page,
    "document.activeElement ? { text: document.activeElement.textContent, id: document.activeElement.id, tag: document.activeElement.tagName } : null",
  );

/** A computed style of the first element matching a selector. */
export const styleOf = (page: Page, selector: string, property: string) =>
  inPage<string>(page, `getComputedStyle(document.querySelector(${JSON.stringify(selector)})).getPropertyValue(${JSON.stringify(property)})`);

/** Drops files on an element, as a drag-and-drop from the file manager would. Sizes in bytes. */
export const dropFiles = (page: Page, selector: string, files: { name: string; type: string; text?: string; size?: number }[]) =>
  inPage<void>(
    page,
    `(() => {
      const dt = new DataTransfer();
      for (const f of ${JSON.stringify(files)}) dt.items.add(new File([f.text !== undefined ? f.text : new Uint8Array(f.size)], f.name, { type: f.type }));
      document.querySelector(${JSON.stringify(selector)}).dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
    })()`,
  );
