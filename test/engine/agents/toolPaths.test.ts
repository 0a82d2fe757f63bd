/** What the model sees of tool results never locates the data folder (issue 17: absolute paths in tool errors). */
import { afterEach, describe, expect, it } from "vitest";
import { scriptedProvider } from "../../support/scriptedChatModel";
import { engineWithRouter, EventLog, REPO, singlePlan } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";

let tmp = tempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
});

const plan = singlePlan("visit-steward");

describe("tool results for the model", () => {
  it("name files by their virtual paths, even in errors", async () => {
    const provider = scriptedProvider([
      { toolCalls: [{ name: "read_file", args: { file_path: "/workspace/notes/missing.md" } }, { name: "ls", args: { path: "/workspace/" } }] },
      { text: "Nothing saved yet." },
    ]);
    const engine = engineWithRouter({ dataDir: tmp.dir, contentDir: REPO, modelProvider: provider }, () => plan);
    try {
      engine.consent.grantGlobal();
      const log = new EventLog();
      engine.onEvent(log.push);
      const { turnId } = await engine["consult.ask"]({ text: "What notes do I have?" });
      await log.done(turnId);
      const seen = provider.model.calls.at(-1)!.messages.filter((m) => m.getType() === "tool");
      expect(seen.length).toBeGreaterThan(0);
      for (const m of seen) expect(JSON.stringify(m.content)).not.toContain(tmp.dir);
    } finally {
      await engine.close();
    }
  });
});
