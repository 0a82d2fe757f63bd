/** A kiosk visitor cannot change what the clinic set up: models, the model server, files on its disk. */
import { afterAll, describe, expect, it } from "vitest";
import { startEngine } from "../../security/securityHarness";

const kiosk = startEngine({ kiosk: true });
afterAll(async () => {
  await kiosk.stop();
});

describe("a kiosk visitor's engine", () => {
  it("refuses model downloads, imports, removals, a new model server and the file picker", async () => {
    for (const [method, params] of [
      ["models.pull", { id: "qwen2.5-1.5b-instruct" }],
      ["models.import", { path: "/tmp/x.gguf" }],
      ["models.remove", { file: "x.gguf" }],
      ["host.pickModelFile", {}],
      ["settings.set", { model: { provider: "ollama", ollamaModel: "llama3", ollamaBaseUrl: "http://192.0.2.7:11434" } }],
    ] as const) {
      const r = await kiosk.call(method, params);
      expect(r.ok, method).toBe(false);
      if (!r.ok) expect(r.error.code, method).toBe("unavailable");
    }
  });

  it("never shows the visitor where the session's files are", async () => {
    const packs = await kiosk.call("content.packs");
    expect(packs.ok && (packs.result as { folder: string | null }).folder).toBeNull();
    const info = await kiosk.call("app.info");
    expect(info.ok && (info.result as { dataDir: string }).dataDir).toBe("");
    expect(JSON.stringify(packs)).not.toContain(kiosk.dataDir);
  });

  it("still lets the visitor choose their language and text size, and starts past the first-run screen", async () => {
    const r = await kiosk.call("settings.set", { language: "es", textScale: 150 });
    expect(r.ok).toBe(true);
    // What a refusal says follows the visitor's language.
    const refused = await kiosk.call("models.remove", { file: "x.gguf" });
    expect(!refused.ok && refused.error.message).toContain("la clínica configura el modelo");
    expect((await kiosk.call("settings.get")).ok && ((await kiosk.call("settings.get")) as { result: { firstRunDone: boolean } }).result.firstRunDone).toBe(true);
  });
});
