import { runFamily } from "./attack";
import { markupInjection, startMarkup } from "./families/markupInjection";

runFamily(markupInjection, { start: () => startMarkup(), stop: (ctx) => ctx.stop() });
