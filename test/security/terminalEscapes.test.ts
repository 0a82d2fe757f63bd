import { runFamily } from "./attack";
import { terminalEscapes } from "./families/terminalEscapes";
import { startEngine } from "./securityHarness";

runFamily(terminalEscapes, { start: () => startEngine(), stop: (ctx) => ctx.stop() });
