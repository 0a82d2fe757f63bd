/**
 * `carefold kiosk status|on|off`: the installation's kiosk setting (src/engine/kioskMode), which makes
 * the desktop app and `carefold serve` start as a clinic kiosk. The admin PIN is never a command-line
 * option (shell history, the process list): it comes from CAREFOLD_ADMIN_PIN, is typed unechoed at a
 * terminal (twice for a new one), or is the first line of piped standard input.
 */
import { join } from "node:path";
import type { ReadStream } from "node:tty";
import { AdminPinSchema, KioskIdleSecondsSchema } from "../../shared/kioskSchemas";
import { kioskAdmin } from "../../engine/kioskMode/admin";
import { KIOSK_FILE, readKioskSetting, unreadableNotice } from "../../engine/kioskMode/setting";
import { dataDirFrom, parse, UsageError } from "../args";
import { promptHidden } from "../dataKey";
import type { CliCommand, CliIO } from "../types";

const PIN_ENV = "CAREFOLD_ADMIN_PIN";

const usage = `Usage: carefold kiosk status|on|off [--idle-seconds N] [--data-dir DIR]

Kiosk mode makes the desktop app and \`carefold serve\` start as a clinic kiosk (as with --kiosk): each
visitor's session is erased when it ends, and profiles are hidden until kiosk mode is turned off.
  status           whether kiosk mode is on
  on               turn it on with a new admin PIN (at least 4 characters)
  off              turn it off with the admin PIN (wrong tries make the next one wait)
  --idle-seconds N with on: ask "Are you still here?" after N seconds without input (30–3600, default 180)
  --data-dir DIR   the installation's data folder (default: the app's data folder)
The admin PIN comes from ${PIN_ENV}; otherwise you type it here, or pipe it in on standard input.
It takes effect at the next start of the app or of carefold serve. A forgotten admin PIN: delete
kiosk.json in the data folder (only someone who can reach that folder can).`;

/** The first line of piped input; null at a terminal. */
async function pipedLine(io: CliIO): Promise<string | null> {
  if ((io.stdin as ReadStream).isTTY) return null;
  let text = "";
  for await (const chunk of io.stdin) {
    text += chunk.toString();
    if (text.includes("\n")) break;
  }
  return text.split(/\r?\n/, 1)[0] ?? "";
}

async function adminPin(io: CliIO, twice: boolean): Promise<string> {
  let pin = io.env[PIN_ENV];
  if (pin === undefined) {
    const typed = await promptHidden(io, twice ? "New admin PIN: " : "Admin PIN: ");
    if (typed !== null && twice && (await promptHidden(io, "The new admin PIN again: ")) !== typed) throw new UsageError("the two PINs differ: nothing was changed");
    pin = typed ?? (await pipedLine(io)) ?? "";
  }
  const checked = AdminPinSchema.safeParse(pin);
  if (!checked.success) throw new UsageError(pin === "" ? `give the admin PIN: set ${PIN_ENV}, type it at a terminal, or pipe it in` : `the admin PIN: ${checked.error.issues[0]?.message ?? "not valid"}`);
  return checked.data;
}

export const command: CliCommand = {
  name: "kiosk",
  summary: "turn the clinic kiosk mode of the app and carefold serve on or off (admin PIN)",
  usage,
  async run(argv, io) {
    const { values, positionals } = parse(argv, { "data-dir": { type: "string" }, "idle-seconds": { type: "string" } });
    const [action, ...extra] = positionals;
    if ((action !== "status" && action !== "on" && action !== "off") || extra.length > 0) {
      io.stderr.write(`${usage}\n`);
      return 2;
    }
    if (io.profile !== undefined) throw new UsageError("kiosk mode belongs to the whole installation, not to one profile: leave out --profile");
    let idleSeconds: number | undefined;
    if (values["idle-seconds"] !== undefined) {
      if (action !== "on") throw new UsageError("--idle-seconds goes with `carefold kiosk on`");
      const parsed = KioskIdleSecondsSchema.safeParse(Number(values["idle-seconds"]));
      if (!parsed.success) throw new UsageError(`--idle-seconds must be a whole number from 30 to 3600, got ${values["idle-seconds"]}`);
      idleSeconds = parsed.data;
    }
    const root = dataDirFrom(values["data-dir"], io);
    const setting = readKioskSetting(root);
    if (setting.state === "unreadable") io.stderr.write(unreadableNotice(root, setting) + "\n");
    const admin = kioskAdmin({ root, flag: false, takesEffect: "restart" });

    if (action === "status") {
      io.stdout.write(setting.state === "off" ? "Kiosk mode is off.\n" : `Kiosk mode is on (idle time ${setting.idleSeconds} s).\n`);
      return 0;
    }
    if (action === "on") {
      if (setting.state !== "off") {
        io.stdout.write("Kiosk mode is already on.\n");
        return 0;
      }
      const done = await admin.enable(await adminPin(io, true), idleSeconds);
      if (!done.ok) throw new Error("kiosk mode is already on");
      io.stdout.write("Kiosk mode is on: the desktop app and carefold serve start as a clinic kiosk from their next start.\n");
      return 0;
    }
    if (setting.state === "off") {
      io.stdout.write("Kiosk mode is already off.\n");
      return 0;
    }
    const result = await admin.disable(await adminPin(io, false));
    if (result.ok) {
      io.stdout.write("Kiosk mode is off: the desktop app and carefold serve start as the normal app from their next start.\n");
      return 0;
    }
    if ("refused" in result) io.stderr.write(`carefold kiosk: the admin PIN cannot be checked (its file is missing or damaged): delete ${join(root, KIOSK_FILE)} to turn kiosk mode off.\n`);
    else if (result.reason === "wait") io.stderr.write(`carefold kiosk: too many wrong tries: wait ${result.retryAfterSeconds} s, then try again.\n`);
    else io.stderr.write(`carefold kiosk: that admin PIN is not right; nothing was changed.${result.retryAfterSeconds > 0 ? ` The next try waits ${result.retryAfterSeconds} s.` : ""}\n`);
    return 1;
  },
};
