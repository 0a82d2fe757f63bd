import { runFamily } from "./attack";
import { contractAbuse } from "./families/contractAbuse";
import { startHostedEngine } from "./hostHarness";

runFamily(contractAbuse, { start: () => startHostedEngine(), stop: (ctx) => ctx.stop() });
