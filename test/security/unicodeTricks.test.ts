import { runFamily } from "./attack";
import { unicodeTricks } from "./families/unicodeTricks";
import { startEngine } from "./securityHarness";

runFamily(unicodeTricks, { start: () => startEngine(), stop: (ctx) => ctx.stop() });
