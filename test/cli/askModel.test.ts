/**
 * `carefold ask` end to end through the real stack and a real model protocol: Ollama's wire format
 * (the stub on 127.0.0.1 scripts the replies) and a real GGUF loaded by llama.cpp (random weights).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateModel, type GeneratedModel } from "../support/gguf";
import { startOllamaStub, type OllamaStub } from "../support/ollamaStub";
import { tempDir } from "../support/tempDir";

const root = join(__dirname, "..", "..");

function carefold(args: string[], timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, "bin", "carefold.mjs"), ...args], { cwd: root });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe("carefold ask with a model", () => {
  let stub: OllamaStub;
  let model: GeneratedModel;
  const tmp = tempDir();
  beforeAll(async () => {
    stub = await startOllamaStub();
    model = generateModel({}, "tiny.gguf");
  });
  afterAll(async () => {
    await stub.close();
    tmp.cleanup();
  });

  it("--ollama: the specialist reads its skill, then answers, over Ollama's protocol", async () => {
    stub.enqueue(
      { toolCalls: [{ name: "read_file", arguments: { file_path: "/skills/habit-checkin/SKILL.md", limit: 300 } }] },
      { chunks: ["Here is a simple walking log. ", "Write the date and the minutes you walked."] },
    );
    const r = await carefold(["ask", "--ollama", "qwen2.5:3b", "--ollama-url", stub.url, "--data-dir", join(tmp.dir, "o"), "Help me keep a simple daily walking log"], 120_000);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("Model: ollama qwen2.5:3b");
    expect(r.stderr).toMatch(/Opening the habit checkin guide/);
    expect(r.stdout).toContain("Here is a simple walking log.");
    expect(r.stdout).toContain("not a doctor");
    const [first, second] = stub.chatBodies();
    expect((first!.tools as unknown[]).length).toBeGreaterThan(0);
    expect(JSON.stringify(second!.messages)).toContain("How to help"); // the SKILL.md body came back as a tool result
  });

  it("--model: a real GGUF runs through llama.cpp and the answer is guarded and synthesized", async () => {
    const r = await carefold(
      ["ask", "--model", model.path, "--context", "16384", "--max-tokens", "24", "--data-dir", join(tmp.dir, "g"), "Help me keep a simple daily walking log"],
      240_000,
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("Model: llama-cpp tiny.gguf");
    expect(r.stderr).toContain("answered by habit-companion");
    expect(r.stdout).toContain("not a doctor");
  });
});
