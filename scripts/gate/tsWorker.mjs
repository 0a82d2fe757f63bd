/**
 * A worker thread that runs a TypeScript module: tsx's loader is registered per thread, so a training
 * script's workers start here and import `workerData.entry`.
 */
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
