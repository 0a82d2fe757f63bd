/**
 * Free-text extraction with real weights: the forced, grammar-constrained call comes back as a parsed
 * call, and whatever a tiny model proposes, grounding keeps only values printed on the line it cites.
 * Tiny models read poorly: the assertions are about structure and grounding, never about what was found.
 */
import { availableParallelism } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFreeText } from "../src/engine/documents/freeText";
import { tempDir } from "../test/support/tempDir";
import { realModelProvider, selectedModels, type RealProvider } from "./support/realModel";

const PAGES = [
  {
    n: 1,
    text: "After-visit summary, March 6 2024\nDr. Alvarez increased your lisinopril to 20 mg once daily.\nYour blood pressure in the office was 142/88.\nPlease keep taking atorvastatin 40 mg at bedtime.",
  },
];
const onPage = (s: string) => PAGES[0]!.text.toLowerCase().includes(s.toLowerCase());

for (const selected of selectedModels()) {
  describe.skipIf(selected.skip !== null)(`${selected.id}${selected.skip ? ` (skipped: ${selected.skip})` : ""}: free-text extraction`, () => {
    const tmp = tempDir("carefold-real-freetext-");
    let real: RealProvider;
    beforeAll(async () => {
      real = realModelProvider(selected.path!, { dataDir: tmp.dir, threads: availableParallelism(), maxTokens: 256, contextSize: 4096 });
      await real.provider.getChatModel({ key: "load" });
    });
    afterAll(async () => {
      await real?.provider.dispose?.();
      tmp.cleanup();
    });

    it("a medication list from a visit summary: one parsed call, and every kept value printed where it is cited", async () => {
      const read = await readFreeText(real.provider, "medication_list", PAGES, { timeoutMs: 300_000 });
      expect(read.status).toBe("read");
      if (read.status !== "read" || read.kept.kind !== "medication_list") return;
      console.log(`[free text] ${selected.id}: proposed ${read.proposed}, kept ${read.kept.medications.length}, dropped ${read.dropped.length}`);
      for (const m of read.kept.medications) {
        expect(onPage(m.source.text)).toBe(true);
        expect(m.source.text.toLowerCase()).toContain(m.name.toLowerCase());
        if (m.strength) expect(m.source.text).toContain(m.strength);
      }
    });

    it("a blood pressure from the same page: any kept reading's numbers are on its line", async () => {
      const read = await readFreeText(real.provider, "bp_log", PAGES, { timeoutMs: 300_000 });
      expect(read.status).toBe("read");
      if (read.status !== "read" || read.kept.kind !== "bp_log") return;
      console.log(`[free text] ${selected.id}: BP proposed ${read.proposed}, kept ${read.kept.readings.length}, dropped ${read.dropped.length}`);
      for (const r of read.kept.readings) expect(r.source.text).toContain(`${r.systolic}/${r.diastolic}`);
    });
  });
}
