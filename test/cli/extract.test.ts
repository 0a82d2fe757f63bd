/** `carefold extract` through the real bin script: pages, structured values with their sources, clear failures. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCarefold } from "../support/carefoldCli";
import { BP_LOG, textPdf, truncatedPdf } from "../support/documentFixtures";
import { tempDir } from "../support/tempDir";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe("carefold extract", () => {
  it("--json prints each page's text and the BP readings with the page and line they came from", async () => {
    const file = join(tmp.dir, "home-bp.pdf");
    writeFileSync(file, await textPdf(BP_LOG));
    const r = await runCarefold(["extract", file, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as {
      kind: string;
      pagesTotal: number;
      pages: { n: number; text: string; ocr: boolean }[];
      structured: { kind: string; readings: { systolic: number; diastolic: number; source: { page: number; text: string } }[] };
      dropped: number;
    };
    expect(out).toMatchObject({ kind: "pdf", pagesTotal: 2, dropped: 0 });
    expect(out.pages.map((p) => p.ocr)).toEqual([false, false]);
    expect(out.structured.kind).toBe("bp_log");
    const last = out.structured.readings.at(-1)!;
    expect(last).toMatchObject({ systolic: 139, diastolic: 90, source: { page: 2 } });
    expect(last.source.text).toContain("139/90");
  });

  it("says why a damaged file cannot be read (exit 1) and what usage is (exit 2)", async () => {
    const file = join(tmp.dir, "broken.pdf");
    writeFileSync(file, await truncatedPdf());
    const r = await runCarefold(["extract", file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/damaged|incomplete/i);
    expect((await runCarefold(["extract"])).code).toBe(2);
    expect((await runCarefold(["extract", join(tmp.dir, "missing.pdf")])).stderr).toContain("no such file");
  });
});
