/**
 * A link planted in the notes folder (issue 17: "symlinks followed when reading"): notes.read refuses
 * it, notes.list leaves it out, an approval's diff never shows the linked file, and approving never
 * writes through the link.
 */
import { linkSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Engine } from "../../../src/engine/engine";
import { scriptedProvider } from "../../support/scriptedChatModel";
import { engineWithRouter, EventLog, REPO, singlePlan } from "../../support/engineHarness";
import { tempDir } from "../../support/tempDir";

let tmp = tempDir();
let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  tmp.cleanup();
  tmp = tempDir();
});

const plan = singlePlan("visit-steward");

function plant() {
  const notes = join(tmp.dir, "workspace", "notes");
  mkdirSync(notes, { recursive: true });
  const secret = join(tmp.dir, "secret.md");
  writeFileSync(secret, "# Secret\n\nOUTSIDE-CANARY\n");
  symlinkSync(secret, join(notes, "Planted.md"));
  linkSync(secret, join(notes, "Hard.md"));
  return secret;
}

describe("links in the notes folder", () => {
  it("are not read, not listed, not shown in a diff and not written through", async () => {
    const secret = plant();
    const provider = scriptedProvider([
      { toolCalls: [{ name: "workspace-note", args: { title: "Planted", content: "# Planted\n\n- new\n" } }] },
      { text: "Done." },
    ]);
    engine = engineWithRouter({ dataDir: tmp.dir, contentDir: REPO, modelProvider: provider }, () => plan);
    engine.consent.grantGlobal();
    await expect(engine["notes.read"]({ name: "Planted.md" })).rejects.toMatchObject({ code: "invalid_input" });
    await expect(engine["notes.read"]({ name: "Hard.md" })).rejects.toMatchObject({ code: "invalid_input" });
    expect((await engine["notes.list"]()).map((n) => n.name)).toEqual([]);

    const log = new EventLog();
    engine.onEvent(log.push);
    const { turnId } = await engine["consult.ask"]({ text: "Update my planted note" });
    await log.done(turnId);
    const [request] = log.of("approval.requested", turnId);
    expect(JSON.stringify(request)).not.toContain("OUTSIDE-CANARY");
    await engine["consult.decide"]({ approvalId: request!.approvalId, decision: "approve" });
    await log.done(turnId, 1);
    expect(readFileSync(secret, "utf8")).toBe("# Secret\n\nOUTSIDE-CANARY\n");
  });
});
