/** Worker side of train-output.ts's cross-validation: the out-of-fold traces of the folds it is given. */
import { parentPort, workerData } from "node:worker_threads";
import type { TrainOptions } from "../../src/engine/safety/semantic/train";
import { foldTraces } from "./train-output";

const { folds, options } = workerData as { folds: string[][]; options: TrainOptions };
parentPort!.postMessage(folds.map((fold) => foldTraces(fold, options)));
