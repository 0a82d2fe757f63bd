import { runFamily } from "./attack";
import { piiExfiltration } from "./families/piiExfiltration";
import { startEngine } from "./securityHarness";

runFamily(piiExfiltration, { start: () => startEngine(), stop: (ctx) => ctx.stop() });
