/**
 * Issue 16: model files in <data>/models are the owner's only, however they arrive — imported (a copy
 * keeps its source's mode: 0755 off a USB stick) or downloaded (the downloader writes 0644) — and
 * models/ and models/.downloads are 0700, an older 0755 one included. POSIX only.
 */
import { chmodSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pullModel } from "../../../src/engine/inference/modelDownload";
import { importModel, modelsDir } from "../../../src/engine/inference/modelStore";
import { generateModel, type GeneratedModel } from "../../support/gguf/index";
import { tempDir } from "../../support/tempDir";

const POSIX = process.platform !== "win32";
if (!POSIX) console.log("modelFiles.test.ts: skipped on win32 — Windows ignores POSIX modes");

const octal = (path: string) => `0${(statSync(path).mode & 0o777).toString(8)}`;

let model: GeneratedModel;
let server: Server;
let base: string;
const tmp = tempDir("carefold-models-");

beforeAll(async () => {
  model = generateModel();
  const bytes = readFileSync(model.path);
  server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": bytes.length, "accept-ranges": "bytes" });
    res.end(req.method === "HEAD" ? undefined : bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  model.cleanup();
  tmp.cleanup();
});

describe.skipIf(!POSIX)("model files are 0600 in a 0700 models folder", () => {
  it("an imported model is 0600 even when its source was 0755; an older 0755 models folder is tightened", async () => {
    const dataDir = join(tmp.dir, "import");
    mkdirSync(modelsDir(dataDir), { recursive: true });
    chmodSync(modelsDir(dataDir), 0o755);
    chmodSync(model.path, 0o755);
    const { path } = await importModel(dataDir, model.path, "usb.gguf");
    expect(octal(path)).toBe("0600");
    expect(octal(modelsDir(dataDir))).toBe("0700");
    expect(octal(model.path), "the source is not touched").toBe("0755");
  });

  it("a downloaded model is 0600, and models/ and models/.downloads are 0700", async () => {
    const dataDir = join(tmp.dir, "download");
    const { path } = await pullModel(dataDir, `${base}/tiny.gguf`, { connectTimeoutMs: 5_000, stallTimeoutMs: 10_000 });
    expect(octal(path)).toBe("0600");
    expect(octal(modelsDir(dataDir))).toBe("0700");
    expect(octal(join(modelsDir(dataDir), ".downloads"))).toBe("0700");
  });
});
