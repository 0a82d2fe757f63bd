/**
 * Approvals are exactly-once (issue 13): the engine process is killed (SIGKILL) at targeted points of
 * decide → write → resume, inside note writes and checkpoint writes, and at random moments, then
 * restarted; no partial note, no stale temp file after a restart, integrity_check ok, the audit chain
 * verifies, every approval applied once (its note holds exactly its content) or still pending, and
 * every applied approval's turn ends answered, and every question ends with an answer (a turn killed
 * before it asked anything is ended as interrupted on restart). `npm run test:heavy` (CI) runs ~20 kills; `npm run test:crash` 120.
 */
import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { crashTest } from "./crashHarness";

const KILLS = Number(process.env["CAREFOLD_CRASH_KILLS"] ?? 20);

describe("approvals survive a crash at any moment", () => {
  it(`${KILLS} kills of the engine process`, { timeout: Math.max(300_000, KILLS * 15_000) }, async () => {
    const report = await crashTest(KILLS, { killsPerDir: 4, parallel: Math.max(2, Math.min(4, Math.floor(availableParallelism() / 2))) });
    console.log(`crash test: ${JSON.stringify({ ...report, problems: report.problems.length })}`);
    expect(report.problems).toEqual([]);
    expect(report.kills).toBeGreaterThanOrEqual(KILLS);
    expect(report.applied).toBeGreaterThan(0);
  });
});
