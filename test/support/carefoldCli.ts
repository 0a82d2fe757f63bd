/** Runs `carefold …` through the real entry point (bin/carefold.mjs), with optional standard input. */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCarefold(args: string[], stdin?: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["bin/carefold.mjs", ...args], { cwd: REPO_ROOT, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? ""); // no input: end of file at once
  });
}

/** Runs `carefold …` in this process through the CLI's entry function (faster; no bin script or build). */
export async function runCliInProcess(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<{ status: number; stdout: string; stderr: string }> {
  const { PassThrough } = await import("node:stream");
  const { runCli } = await import("../../src/cli/main");
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on("data", (c: Buffer) => out.push(c.toString()));
  stderr.on("data", (c: Buffer) => err.push(c.toString()));
  const status = await runCli(args, { stdin: new PassThrough(), stdout, stderr, cwd: options.cwd, env: options.env ?? {} });
  return { status, stdout: out.join(""), stderr: err.join("") };
}
