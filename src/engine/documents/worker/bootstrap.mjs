// Source runs (vitest, tsx, the CLI): the parsing worker is TypeScript, so this thread registers
// tsx's loader first. The Electron build runs the bundled documentWorker.js instead (see workerHost.ts).
import { register } from "tsx/esm/api";

register();
await import("./documentWorker.ts");
