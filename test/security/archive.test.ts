import { runFamily } from "./attack";
import { archive } from "./families/archive";
import { plantedEngine, stopPlanted } from "./families/pathTraversal";

runFamily(archive, { start: () => plantedEngine(), stop: (ctx) => stopPlanted(ctx) });
