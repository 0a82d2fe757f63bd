import { defineConfig } from "electron-vite";
import react from "@vitejs/plugin-react";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { RENDERER_CSP } from "./src/main/security";

/** Adds the strict CSP to the built page only (the dev server needs its inline HMR preamble). */
function cspMeta(): Plugin {
  return {
    name: "carefold-csp-meta",
    apply: "build",
    transformIndexHtml: () => [{ tag: "meta", attrs: { "http-equiv": "Content-Security-Policy", content: RENDERER_CSP }, injectTo: "head-prepend" }],
  };
}

export default defineConfig({
  main: {
    build: {
      // Native modules and the model runtime load from node_modules at run time, never bundled.
      externalizeDeps: true,
      rolldownOptions: {
        input: {
          index: resolve(__dirname, "src/main/index.ts"),
          // Document reading (PDF, OCR) runs in a worker thread of its own, loaded from this file next to index.js.
          documentWorker: resolve(__dirname, "src/engine/documents/worker/documentWorker.ts"),
        },
      },
    },
  },
  preload: {
    build: {
      // Sandboxed preloads must be one self-contained CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(__dirname, "src/preload/index.ts") },
        output: { format: "cjs", entryFileNames: "[name].cjs" },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, "src/renderer"),
    plugins: [react(), cspMeta()],
    build: {
      minify: true,
      rolldownOptions: { input: { index: resolve(__dirname, "src/renderer/index.html") } },
    },
  },
});
