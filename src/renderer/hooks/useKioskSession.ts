/**
 * A kiosk visitor's session in the page: input keeps it alive (and tells the host so, now and then);
 * idle past the timing asks "Are you still here?" with a countdown; the end — chosen, timed out, or
 * the host's — erases the session and reloads to a fresh welcome, since the page still shows it.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { HEARTBEAT_MS, idlePhase, type IdlePhase, type KioskTiming } from "../lib/kioskIdle";
import type { EngineClient } from "../transport/connect";

const ACTIVITY = ["pointerdown", "keydown", "touchstart", "wheel"] as const;

export function useKioskSession(client: EngineClient, timing: KioskTiming | null, reload: () => void = () => window.location.reload()) {
  const [phase, setPhase] = useState<IdlePhase>({ phase: "active" });
  const lastActivity = useRef(Date.now());
  const lastBeat = useRef(Date.now());
  const ending = useRef(false);

  const end = useCallback(async () => {
    if (ending.current) return;
    ending.current = true;
    try {
      await client["session.end"]({});
    } catch {
      // Erased or not, the page must not keep showing the session: the host erases it when it stops hearing.
    }
    reload();
  }, [client, reload]);

  const stillHere = useCallback(() => {
    lastActivity.current = Date.now();
    lastBeat.current = Date.now();
    setPhase({ phase: "active" });
    void client["app.info"]({}).catch(() => undefined);
  }, [client]);

  useEffect(() => {
    if (!timing) return;
    const onActivity = () => {
      // While asking, only the dialog's own button answers (a stray touch is not "I'm still here").
      if (idlePhase(Date.now(), lastActivity.current, timing).phase !== "active") return;
      lastActivity.current = Date.now();
      if (Date.now() - lastBeat.current > HEARTBEAT_MS) {
        lastBeat.current = Date.now();
        void client["app.info"]({}).catch(() => undefined);
      }
    };
    for (const e of ACTIVITY) window.addEventListener(e, onActivity, { passive: true, capture: true });
    const tick = setInterval(() => {
      const next = idlePhase(Date.now(), lastActivity.current, timing);
      setPhase((p) => (p.phase === next.phase && (p.phase !== "asking" || (next.phase === "asking" && p.secondsLeft === next.secondsLeft)) ? p : next));
      if (next.phase === "expired") void end();
    }, 1000);
    const offEnded = client.transport.onSessionEnded?.(reload);
    return () => {
      for (const e of ACTIVITY) window.removeEventListener(e, onActivity, { capture: true });
      clearInterval(tick);
      offEnded?.();
    };
  }, [client, timing, end, reload]);

  return { phase, stillHere, end };
}
