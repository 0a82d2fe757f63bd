/**
 * Single-specialist consults through the real engine (router and FTS catalog, lifecycle, Deep Agents,
 * output guard, synthesis) with real weights loaded the product's way (createModelProvider, threads =
 * os.availableParallelism()). Structure only, never wording: a `done` event arrives; the turn ends
 * answered, or failed with a clear error; the model streamed; nothing unguarded reached the token events;
 * a cancel stops the turn. What each output guard withheld is written to
 * test-results/models/<model>/guard.json for a person to read.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutputGuard, loadOutputClassifier } from "../src/engine/safety";
import { ROUTER_MODEL_KEY } from "../src/engine/routing";
import type { Engine } from "../src/engine/engine";
import type { EngineEvent, EventOf } from "../src/shared/contract";
import { REPO } from "../test/support/engineHarness";
import { tempDir } from "../test/support/tempDir";
import { doneOf, observedEngine, realModelProvider, selectedModels, type GuardRecord, type ModelCall, type RealProvider } from "./support/realModel";

/** A clear question: the deterministic router picks one specialist without asking the model. */
const QUESTION = "Help me keep a simple daily walking log";
/** Also clear to the router (a Spanish "walking log" is not: it goes to the model, then to records). */
const QUESTION_ES = "Ayúdame a crear un hábito de caminar todos los días";
const TURN_TIMEOUT_MS = 480_000;
/** The streaming chunk size the guard CLI uses for a recorded answer (a few tokens). */
const GUARD_CHUNK = 16;

interface TurnRecord {
  label: string;
  question: string;
  language: "en" | "es";
  outcome: string;
  agents: string[];
  errors: string[];
  tokenEvents: number;
  calls: Array<Omit<ModelCall, "startedAt" | "firstChunkAt" | "endedAt"> & { firstChunkMs: number | null; durationMs: number | null }>;
  /** The engine's own output guards in this turn: input, released text, withheld text and verdict. */
  /** `ended` false: the stream stopped early (a cancel), so `withheld` is the unfinished sentence. */
  guards: Array<{ language: string; input: string; shown: string; withheld: string; blocked: GuardRecord["blocked"]; ended: boolean }>;
  /** Each model call's raw text streamed through a fresh createOutputGuard. */
  callVerdicts: Array<{ shown: string; withheld: string; blocked: { category: string | null; rule: string | null } | null }>;
}

/** The product's output classifier, loaded once (the guard the engine builds uses the same file). */
let classifier: ReturnType<typeof loadOutputClassifier> | null = null;
const outputClassifier = () => (classifier ??= loadOutputClassifier(REPO));

/** A recorded answer through a fresh output guard (rules ∪ classifier), in stream-sized chunks. */
function guardText(text: string, language: "en" | "es") {
  const guard = createOutputGuard({ language, semantic: outputClassifier() });
  let shown = "";
  for (let i = 0; i < text.length; i += GUARD_CHUNK) shown += guard.push(text.slice(i, i + GUARD_CHUNK));
  shown += guard.end();
  const b = guard.blocked;
  return { shown, withheld: text.startsWith(shown) ? text.slice(shown.length) : text, blocked: b ? { category: b.category, rule: b.rule } : null };
}

for (const selected of selectedModels()) {
  describe.skipIf(selected.skip !== null)(`${selected.id}${selected.skip ? ` (skipped: ${selected.skip})` : ""}: consult through the engine`, () => {
    const tmp = tempDir("carefold-real-consult-");
    const turns: TurnRecord[] = [];
    let real: RealProvider;
    let engine: Engine;
    let guards: GuardRecord[];
    let events: EngineEvent[];

    beforeAll(async () => {
      real = realModelProvider(selected.path!, { dataDir: tmp.dir, threads: availableParallelism(), maxTokens: 96 });
      ({ engine, guards, events } = observedEngine({ dataDir: tmp.dir, contentDir: REPO, modelProvider: real.provider, hostKind: "cli" }));
    });

    afterAll(async () => {
      await engine?.close();
      await real?.provider.dispose?.();
      tmp.cleanup();
      const dir = join(REPO, "test-results", "models", selected.id);
      mkdirSync(dir, { recursive: true });
      const withheld = turns.flatMap((t) => t.guards.filter((g) => g.withheld.length > 0 || g.blocked).map((g) => ({ turn: t.label, ...g })));
      writeFileSync(
        join(dir, "guard.json"),
        JSON.stringify({ model: selected.id, loadAverage: loadavg()[0], threads: availableParallelism(), withheld, turns }, null, 2) + "\n",
      );
    });

    /** One turn: ask, optionally act on the first streamed model chunk, wait for done, record everything. */
    async function turn(label: string, question: string, language: "en" | "es", onFirstChunk?: (turnId: string) => void) {
      await engine["settings.set"]({ language });
      const callsBefore = real.calls.length;
      const guardsBefore = guards.length;
      let asked: { turnId: string; threadId: string } | null = null;
      let fired = false;
      const stop = real.onChunk((call) => {
        // Only a specialist's call of this turn (turns run one after another, so none is still finishing).
        if (!fired && asked && onFirstChunk && call.key.startsWith("specialist:")) {
          fired = true;
          onFirstChunk(asked.turnId);
        }
      });
      asked = await engine["consult.ask"]({ text: question });
      const done = await doneOf(events, asked.turnId, TURN_TIMEOUT_MS).finally(stop);
      const mine = <T extends EngineEvent["type"]>(type: T) =>
        events.filter((e): e is EventOf<T> => e.type === type && "turnId" in e && e.turnId === asked.turnId);
      const calls = real.calls.slice(callsBefore);
      const turnGuards = guards.slice(guardsBefore);
      const record: TurnRecord = {
        label,
        question,
        language,
        outcome: done.outcome,
        agents: done.agents,
        errors: mine("error").map((e) => `${e.code}: ${e.message}`),
        tokenEvents: mine("token").length,
        calls: calls.map(({ startedAt, firstChunkAt, endedAt, ...rest }) => ({
          ...rest,
          firstChunkMs: firstChunkAt === null ? null : Math.round(firstChunkAt - startedAt),
          durationMs: endedAt === null ? null : Math.round(endedAt - startedAt),
        })),
        guards: turnGuards.map((g) => {
          const input = g.pushed.join("");
          const shown = g.released.join("");
          return { language: g.language, input, shown, withheld: input.startsWith(shown) ? input.slice(shown.length) : input, blocked: g.blocked, ended: g.ended };
        }),
        callVerdicts: calls.map((c) => guardText(c.text, language)),
      };
      turns.push(record);
      return { done, record, calls, turnGuards, tokens: mine("token"), errors: mine("error") };
    }

    /** What every finished turn must satisfy, whatever the model wrote. */
    function expectWellFormed(result: Awaited<ReturnType<typeof turn>>, language: "en" | "es") {
      const { done, record, calls, turnGuards, tokens, errors } = result;
      expect(["answered", "failed"]).toContain(done.outcome);
      if (done.outcome === "failed") {
        // A failure says what went wrong, in a sentence.
        expect(errors.length).toBeGreaterThan(0);
        expect(errors.every((e) => e.message.trim().length >= 20)).toBe(true);
        return;
      }
      expect(done.text.trim().length).toBeGreaterThan(0);
      // Single specialist, routed without a model call.
      expect(done.agents).toHaveLength(1);
      expect(done.topology).toBe("single");
      expect(calls.length).toBeGreaterThanOrEqual(1);
      expect(calls.some((c) => c.key === ROUTER_MODEL_KEY)).toBe(false);
      expect(calls.every((c) => c.key === `specialist:${done.agents[0]}`)).toBe(true);
      // The real model was called and streamed.
      for (const call of calls) {
        expect(call.evaluation, "every call reports its token accounting").not.toBeNull();
        expect(call.evaluation!.promptTokens).toBeGreaterThan(100);
        expect(call.evaluation!.outputTokens).toBeGreaterThan(0);
      }
      expect(calls.some((c) => c.chunks > 1)).toBe(true);
      // Every streamed token event is text one of this turn's output guards released, in order.
      expect(turnGuards.length).toBeGreaterThanOrEqual(1);
      expect(turnGuards.every((g) => g.language === language && g.ended)).toBe(true);
      expect(tokens.map((t) => t.text).join("")).toBe(turnGuards.map((g) => g.released.join("")).join(""));
      if (turnGuards.some((g) => g.released.length > 0)) expect(tokens.length).toBeGreaterThan(0);
      // The guard only ever releases a prefix of what it was given; a clean stream is released whole.
      for (const g of record.guards) {
        expect(g.input.startsWith(g.shown)).toBe(true);
        if (!g.blocked) expect(g.withheld).toBe("");
      }
      for (const v of record.callVerdicts) if (!v.blocked) expect(v.withheld).toBe("");
    }

    it("answers a clear single-specialist question: done arrives, the model streamed, the guard saw every token", async () => {
      const result = await turn("en", QUESTION, "en");
      expectWellFormed(result, "en");
    });

    it("answers in Spanish with the Spanish output guard", async () => {
      const result = await turn("es", QUESTION_ES, "es");
      expectWellFormed(result, "es");
    });

    it("a new conversation with the same specialist starts from its warm prefix (slots keyed by specialist)", async () => {
      const first = await turn("warm-1", QUESTION, "en");
      const second = await turn("warm-2", QUESTION, "en");
      if (first.done.outcome !== "answered" || second.done.outcome !== "answered") return; // a failure is checked above
      expect(second.done.threadId).not.toBe(first.done.threadId);
      const opening = second.calls[0]!.evaluation!;
      // The persona, safety text, main skill and tools were already evaluated: only the rest is read.
      expect(opening.reusedPromptTokens).toBeGreaterThan(500);
      expect(opening.evaluatedInputTokens).toBeLessThan(opening.promptTokens);
      console.log(`[warm prefix] ${selected.id}: prompt ${opening.promptTokens}, reused ${opening.reusedPromptTokens}, evaluated ${opening.evaluatedInputTokens}`);
    });

    it("a cancel while the model is generating ends the turn as cancelled, within seconds", async () => {
      let cancelledAt = 0;
      const result = await turn("cancel", QUESTION, "en", (turnId) => {
        cancelledAt = performance.now();
        void engine["consult.cancel"]({ turnId });
      });
      const doneAt = performance.now();
      expect(cancelledAt).toBeGreaterThan(0);
      expect(result.done.outcome).toBe("cancelled");
      expect(doneAt - cancelledAt).toBeLessThan(30_000);
      expect(result.errors).toEqual([]);
    });
  });
}
