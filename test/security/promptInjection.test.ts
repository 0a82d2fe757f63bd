import { runFamily } from "./attack";
import { promptInjection, startInjectionEngine } from "./families/promptInjection";

runFamily(promptInjection, { start: () => startInjectionEngine(), stop: (ctx) => ctx.stop() });
