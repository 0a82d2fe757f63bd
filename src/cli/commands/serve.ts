/** `carefold serve`: the app in a browser (kiosks, thin clients, tests) on 127.0.0.1 with a launch token. */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createEngine, DEFAULT_KIOSK_SESSION } from "../../engine/engine";
import { kioskIdleLimitMs, kioskSessions, lentProvider } from "../../engine/host/sessions";
import { startWebHost } from "../../engine/host/webHost";
import { prefixStateDirOf } from "../../engine/inference/modelProvider";
import { createRuntimePool } from "../../engine/inference/runtimePool";
import { kioskAdmin } from "../../engine/kioskMode/admin";
import { readKioskSetting, unreadableNotice } from "../../engine/kioskMode/setting";
import { findContentDir, rendererDir } from "../../engine/paths";
import { profileSessions } from "../../engine/profiles/hostSessions";
import { ProfileManager } from "../../engine/profiles/manager";
import { dataDirFrom, parse, UsageError } from "../args";
import { openCliDataKey } from "../dataKey";
import type { CliCommand } from "../types";

const usage = `Usage: carefold serve [--port N] [--data-dir DIR] [--profile NAME] [--kiosk [--idle-seconds N]] [--no-build]

Serves Carefold at http://127.0.0.1:<port>/ for a browser on this computer and prints the address.
The address includes a launch token: a new one is made each time carefold serve starts, and it works,
as often as it is used, until carefold serve stops. Keep the address private: while it runs, anyone
on this computer who has it can use your Carefold. Press Ctrl+C to stop.
  --port N         port to listen on (default: a free port)
  --data-dir DIR   where your notes, history and settings live (default: the app's data folder)
  --profile NAME   serve only that person's profile (otherwise each browser picks a profile)
  --kiosk          a clinic kiosk: each visitor gets a session of their own in a temporary folder,
                   erased when they end it, when they leave, or after they stop using it; nothing a
                   visitor types is kept. The model and settings set up in --data-dir are used.
                   Also a kiosk without --kiosk when kiosk mode is turned on in Settings or with
                   \`carefold kiosk on\` (then clinic staff turn it off with the admin PIN).
  --idle-seconds N in a kiosk, ask "Are you still here?" after N seconds without input (default 180,
                   at least 30), then erase the session after a 30-second countdown
  --no-build       do not build the app first when it has not been built`;

export const command: CliCommand = {
  name: "serve",
  summary: "serve the app to a local browser (127.0.0.1 only)",
  usage,
  async run(argv, io) {
    const { values } = parse(
      argv,
      { port: { type: "string" }, "data-dir": { type: "string" }, "no-build": { type: "boolean" }, kiosk: { type: "boolean" }, "idle-seconds": { type: "string" } },
      false,
    );
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0–65535, got ${values.port}`);
    // The kiosk setting is the installation's: read in the data folder itself, whatever --profile says.
    const root = dataDirFrom(values["data-dir"], { ...io, profile: undefined });
    const setting = readKioskSetting(root);
    if (setting.state === "unreadable") io.stderr.write(unreadableNotice(root, setting) + "\n");
    const kiosk = values.kiosk === true || setting.state !== "off";
    const idleSeconds = values["idle-seconds"] === undefined ? (values.kiosk ? DEFAULT_KIOSK_SESSION.idleSeconds : setting.idleSeconds) : Number(values["idle-seconds"]);
    if (!Number.isInteger(idleSeconds) || idleSeconds < 30 || idleSeconds > 3600) throw new UsageError(`--idle-seconds must be a whole number from 30 to 3600, got ${values["idle-seconds"]}`);
    if (values["idle-seconds"] !== undefined && !kiosk) throw new UsageError("--idle-seconds is for a kiosk: add --kiosk");
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
    const dataDir = dataDirFrom(values["data-dir"], io);
    // A change made here takes effect at serve's next start (the answer says so, and the page shows it).
    const admin = kioskAdmin({ root, flag: values.kiosk === true, flagIdleSeconds: idleSeconds, takesEffect: "restart" });
    io.stdout.write(`Kiosk mode: ${values.kiosk ? "on (--kiosk)" : kiosk ? "on (turned on in Settings or with `carefold kiosk on`; clinic staff turn it off with the admin PIN)" : "off"}\n`);
    if (!kiosk && !io.profile) {
      // Profiles: each browser tab picks whose records it opens (a PIN where one is set); nothing is shared between them.
      // One loaded model for all the profiles in use: two tabs on two people's records load it once.
      const modelRuntimes = createRuntimePool({ prefixStateDir: prefixStateDirOf(dataDir) });
      const manager = new ProfileManager({
        root: dataDir,
        createEngine: ({ dataDir: folder, dataKey, dataKeyProtection }) =>
          createEngine({ dataDir: folder, contentDir, hostKind: "browser", prewarm: true, dataKey, dataKeyProtection, modelRuntimes, host: { kioskAdmin: admin } }),
      });
      const profilesHost = await startWebHost({ sessions: profileSessions(manager), staticDir, port });
      io.stdout.write(`Carefold is running at ${profilesHost.url}\n`);
      await (io.stopped ?? untilStopped());
      io.stderr.write("Stopping…\n");
      await profilesHost.close();
      await manager.close();
      await modelRuntimes.close();
      return 0;
    }
    const engine = createEngine({ dataDir, contentDir, hostKind: "browser", prewarm: !kiosk, ...(await openCliDataKey(dataDir, io)) });
    const kioskSession = { idleSeconds, countdownSeconds: DEFAULT_KIOSK_SESSION.countdownSeconds };
    const host = kiosk
      ? await startWebHost({
          // The clinic's engine is never served: it lends its model to each visitor's own engine.
          sessions: kioskSessions({
            idleMs: kioskIdleLimitMs(kioskSession),
            // Each visitor's folder is encrypted with a key that lives only in memory, for the session.
            createEngine: (visitorDir, hooks) =>
              createEngine({ dataDir: visitorDir, contentDir, hostKind: "browser", kiosk: true, kioskSession, modelProvider: lentProvider(() => engine.provider), host: { ...hooks, kioskAdmin: admin }, dataKey: randomBytes(32) }),
          }),
          staticDir,
          port,
        })
      : await startWebHost({ engine, staticDir, port });
    io.stdout.write(`Carefold is running at ${host.url}${kiosk ? " (kiosk: every visitor's session is erased when it ends)" : ""}\n`);
    await (io.stopped ?? untilStopped());
    io.stderr.write("Stopping…\n");
    await host.close();
    await engine.close();
    return 0;
  },
};

function untilStopped(): Promise<void> {
  return new Promise<void>((resolveStop) => {
    const stop = () => resolveStop();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
