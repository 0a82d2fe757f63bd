/**
 * The engine starts, as the desktop app does (the model the settings choose, no fixed provider), with no
 * model, with a broken or truncated model file, and with Ollama down: each time the consult says what is
 * wrong in plain words, and the emergency banner, notes, attachments and the catalog still work.
 */
import { copyFileSync, mkdirSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { EngineEvent, ModelSettings } from "../../src/shared/contract";
import { createEngine, type Engine } from "../../src/engine/engine";
import { generateModel, type GeneratedModel } from "../support/gguf/index";
import { closedPortUrl } from "../support/ollamaStub";
import { tempDir } from "../support/tempDir";

const contentDir = join(__dirname, "..", "..");
let tmp = tempDir();
let engine: Engine | null = null;
let model: GeneratedModel;

beforeAll(() => {
  model = generateModel({}, "tiny.gguf");
});
afterAll(() => model.cleanup());
afterEach(async () => {
  await engine?.close();
  engine = null;
  tmp.cleanup();
  tmp = tempDir();
});

/** A fresh engine on a data folder whose settings (written by a first engine) choose `model`. */
async function startWith(settings: ModelSettings | null): Promise<{ engine: Engine; events: EngineEvent[] }> {
  if (settings) {
    const first = createEngine({ dataDir: tmp.dir, contentDir, hostKind: "desktop" });
    await first["settings.set"]({ model: settings, firstRunDone: true });
    await first.close();
  }
  engine = createEngine({ dataDir: tmp.dir, contentDir, hostKind: "desktop" });
  engine.consent.grantGlobal();
  const events: EngineEvent[] = [];
  engine.onEvent((e) => events.push(e));
  return { engine, events };
}

function doneOf(events: EngineEvent[], turnId: string): Promise<Extract<EngineEvent, { type: "done" }>> {
  return new Promise((resolve) => {
    const check = () => {
      const d = events.find((e): e is Extract<EngineEvent, { type: "done" }> => e.type === "done" && e.turnId === turnId);
      if (d) resolve(d);
      else setTimeout(check, 5);
    };
    check();
  });
}

/** Everything that does not need a model still works on this engine. */
async function theRestWorks(e: Engine, events: EngineEvent[]): Promise<void> {
  // The emergency banner comes from the deterministic gate, before any model.
  const urgent = await e["consult.ask"]({ text: "I have crushing chest pain and my left arm is numb" });
  expect((await doneOf(events, urgent.turnId)).outcome).toBe("emergency");
  expect(events.some((ev) => ev.type === "emergency" && ev.turnId === urgent.turnId)).toBe(true);
  // Notes, attachments, the catalog, settings and app info.
  await e["notes.write"]({ name: "questions.md", content: "# Questions\n" });
  expect((await e["notes.list"]()).map((n) => n.name)).toEqual(["questions.md"]);
  const added = await e["attachments.add"]({ name: "labs.txt", dataBase64: Buffer.from("Cholesterol 190").toString("base64") });
  expect((await e["attachments.list"]()).map((a) => a.id)).toEqual([added.id]);
  expect((await e["catalog.agents"]()).length).toBeGreaterThan(5);
  expect((await e["app.info"]()).host).toBe("desktop");
}

async function answerTo(e: Engine, events: EngineEvent[], text: string) {
  const { turnId } = await e["consult.ask"]({ text });
  const done = await doneOf(events, turnId);
  const errors = events.filter((ev): ev is Extract<EngineEvent, { type: "error" }> => ev.type === "error" && ev.turnId === turnId);
  return { done, errors, said: [done.text, ...errors.map((x) => x.message)].join("\n") };
}

describe("start-up without a working model", () => {
  it("no model: the welcome's model setup has nothing active, and a question says how to set one up", async () => {
    const { engine: e, events } = await startWith(null);
    expect((await e["settings.get"]()).firstRunDone).toBe(false);
    const list = await e["models.list"]();
    expect(list.active).toBeNull();
    expect(list.local).toEqual([]);
    const { done } = await answerTo(e, events, "Help me organize my records for the visit");
    expect(done.outcome).toBe("no_model");
    // A window (this engine is the desktop's) points at its "Set up a model" button, never at a terminal command.
    expect(done.text).toContain("choose “Set up a model” below");
    expect(done.text).not.toMatch(/carefold models|`/);
    await theRestWorks(e, events);
  });

  it("a truncated model file: the engine starts, and a question gets a clear message naming the file", async () => {
    const models = join(tmp.dir, "models");
    mkdirSync(models, { recursive: true });
    copyFileSync(model.path, join(models, "tiny.gguf"));
    truncateSync(join(models, "tiny.gguf"), Math.floor(model.sizeBytes / 2));
    const { engine: e, events } = await startWith({ provider: "llama-cpp", modelPath: "tiny.gguf" });
    const { done, said } = await answerTo(e, events, "Help me organize my records for the visit");
    expect(done.outcome).not.toBe("answered");
    expect(said).toContain("tiny.gguf is truncated. Copy or download it again");
    await theRestWorks(e, events);
  });

  it("a file that is not a model at all: the same, with a message that says so", async () => {
    const models = join(tmp.dir, "models");
    mkdirSync(models, { recursive: true });
    writeFileSync(join(models, "broken.gguf"), "this is not a GGUF file".repeat(100));
    const { engine: e, events } = await startWith({ provider: "llama-cpp", modelPath: "broken.gguf" });
    const { done, said } = await answerTo(e, events, "Help me organize my records for the visit");
    expect(done.outcome).not.toBe("answered");
    expect(said).toMatch(/broken\.gguf/);
    expect(said).toMatch(/not a GGUF|GGUF/i);
    await theRestWorks(e, events);
  });

  it("Ollama down: the model screen says it is not reachable, and a question says how to start it", async () => {
    const url = await closedPortUrl();
    const { engine: e, events } = await startWith({ provider: "ollama", ollamaModel: "qwen2.5:3b", ollamaBaseUrl: url });
    const list = await e["models.list"]();
    expect(list.ollama).toMatchObject({ baseUrl: url, reachable: false });
    const { done, said } = await answerTo(e, events, "Help me organize my records for the visit");
    expect(done.outcome).not.toBe("answered");
    expect(said).toContain(`Ollama is not running at ${url}. Start Ollama on this computer (open the Ollama app), then try again`);
    expect(said).not.toMatch(/ollama serve|`/);
    await theRestWorks(e, events);
  });
});

describe("desktop-only requests", () => {
  it("app.licenses answers the generated list, or says it is missing, and the file picker needs the desktop host", async () => {
    const { engine: e } = await startWith(null);
    const licenses = await e["app.licenses"]();
    expect(typeof licenses.available).toBe("boolean");
    if (licenses.available) expect(licenses.packages.length).toBeGreaterThan(0);
    await expect(e["host.pickModelFile"]()).rejects.toMatchObject({ code: "unavailable" });
    await e.close();
    engine = createEngine({ dataDir: tmp.dir, contentDir, hostKind: "desktop", host: { pickModelFile: async () => "/media/usb/model.gguf" } });
    expect(await engine["host.pickModelFile"]()).toEqual({ path: "/media/usb/model.gguf" });
  });
});
