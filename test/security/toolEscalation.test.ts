import { runFamily } from "./attack";
import { startInjectionEngine } from "./families/promptInjection";
import { toolEscalation } from "./families/toolEscalation";

runFamily(toolEscalation, { start: () => startInjectionEngine(), stop: (ctx) => ctx.stop() });
