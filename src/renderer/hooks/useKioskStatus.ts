/** The installation's kiosk setting (`kiosk.status`): undefined while asking, null where this host has none to offer. */
import { useCallback, useEffect, useState } from "react";
import type { RequestOutput } from "../../shared/contract";
import type { EngineClient } from "../transport/connect";

export type KioskStatus = RequestOutput<"kiosk.status">;

export function useKioskStatus(client: EngineClient) {
  const [status, setStatus] = useState<KioskStatus | null | undefined>(undefined);
  const refresh = useCallback(async () => {
    try {
      setStatus(await client["kiosk.status"]({}));
    } catch {
      setStatus(null); // the plain CLI engine, `serve --profile`: no kiosk setting here
    }
  }, [client]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { status, refresh };
}
