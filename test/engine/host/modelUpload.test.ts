/**
 * POST /models/upload on the web host (src/engine/host/modelUpload.ts): the same token and Host checks as
 * the WebSocket, refused in a kiosk, a file that is not a GGUF model refused with nothing left behind, a
 * real (generated) GGUF model streamed into the models folder, and a cancelled upload cleaned up.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, type EngineApi, type Settings } from "../../../src/shared/contract";
import { startWebHost, type WebHost } from "../../../src/engine/host/webHost";
import type { SessionSource } from "../../../src/engine/host/sessions";
import { POSIX_MODES, PRIVATE_FILE_MODE } from "../../../src/engine/storage/privateFiles";
import { generateModel, type GeneratedModel } from "../../support/gguf/index";
import { tempDir } from "../../support/tempDir";

const tmp = tempDir();
const dataDir = join(tmp.dir, "data");
const modelsDir = join(dataDir, "models");
let settings: Settings = { ...DEFAULT_SETTINGS };
// Only what the upload asks of the engine: where the data folder is, and the user's language.
const engine = {
  "settings.get": async () => settings,
  "app.info": async () => ({ version: "test", dataDir, host: "browser", kiosk: false, session: null, locales: ["US"] }),
  onEvent: () => () => undefined,
} as unknown as EngineApi;

let host: WebHost;
let model: GeneratedModel;

beforeAll(async () => {
  writeFileSync(join(tmp.dir, "index.html"), "<!doctype html><title>Carefold</title>");
  host = await startWebHost({ engine, staticDir: tmp.dir, maxModelUploadBytes: 8 * 1024 * 1024 });
  model = generateModel({}, "tiny-upload.gguf");
});
afterAll(async () => {
  await host.close();
  model.cleanup();
  tmp.cleanup();
});

interface Answer {
  status: number;
  body: { model?: { file: string; sizeBytes: number; architecture: string | null }; error?: { code: string; message?: string } };
}

function upload(target: WebHost, name: string, body: Buffer, headers: Record<string, string> = {}, auth: string | null = `Bearer ${target.token}`): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: target.port,
        method: "POST",
        path: `/models/upload?name=${encodeURIComponent(name)}`,
        headers: { "Content-Length": String(body.length), ...(auth ? { Authorization: auth } : {}), ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        // The Host check answers in plain text, before the upload's own JSON answers.
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text.startsWith("{") ? JSON.parse(text) : {} }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Every file in the models folder, hidden partial files included. */
const filesInModels = () => (existsSync(modelsDir) ? readdirSync(modelsDir) : []);

describe("model upload", () => {
  it("refuses a request without this launch's token, from another site, or for another host name", async () => {
    const bytes = readFileSync(model.path);
    for (const auth of [null, "Bearer wrong-token", `Basic ${host.token}`]) {
      const answer = await upload(host, "tiny.gguf", bytes, {}, auth);
      expect(answer.status, String(auth)).toBe(401);
    }
    expect((await upload(host, "tiny.gguf", bytes, { Origin: "http://evil.example" })).status).toBe(403);
    expect((await upload(host, "tiny.gguf", bytes, { Host: "evil.example" })).status).toBe(403);
    expect(filesInModels()).toEqual([]);
  });

  it("refuses a file that is not a GGUF model, a damaged one and a bad name, in plain words, leaving nothing behind", async () => {
    const letter = await upload(host, "letter.gguf", Buffer.from("Dear insurer, please find my claim attached."));
    expect(letter.status).toBe(400);
    expect(letter.body.error).toEqual({ code: "invalid_input", message: expect.stringContaining("“letter.gguf” is not a model file Carefold can use") });
    expect(letter.body.error?.message).not.toMatch(/`|ENOENT|\/tmp/);

    const cut = await upload(host, "cut.gguf", readFileSync(model.path).subarray(0, 4096));
    expect(cut.status).toBe(400);
    expect(cut.body.error?.message).toMatch(/“cut\.gguf” is (cut off|damaged)/);

    const escape = await upload(host, "../escape.gguf", readFileSync(model.path));
    expect(escape.status).toBe(400);
    expect(escape.body.error?.code).toBe("invalid_input");
    expect(existsSync(join(dataDir, "escape.gguf"))).toBe(false);
    expect(filesInModels()).toEqual([]);
  });

  it("says it in the user's language", async () => {
    settings = { ...DEFAULT_SETTINGS, language: "es" };
    try {
      const answer = await upload(host, "carta.gguf", Buffer.from("Estimada aseguradora: ..."));
      expect(answer.body.error?.message).toContain("«carta.gguf» no es un archivo de modelo que Carefold pueda usar");
    } finally {
      settings = { ...DEFAULT_SETTINGS };
    }
  });

  it("refuses a file over the size limit before reading it", async () => {
    const answer = await upload(host, "huge.gguf", Buffer.alloc(9 * 1024 * 1024, 0x47));
    expect(answer.status).toBe(413);
    expect(answer.body.error?.message).toContain("larger than Carefold accepts");
    expect(filesInModels()).toEqual([]);
  });

  it("accepts a real GGUF model: streamed into the models folder, checked, private, listed once", async () => {
    const bytes = readFileSync(model.path);
    const answer = await upload(host, "tiny-upload.gguf", bytes);
    expect(answer.status).toBe(201);
    expect(answer.body.model).toEqual({ file: "tiny-upload.gguf", sizeBytes: bytes.length, architecture: "llama", parameters: expect.any(String) });
    expect(filesInModels()).toEqual(["tiny-upload.gguf"]);
    expect(readFileSync(join(modelsDir, "tiny-upload.gguf")).equals(bytes)).toBe(true);
    if (POSIX_MODES) expect(statSync(join(modelsDir, "tiny-upload.gguf")).mode & 0o777).toBe(PRIVATE_FILE_MODE);

    // The same name again is refused (nothing is overwritten), and says what to do.
    const again = await upload(host, "tiny-upload.gguf", bytes);
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: "conflict", message: expect.stringContaining("already in Carefold") });
    expect(filesInModels()).toEqual(["tiny-upload.gguf"]);
  });

  it("removes the partial file when the upload is cancelled part-way", async () => {
    const bytes = readFileSync(model.path);
    const req = request({
      host: "127.0.0.1",
      port: host.port,
      method: "POST",
      path: "/models/upload?name=cancelled.gguf",
      headers: { "Content-Length": String(bytes.length), Authorization: `Bearer ${host.token}` },
    });
    req.on("error", () => undefined);
    req.write(bytes.subarray(0, 64 * 1024));
    const partial = () => filesInModels().filter((f) => f.includes("cancelled.gguf"));
    await expect.poll(partial).toHaveLength(1);
    expect(partial()[0]).toMatch(/^\.cancelled\.gguf\..*\.partial$/);
    req.destroy();
    await expect.poll(partial).toEqual([]);
    expect(filesInModels()).toEqual(["tiny-upload.gguf"]);
  });

  it("accepts only POST", async () => {
    const answer = await new Promise<number>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port: host.port, path: "/models/upload?name=x.gguf" }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end();
    });
    expect(answer).toBe(405);
  });
});

describe("model upload in a kiosk", () => {
  it("is refused: the clinic sets up the model", async () => {
    const kiosk: SessionSource = {
      kind: "kiosk",
      open: async () => ({ key: "visitor", engine }),
      touch: () => undefined,
      detach: () => undefined,
      onEnded: () => () => undefined,
      close: async () => undefined,
    };
    const kioskHost = await startWebHost({ sessions: kiosk, staticDir: tmp.dir });
    try {
      const answer = await upload(kioskHost, "tiny-kiosk.gguf", readFileSync(model.path));
      expect(answer.status).toBe(403);
      expect(answer.body.error?.code).toBe("unavailable");
      expect(filesInModels().filter((f) => f.includes("kiosk"))).toEqual([]);
    } finally {
      await kioskHost.close();
    }
  });
});

describe("model upload with profiles", () => {
  it("goes into the models folder of the profile the page has open, named by its session; another session is refused", async () => {
    const profileData = join(tmp.dir, "profile-ana");
    const profileEngine = {
      ...engine,
      "app.info": async () => ({ version: "test", dataDir: profileData, host: "browser", kiosk: false, session: null, locales: ["US"] }),
    } as unknown as EngineApi;
    const opened: string[] = [];
    const detached: string[] = [];
    const profiles: SessionSource = {
      kind: "profiles",
      // Like the real source: a live key resumes its session, anything else gets a new one.
      open: async (key) => {
        const session = key === "ana-tab" ? { key, engine: profileEngine } : { key: `new-${opened.length}`, engine };
        opened.push(session.key);
        return session;
      },
      touch: () => undefined,
      detach: (key) => void detached.push(key),
      onEnded: () => () => undefined,
      close: async () => undefined,
    };
    const profilesHost = await startWebHost({ sessions: profiles, staticDir: tmp.dir });
    try {
      const bytes = readFileSync(model.path);
      expect((await upload(profilesHost, "tiny-profile.gguf", bytes)).status).toBe(401);
      expect((await upload(profilesHost, "tiny-profile.gguf", bytes, { "X-Carefold-Session": "someone-else" })).status).toBe(401);
      const answer = await upload(profilesHost, "tiny-profile.gguf", bytes, { "X-Carefold-Session": "ana-tab" });
      expect(answer.status).toBe(201);
      expect(readdirSync(join(profileData, "models"))).toEqual(["tiny-profile.gguf"]);
      expect(filesInModels()).not.toContain("tiny-profile.gguf");
      // Every session the upload opened is let go again.
      expect(detached.sort()).toEqual(opened.sort());
    } finally {
      await profilesHost.close();
    }
  });
});
