/** `carefold ask` through the real bin script: a clean answer without a model. */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../support/tempDir";
import { renderEvent } from "../../src/cli/commands/ask";
import { stripTerminalControls } from "../../src/shared/text";

const root = join(__dirname, "..", "..");
const tmp = tempDir();
afterAll(() => tmp.cleanup());

function carefold(args: string[]) {
  return spawnSync(process.execPath, [join(root, "bin", "carefold.mjs"), ...args], { encoding: "utf8", cwd: root, timeout: 60_000 });
}

describe("carefold CLI", () => {
  it("ask answers cleanly without a model and says how to configure one", () => {
    const r = carefold(["ask", "hello", "--data-dir", tmp.dir]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("No model is set up yet");
    expect(r.stderr).toContain("Model: none configured");
    expect(r.stderr).not.toMatch(/Error|at .*\.ts:/);
  });

  it("ask --json prints one JSON event per line ending in done", () => {
    const r = carefold(["ask", "hello", "--json", "--data-dir", tmp.dir]);
    const events = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(events.at(-1)).toMatchObject({ type: "done", outcome: "no_model" });
  });

  it("shows help and rejects unknown commands and options", () => {
    expect(carefold(["--help"]).stdout).toContain("Commands:");
    expect(carefold(["frobnicate"]).status).toBe(2);
    const bad = carefold(["ask", "--nope", "x"]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("Unknown option");
  });
});

describe("carefold ask output", () => {
  it("never writes a control character from model text to the terminal", () => {
    const io = { stdout: { text: "", write(t: string) { this.text += t; return true; } }, stderr: { text: "", write(t: string) { this.text += t; return true; } } };
    const state = { streamed: "" };
    const ref = { turnId: "u1", threadId: "t1" };
    renderEvent({ type: "token", ...ref, text: "Bring\u001b[2J your " }, io as never, state);
    renderEvent({ type: "token", ...ref, text: "\u001b" }, io as never, state);
    renderEvent({ type: "token", ...ref, text: "]8;;https://x\u0007list." }, io as never, state);
    renderEvent({ type: "done", ...ref, outcome: "answered", text: "Bring\u001b[2J your \u001b]8;;https://x\u0007list.\n\nfooter", agents: ["visit-steward"], topology: "single", chips: [], why: "w\u001b[31m" }, io as never, state);
    for (const written of [io.stdout.text, io.stderr.text]) expect(stripTerminalControls(written)).toBe(written);
    expect(io.stdout.text).toBe("Bring[2J your ]8;;https://xlist.\n\nfooter\n");
  });
});
