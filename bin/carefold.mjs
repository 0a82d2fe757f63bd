#!/usr/bin/env node
// Runs the TypeScript CLI directly (tsx) so `npx carefold …` works in a fresh checkout without a build.
import { register } from "tsx/esm/api";

register();
const { runCli } = await import("../src/cli/main.ts");
const code = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  env: process.env,
});
process.exitCode = code;
