import { runFamily } from "./attack";
import { pathTraversal, startTraversal, stopTraversal } from "./families/pathTraversal";

runFamily(pathTraversal, { start: () => startTraversal(), stop: (ctx) => stopTraversal(ctx) });
