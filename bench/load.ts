/**
 * Load benchmark (`npm run bench:load`): 20 WebSocket clients of `carefold serve`'s web host each send one
 * `consult.ask` at the same moment (twenty different specialists), three rounds in a row, on a real engine
 * with the scripted in-process model (model time ~0 ms, so what is measured is the engine: context load,
 * the gate, routing, the specialist run with its middleware and checkpoints, synthesis, the transport).
 * Phases are timed from the `progress` events' arrival at each client (test/security/loadSupport.ts).
 * Prints one JSON object; figures only, no thresholds (see test/security/load.test.ts for the bounds).
 */
import { availableParallelism, cpus, loadavg } from "node:os";
import { gcFunction, LoadClient, memoryAfterGc, phaseFigures, runRound, startLoadHost, type TurnResult } from "../test/security/loadSupport";

const CLIENTS = Number(process.env.CAREFOLD_LOAD_CLIENTS ?? 20);
const ROUNDS = Number(process.env.CAREFOLD_LOAD_ROUNDS ?? 3);

const gc = gcFunction();
const loadBefore = loadavg();
const load = await startLoadHost();
try {
  const before = await memoryAfterGc(gc);
  const rounds: Array<{ wallMs: number; heapUsedMiB: number; rssMiB: number }> = [];
  const turns: TurnResult[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const round = await runRound(load, CLIENTS);
    turns.push(...round.turns);
    const after = await memoryAfterGc(gc);
    rounds.push({ wallMs: Math.round(round.wallMs), ...after });
  }
  // Still answering afterwards.
  const probe = new LoadClient(load.host);
  await probe.opened;
  const still = (await probe.request("settings.get", {}).response).message.ok === true;
  await probe.close();

  const outcomes: Record<string, number> = {};
  for (const t of turns) outcomes[t.done.outcome] = (outcomes[t.done.outcome] ?? 0) + 1;
  const after = rounds[rounds.length - 1]!;
  console.log(
    JSON.stringify(
      {
        machine: {
          node: process.version,
          cpus: availableParallelism(),
          cpu: cpus()[0]?.model ?? "unknown",
          loadAverage1m: { before: Math.round(loadBefore[0]! * 100) / 100, after: Math.round(loadavg()[0]! * 100) / 100 },
        },
        clients: CLIENTS,
        rounds: ROUNDS,
        turns: turns.length,
        outcomes,
        distinctSpecialists: new Set(turns.flatMap((t) => t.done.agents)).size,
        hostAnswersAfterwards: still,
        // The host sends every engine event to every client: besides its own turn's, one client received this many.
        otherTurnsEventsPerClientP50: [...turns.map((t) => t.foreignEvents)].sort((a, b) => a - b)[Math.floor(turns.length / 2)],
        roundWallMs: rounds.map((r) => r.wallMs),
        // Over every turn of every round (round 1 includes first-use work: each specialist built, code compiled),
        // and over the rounds after the first. queue: ask sent → first phase; doneDelivery: emitted → received.
        phasesMs: phaseFigures(turns),
        phasesMsAfterRound1: phaseFigures(turns.slice(CLIENTS)),
        memoryMiB: {
          before,
          afterEachRound: rounds.map((r) => ({ heapUsedMiB: r.heapUsedMiB, rssMiB: r.rssMiB })),
          after: { heapUsedMiB: after.heapUsedMiB, rssMiB: after.rssMiB },
          heapGrowthFirstToLastRound: Math.round((after.heapUsedMiB - rounds[0]!.heapUsedMiB) * 10) / 10,
        },
      },
      null,
      2,
    ),
  );
} finally {
  await load.close();
}
