/** The desktop shell with stand-ins for Electron's objects (Electron cannot run here); see the table. */
import { vi } from "vitest";
import { runFamily } from "./attack";
import { electronHardening, startShell } from "./families/electronHardening";

vi.mock("electron", async () => (await import("./families/electronHardening")).fakeElectron());

runFamily(electronHardening, { start: () => startShell(), stop: (ctx) => ctx.stop() });
