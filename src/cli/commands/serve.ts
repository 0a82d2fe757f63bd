/** `carefold serve`: the app in a browser (kiosks, thin clients, tests) on 127.0.0.1 with a launch token. */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createEngine } from "../../engine/engine";
import { startWebHost } from "../../engine/host/webHost";
import { findContentDir, rendererDir } from "../../engine/paths";
import { dataDirFrom, parse, UsageError } from "../args";
import type { CliCommand } from "../types";

const usage = `Usage: carefold serve [--port N] [--data-dir DIR] [--no-build]

Serves Carefold at http://127.0.0.1:<port>/ for a browser on this computer and prints the address
(it includes a one-time token; keep it private). Press Ctrl+C to stop.
  --port N         port to listen on (default: a free port)
  --data-dir DIR   where your notes, history and settings live (default: the app's data folder)
  --no-build       do not build the app first when it has not been built`;

export const command: CliCommand = {
  name: "serve",
  summary: "serve the app to a local browser (127.0.0.1 only)",
  usage,
  async run(argv, io) {
    const { values } = parse(argv, { port: { type: "string" }, "data-dir": { type: "string" }, "no-build": { type: "boolean" } }, false);
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0–65535, got ${values.port}`);
    const contentDir = findContentDir();
    const staticDir = rendererDir(contentDir);
    if (!existsSync(join(staticDir, "index.html")) && !values["no-build"]) {
      io.stderr.write("Building the app (first run)…\n");
      const built = spawnSync(process.execPath, [join(contentDir, "node_modules", "electron-vite", "bin", "electron-vite.js"), "build"], {
        cwd: contentDir,
        stdio: ["ignore", "ignore", "inherit"],
      });
      if (built.status !== 0) {
        io.stderr.write("The build failed; run `npm run build` to see why.\n");
        return 1;
      }
    }
    const engine = createEngine({ dataDir: dataDirFrom(values["data-dir"], io), contentDir, hostKind: "browser" });
    const host = await startWebHost({ engine, staticDir, port });
    io.stdout.write(`Carefold is running at ${host.url}\n`);
    await new Promise<void>((resolveStop) => {
      const stop = () => resolveStop();
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
    io.stderr.write("Stopping…\n");
    await host.close();
    await engine.close();
    return 0;
  },
};
