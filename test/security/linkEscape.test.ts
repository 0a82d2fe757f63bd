import { runFamily } from "./attack";
import { linkEscape } from "./families/linkEscape";
import { plantedEngine, stopPlanted } from "./families/pathTraversal";

runFamily(linkEscape, { start: () => plantedEngine(), stop: (ctx) => stopPlanted(ctx) });
