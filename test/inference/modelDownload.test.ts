/**
 * Model downloads through node-llama-cpp's downloader against local HTTP servers (complete, wrong content,
 * hanging, stalling mid-file then resumed, refused), and the real offline case for hf: URIs.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileNameForUri, pullModel, resolvePullTarget, type DownloadProgress } from "../../src/engine/inference/modelDownload";
import { listLocalModels, modelsDir } from "../../src/engine/inference/modelStore";
import { generateModel, type GeneratedModel } from "../support/gguf/index";
import { closedPortUrl } from "../support/ollamaStub";
import { tempDir } from "../support/tempDir";

let model: GeneratedModel;
let bytes: Buffer;
/** ~23 MB: several of the downloader's 5 MB chunks, so an interrupted transfer has something to resume. */
let big: GeneratedModel;
let bigBytes: Buffer;
let server: Server;
let base: string;
/** How /flaky.gguf behaves: stall after this many bytes (null = serve everything). */
let stallAfter: number | null = null;
/** Bytes requested by ranged GETs of /flaky.gguf since the last reset (unranged GETs only read headers). */
let flakyBytesSent = 0;
const tmp = tempDir("carefold-dl-");

function serveBytes(req: IncomingMessage, res: ServerResponse, data: Buffer, stallAt: number | null) {
  const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? "");
  const start = range ? Number(range[1]) : 0;
  const end = range && range[2] ? Number(range[2]) : data.length - 1;
  res.writeHead(range ? 206 : 200, {
    "content-type": "application/octet-stream",
    "content-length": end - start + 1,
    "accept-ranges": "bytes",
    ...(range ? { "content-range": `bytes ${start}-${end}/${data.length}` } : {}),
  });
  if (req.method === "HEAD") return res.end();
  if (stallAt !== null && stallAt > start) {
    res.write(data.subarray(start, stallAt)); // then never finish
    return;
  }
  res.end(data.subarray(start, end + 1));
}

beforeAll(async () => {
  model = generateModel();
  bytes = readFileSync(model.path);
  big = generateModel({ embeddingLength: 512, headCount: 8, headCountKv: 8, feedForwardLength: 1024 }, "big.gguf");
  bigBytes = readFileSync(big.path);
  server = createServer((req, res) => {
    if (req.url === "/model.gguf") serveBytes(req, res, bytes, null);
    else if (req.url === "/flaky.gguf") {
      const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? "");
      if (req.method === "GET" && range) flakyBytesSent += (range[2] ? Number(range[2]) + 1 : bigBytes.length) - Number(range[1]);
      serveBytes(req, res, bigBytes, stallAfter);
    }
    else if (req.url === "/page.gguf") serveBytes(req, res, Buffer.from("<html>Sign in to continue</html>".repeat(100)), null);
    else if (req.url === "/hang.gguf") return; // accept the connection, never answer
    else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  model.cleanup();
  big.cleanup();
  tmp.cleanup();
});

describe("pullModel", () => {
  it("downloads, reports progress, verifies and installs the model", async () => {
    const data = join(tmp.dir, "ok");
    const progress: DownloadProgress[] = [];
    const result = await pullModel(data, `${base}/model.gguf`, { onProgress: (p) => progress.push(p) });
    expect(result.model).toMatchObject({ file: "model.gguf", sizeBytes: bytes.length, architecture: "llama" });
    expect(readFileSync(join(modelsDir(data), "model.gguf")).equals(bytes)).toBe(true);
    const downloading = progress.filter((p) => p.state === "downloading");
    expect(downloading.at(-1)).toMatchObject({ downloadedBytes: bytes.length, totalBytes: bytes.length });
    expect(downloading.every((p, i) => i === 0 || p.downloadedBytes >= downloading[i - 1]!.downloadedBytes)).toBe(true);
    expect(progress.at(-1)!.state).toBe("verifying");
    expect(readdirSync(join(modelsDir(data), ".downloads"))).toEqual([]);
    await expect(pullModel(data, `${base}/model.gguf`)).rejects.toThrow(/already installed/);
  });

  it("rejects and deletes a download that is not a GGUF model", async () => {
    const data = join(tmp.dir, "page");
    await expect(pullModel(data, `${base}/page.gguf`)).rejects.toThrow(/not a GGUF model file/);
    expect(await listLocalModels(data)).toEqual([]);
    expect(readdirSync(join(modelsDir(data), ".downloads"))).toEqual([]);
  });

  it("fails fast when the server never answers", async () => {
    const started = Date.now();
    await expect(pullModel(join(tmp.dir, "hang"), `${base}/hang.gguf`, { connectTimeoutMs: 1000 })).rejects.toThrow(
      /No answer from 127\.0\.0\.1:\d+ within 1 s\. This computer may be offline.*carefold models import/,
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("fails fast when the connection is refused", async () => {
    const started = Date.now();
    await expect(pullModel(join(tmp.dir, "refused"), `${await closedPortUrl()}/m.gguf`)).rejects.toThrow(/Could not reach 127\.0\.0\.1/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("gives up on a stalled transfer and resumes it on the next attempt", async () => {
    const data = join(tmp.dir, "flaky");
    stallAfter = Math.floor(bigBytes.length * 0.7);
    await expect(pullModel(data, `${base}/flaky.gguf`, { stallTimeoutMs: 800 })).rejects.toThrow(
      /no data arrived for 0\.8 s\. Run the same command again to resume/,
    );
    expect(await listLocalModels(data)).toEqual([]);
    stallAfter = null;
    flakyBytesSent = 0;
    const result = await pullModel(data, `${base}/flaky.gguf`, { stallTimeoutMs: 5000 });
    expect(result.model.sizeBytes).toBe(bigBytes.length);
    expect(readFileSync(result.path).equals(bigBytes)).toBe(true);
    expect(flakyBytesSent).toBeGreaterThan(0);
    expect(flakyBytesSent).toBeLessThan(bigBytes.length / 2); // continued where it stopped, not restarted
  });

  it("fails fast and explains what to do when huggingface.co is unreachable (offline machine)", async (context) => {
    const online = await fetch("https://huggingface.co", { method: "HEAD", signal: AbortSignal.timeout(3000) }).then(
      () => true,
      () => false,
    );
    if (online) context.skip(); // never start a real multi-GB download
    const started = Date.now();
    const err = await pullModel(join(tmp.dir, "offline"), "llama-3.2-1b-instruct", { connectTimeoutMs: 10_000 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((err as Error).message).toMatch(/huggingface\.co.*Llama 3\.2 1B Instruct.*offline.*carefold models import/s);
  });

  it("knows its recommended ids and derives file names from URIs", () => {
    expect(resolvePullTarget("qwen2.5-1.5b-instruct").uri).toBe("hf:bartowski/Qwen2.5-1.5B-Instruct-GGUF:Q4_K_M");
    expect(() => resolvePullTarget("gpt-5")).toThrow(/Unknown model "gpt-5". Use one of: qwen2.5-1.5b-instruct/);
    expect(fileNameForUri("hf:bartowski/Llama-3.2-1B-Instruct-GGUF:Q4_K_M")).toBe("llama-3.2-1b-instruct-gguf-q4_k_m.gguf");
    expect(fileNameForUri("hf:user/repo/sub/model-Q8_0.gguf#main")).toBe("model-q8_0.gguf");
    expect(fileNameForUri("https://example.org/files/Tiny.gguf?download=1")).toBe("tiny.gguf");
    expect(existsSync(tmp.dir)).toBe(true);
  });
});
