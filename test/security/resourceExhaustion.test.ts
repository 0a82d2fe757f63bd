import { runFamily } from "./attack";
import { resourceExhaustion } from "./families/resourceExhaustion";
import { startHostedEngine } from "./hostHarness";

runFamily(resourceExhaustion, { start: () => startHostedEngine(), stop: (ctx) => ctx.stop() });
