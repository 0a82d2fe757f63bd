/** Thread requests: an exported agenda carries no control characters from model text (issue 17: terminal escapes). */
import { afterEach, describe, expect, it } from "vitest";
import { scriptedProvider } from "../../support/scriptedChatModel";
import { engineWithRouter, EventLog, REPO, singlePlan } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";
import { stripTerminalControls } from "../../../src/shared/text";

let tmp = tempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
});

const plan = singlePlan("visit-steward");

describe("agenda.export", () => {
  it("strips escape and control characters the model wrote, keeping the agenda's text", async () => {
    const engine = engineWithRouter({ dataDir: tmp.dir, contentDir: REPO, modelProvider: scriptedProvider([{ text: "- Bring\u001b[2J your \u001b]8;;https://x.example\u0007list\u001b]8;;\u0007.\r" }]) }, () => plan);
    try {
      engine.consent.grantGlobal();
      const log = new EventLog();
      engine.onEvent(log.push);
      const { threadId, turnId } = await engine["consult.ask"]({ text: "Help me prepare for my visit" });
      const done = await log.done(turnId);
      expect(done.outcome, done.text).toBe("answered");
      const exported = await engine["agenda.export"]({ threadId });
      expect(stripTerminalControls(exported.markdown)).toBe(exported.markdown);
      expect(exported.markdown).toContain("- Bring[2J your ]8;;https://x.examplelist]8;;.");
    } finally {
      await engine.close();
    }
  });
});
