/** Worker side of train-output.ts's cross-validation: the out-of-fold traces of the writers it is given. */
import { parentPort, workerData } from "node:worker_threads";
import type { TrainOptions } from "../../src/engine/safety/semantic/train";
import { foldTraces } from "./train-output";

const { writers, options } = workerData as { writers: string[]; options: TrainOptions };
parentPort!.postMessage(writers.map((writer) => foldTraces(writer, options)));
