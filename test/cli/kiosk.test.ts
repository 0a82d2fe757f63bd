/**
 * `carefold kiosk status|on|off`: the installation's kiosk setting from the command line, the admin PIN
 * from CAREFOLD_ADMIN_PIN or piped in (never an option), refused when wrong or too short, and never per
 * profile (the setting is the whole installation's).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main";
import { ADMIN_PIN_FILE, KIOSK_FILE } from "../../src/engine/kioskMode/setting";
import { tempDir } from "../support/tempDir";

const tmp = tempDir("carefold-cli-kiosk-");
afterAll(() => tmp.cleanup());
const dir = join(tmp.dir, "data");

async function kiosk(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}) {
  const stdin = new PassThrough();
  stdin.end(options.stdin ?? "");
  const [stdout, stderr] = [new PassThrough(), new PassThrough()];
  const out: string[] = [];
  const err: string[] = [];
  stdout.on("data", (c: Buffer) => out.push(c.toString()));
  stderr.on("data", (c: Buffer) => err.push(c.toString()));
  const status = await runCli(["kiosk", ...args, "--data-dir", dir], { stdin, stdout, stderr, cwd: tmp.dir, env: options.env ?? {} });
  return { status, stdout: out.join(""), stderr: err.join("") };
}

describe("carefold kiosk", () => {
  it("turns kiosk mode on with the admin PIN from the environment, says so, and off with a piped PIN after a wrong one", async () => {
    expect(await kiosk(["status"])).toMatchObject({ status: 0, stdout: "Kiosk mode is off.\n" });
    const short = await kiosk(["on"], { env: { CAREFOLD_ADMIN_PIN: "12" } });
    expect(short.status).toBe(1);
    expect(short.stderr).toContain("at least 4 characters");
    expect(existsSync(join(dir, KIOSK_FILE))).toBe(false);

    const on = await kiosk(["on", "--idle-seconds", "240"], { env: { CAREFOLD_ADMIN_PIN: "2468" } });
    expect(on).toMatchObject({ status: 0, stdout: expect.stringContaining("start as a clinic kiosk from their next start") });
    expect(JSON.parse(readFileSync(join(dir, KIOSK_FILE), "utf8"))).toEqual({ version: 1, enabled: true, idleSeconds: 240 });
    expect(readFileSync(join(dir, ADMIN_PIN_FILE), "utf8")).not.toContain("2468");
    expect((await kiosk(["status"])).stdout).toBe("Kiosk mode is on (idle time 240 s).\n");

    const wrong = await kiosk(["off"], { stdin: "1111\n" });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain("not right");
    expect((await kiosk(["status"])).stdout).toContain("on");
    expect(await kiosk(["off"], { stdin: "2468\n" })).toMatchObject({ status: 0, stdout: expect.stringContaining("start as the normal app") });
    expect((await kiosk(["status"])).stdout).toBe("Kiosk mode is off.\n");
  });

  it("asks for the PIN when none is given, and refuses a profile, a stray option or an unknown action", async () => {
    const none = await kiosk(["on"]);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain("CAREFOLD_ADMIN_PIN");
    expect((await kiosk(["off", "--idle-seconds", "60"], { env: { CAREFOLD_ADMIN_PIN: "2468" } })).status).toBe(1);
    const profile = await kiosk(["status", "--profile", "me"]);
    expect(profile.status).toBe(1);
    expect(profile.stderr).toContain("whole installation");
    expect((await kiosk(["maybe"])).status).toBe(2);
  });
});
