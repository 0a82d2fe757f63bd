import { runFamily } from "./attack";
import { gateEvasion } from "./families/gateEvasion";
import { startEngine } from "./securityHarness";

runFamily(gateEvasion, { start: () => startEngine(), stop: (ctx) => ctx.stop() });
