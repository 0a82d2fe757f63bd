/**
 * Whose records the app shows. Where the host has profiles, the app opens on the picker when there is a
 * choice (several people, or a PIN); the app below is mounted afresh for each profile (nothing of one
 * person's screen is kept for the next). A relock (idle, or the profile removed elsewhere) brings the
 * picker back. Hosts without profiles (a kiosk) show the app as it is.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import type { ProfileSummary } from "../../shared/profileSchemas";
import type { EngineClient } from "../transport/connect";
import { ProfileContext, type ProfileState } from "../state/profiles";
import { ProfilePicker } from "./ProfilePicker";

const ACTIVITY = ["pointerdown", "keydown", "wheel", "touchstart"] as const;
const HEARTBEAT_MS = 60_000;

interface Listed {
  profiles: ProfileSummary[];
  current: string | null;
  relockMinutes: number;
}

export function ProfileGate({ client, children }: { client: EngineClient; children(key: string): ReactNode }) {
  /** undefined: asking; null: this host has no profiles. */
  const [listed, setListed] = useState<Listed | null | undefined>(undefined);
  const [lockedReason, setLockedReason] = useState<"idle" | "removed" | null>(null);

  const refresh = useCallback(async () => {
    try {
      setListed(await client["profiles.list"]({}));
    } catch {
      setListed(null); // a kiosk, or a host without profiles: the app as it is
    }
  }, [client]);

  useEffect(() => {
    void refresh();
    const off = client.onEvent((e) => {
      if (e.type !== "profiles.locked") return;
      setLockedReason(e.reason);
      void refresh();
    });
    // A new connection (the host restarted, or the session expired) may have no profile open.
    const offEnded = client.transport.onSessionEnded?.(() => void refresh());
    return () => {
      off();
      offEnded?.();
    };
  }, [client, refresh]);

  const current = listed?.profiles.find((p) => p.id === listed.current) ?? null;
  // Someone reading or typing is there: tell the host now and then (a cheap request), so the profile is
  // not relocked under them; without input it relocks after the chosen time.
  const openId = current?.id ?? null;
  useEffect(() => {
    if (!openId) return;
    let last = Date.now();
    const onActivity = () => {
      if (Date.now() - last < HEARTBEAT_MS) return;
      last = Date.now();
      void client["profiles.list"]({}).catch(() => undefined);
    };
    for (const e of ACTIVITY) window.addEventListener(e, onActivity, { passive: true, capture: true });
    return () => {
      for (const e of ACTIVITY) window.removeEventListener(e, onActivity, { capture: true });
    };
  }, [client, openId]);
  const switchPerson = useCallback(() => {
    void client["profiles.lock"]({}).finally(() => void refresh());
  }, [client, refresh]);
  const state = useMemo<ProfileState | null>(
    () => (listed && current ? { current, profiles: listed.profiles, relockMinutes: listed.relockMinutes, switchPerson, refresh } : null),
    [listed, current, switchPerson, refresh],
  );

  if (listed === undefined) return null;
  if (listed === null) return <>{children("app")}</>;
  if (!state)
    return (
      <ProfilePicker
        client={client}
        profiles={listed.profiles}
        lockedReason={lockedReason}
        onOpened={() => {
          setLockedReason(null);
          void refresh();
        }}
      />
    );
  return <ProfileContext.Provider value={state}>{children(state.current.id)}</ProfileContext.Provider>;
}
