/** `carefold models list|import|remove|pull` against a temp --data-dir. */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main";
import { ModelsListSchema } from "../../src/shared/contract";
import { generateModel, type GeneratedModel } from "../support/gguf/index";
import { tempDir } from "../support/tempDir";

let model: GeneratedModel;
let server: Server;
let base: string;
const tmp = tempDir("carefold-cli-models-");
const root = join(__dirname, "..", "..");

async function carefold(...argv: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (d) => (out += d));
  stderr.on("data", (d) => (err += d));
  const code = await runCli(argv, { stdin: new PassThrough(), stdout, stderr, cwd: tmp.dir, env: { ...process.env } });
  return { code, out, err };
}

beforeAll(async () => {
  model = generateModel();
  const bytes = readFileSync(model.path);
  server = createServer((req, res) => {
    res.writeHead(200, { "content-length": bytes.length, "content-type": "application/octet-stream" });
    res.end(req.method === "HEAD" ? undefined : bytes);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  model.cleanup();
  tmp.cleanup();
});

describe("carefold models", () => {
  const data = () => join(tmp.dir, "data");

  it("lists nothing installed, the recommendations and Ollama's status", async () => {
    const r = await carefold("models", "list", "--data-dir", "data");
    expect(r.code).toBe(0);
    expect(r.out).toContain("Active: none configured");
    expect(r.out).toContain(`Installed in ${join(data(), "models")}:\n  (none)`);
    expect(r.out).toContain("qwen2.5-1.5b-instruct");
    expect(r.out).toMatch(/Ollama at http:\/\/127\.0\.0\.1:11434: (running|not reachable)/);
  });

  it("imports a GGUF file, lists it (also as JSON) and removes it", async () => {
    const imported = await carefold("models", "import", model.path, "--name", "visit-helper.gguf", "--data-dir", data());
    expect(imported.code).toBe(0);
    expect(imported.out).toMatch(/^Imported visit-helper\.gguf \(\d+ kB, llama \d+K\)\.$/m);

    const json = await carefold("models", "list", "--json", "--data-dir", data());
    const list = ModelsListSchema.parse(JSON.parse(json.out));
    expect(list.local).toEqual([{ file: "visit-helper.gguf", sizeBytes: model.sizeBytes, architecture: "llama", parameters: expect.any(String) }]);

    const again = await carefold("models", "import", model.path, "--name", "visit-helper.gguf", "--data-dir", data());
    expect(again.code).toBe(1);
    expect(again.err).toContain("already installed");

    const removed = await carefold("models", "remove", "visit-helper.gguf", "--data-dir", data());
    expect(removed).toMatchObject({ code: 0, out: "Removed visit-helper.gguf.\n" });
    expect(ModelsListSchema.parse(JSON.parse((await carefold("models", "list", "--json", "--data-dir", data())).out)).local).toEqual([]);
  });

  it("rejects files that are not models with a clear message", async () => {
    const text = join(tmp.dir, "referral.gguf");
    writeFileSync(text, "Referral letter for cardiology");
    const r = await carefold("models", "import", text, "--data-dir", data());
    expect(r.code).toBe(1);
    expect(r.err).toContain("is not a GGUF model file");
    expect((await carefold("models", "remove", "nothing.gguf", "--data-dir", data())).err).toContain("No model named nothing.gguf");
  });

  it("downloads with progress lines", async () => {
    const r = await carefold("models", "pull", `${base}/helper.gguf`, "--data-dir", data());
    expect(r.code).toBe(0);
    expect(r.err).toContain("· 100% of");
    expect(r.err).toContain("verifying");
    expect(r.out).toMatch(/^Downloaded helper\.gguf/);
  });

  it("explains usage errors", async () => {
    expect((await carefold("models")).code).toBe(2);
    expect((await carefold("models", "import")).code).toBe(2);
    expect((await carefold("models", "list", "--bogus")).code).toBe(2);
    const unknown = await carefold("models", "pull", "no-such-model", "--data-dir", data());
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('Unknown model "no-such-model"');
  });

  it("runs through the real bin script", () => {
    const r = spawnSync(process.execPath, [join(root, "bin", "carefold.mjs"), "models", "list", "--json", "--data-dir", data()], {
      encoding: "utf8",
      cwd: root,
      timeout: 60_000,
    });
    expect(r.status).toBe(0);
    expect(ModelsListSchema.safeParse(JSON.parse(r.stdout)).success).toBe(true);
  });
});
