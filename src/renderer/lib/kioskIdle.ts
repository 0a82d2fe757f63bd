/**
 * A kiosk visitor's idle clock, as a pure function of time: "active" until `idleSeconds` pass without
 * input, then "asking" ("Are you still here?") for `countdownSeconds`, then "expired" (the session is
 * erased). WCAG 2.2.1: the warning gives at least 20 seconds to answer with one simple action.
 */
export interface KioskTiming {
  idleSeconds: number;
  countdownSeconds: number;
}

export type IdlePhase = { phase: "active" } | { phase: "asking"; secondsLeft: number } | { phase: "expired" };

export function idlePhase(nowMs: number, lastActivityMs: number, timing: KioskTiming): IdlePhase {
  const idle = (nowMs - lastActivityMs) / 1000;
  if (idle < timing.idleSeconds) return { phase: "active" };
  const left = Math.ceil(timing.idleSeconds + timing.countdownSeconds - idle);
  return left > 0 ? { phase: "asking", secondsLeft: left } : { phase: "expired" };
}

/** The host hears from an active visitor at most this often (it erases a session it has not heard from). */
export const HEARTBEAT_MS = 30_000;
