/**
 * Identifiers in what the model says (issue 17: "a full SSN echoed back unmasked"): the streamed
 * tokens, the answer and the stored message mask SSNs and record, member and account numbers, and
 * keep what an agenda needs — the clinic's phone, the visit date, the crisis line.
 */
import { afterEach, describe, expect, it } from "vitest";
import { maskIdentifiers } from "../../../src/engine/safety";
import { scriptedProvider } from "../../support/scriptedChatModel";
import { engineWithRouter, EventLog, REPO, singlePlan } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";

let tmp = tempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
});

const plan = singlePlan("claims-appeals-guide");
const SAID =
  "For the appeal, bring your card (SSN 123-45-6789, Member ID: XJ5551234). Call the plan at 555-201-3344 before your visit on March 3. ";

describe("identifiers in model output", () => {
  it("maskIdentifiers masks record numbers and keeps phones, dates and crisis lines", () => {
    const out = maskIdentifiers(`${SAID}If you are in crisis, call or text 988.`);
    expect(out).not.toContain("123-45-6789");
    expect(out).not.toContain("XJ5551234");
    expect(out).toContain("[SSN]");
    expect(out).toContain("555-201-3344");
    expect(out).toContain("March 3");
    expect(out).toContain("988");
  });

  it("are masked in the streamed tokens, the answer and the stored message", async () => {
    const engine = engineWithRouter({ dataDir: tmp.dir, contentDir: REPO, modelProvider: scriptedProvider([{ chunks: SAID.match(/.{1,7}/g)! }]) }, () => plan);
    try {
      engine.consent.grantGlobal();
      const log = new EventLog();
      engine.onEvent(log.push);
      const { threadId, turnId } = await engine["consult.ask"]({ text: "Help me with my insurance appeal" });
      const done = await log.done(turnId);
      const streamed = log.of("token", turnId).map((t) => t.text).join("");
      const stored = engine.threads.messages(threadId).find((m) => m.role === "assistant")!.text;
      for (const shown of [streamed, done.text, stored]) {
        expect(shown).not.toContain("123-45-6789");
        expect(shown).not.toContain("XJ5551234");
        expect(shown).toContain("555-201-3344");
      }
    } finally {
      await engine.close();
    }
  });
});
