/**
 * The web host's sessions when there are profiles: each connection is a holder of its own (a browser
 * tab picks its profile), so two tabs on two profiles never share an engine or an event. A dropped
 * connection's holder waits `graceMs` for the same page to reconnect (the host sends it its session key),
 * then lets its profile go.
 */
import { randomBytes } from "node:crypto";
import type { SessionSource } from "../host/sessions";
import { createProfileClient, type ProfileClient } from "./client";
import type { ProfileManager } from "./manager";

interface Live {
  client: ProfileClient;
  sockets: number;
  grace: NodeJS.Timeout | null;
}

export function profileSessions(manager: ProfileManager, options: { graceMs?: number } = {}): SessionSource {
  const live = new Map<string, Live>();
  const graceMs = options.graceMs ?? 60_000;
  const end = (key: string) => {
    const s = live.get(key);
    if (!s) return;
    if (s.grace) clearTimeout(s.grace);
    live.delete(key);
    s.client.close();
  };
  return {
    kind: "profiles",
    async open(resumeKey) {
      const resumed = resumeKey ? live.get(resumeKey) : undefined;
      if (resumeKey && resumed) {
        if (resumed.grace) clearTimeout(resumed.grace);
        resumed.grace = null;
        resumed.sockets++;
        resumed.client.touch();
        return { key: resumeKey, engine: resumed.client };
      }
      const key = randomBytes(18).toString("base64url");
      const client = await createProfileClient(manager);
      live.set(key, { client, sockets: 1, grace: null });
      return { key, engine: client };
    },
    touch(key) {
      live.get(key)?.client.touch();
    },
    detach(key) {
      const s = live.get(key);
      if (!s) return;
      s.sockets = Math.max(0, s.sockets - 1);
      if (s.sockets > 0) return;
      if (s.grace) clearTimeout(s.grace);
      s.grace = setTimeout(() => end(key), graceMs);
      s.grace.unref();
    },
    onEnded: () => () => undefined,
    async close() {
      for (const key of [...live.keys()]) end(key);
    },
  };
}
