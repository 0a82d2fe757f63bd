/** The conversations list (threads.list), refreshed on demand. */
import { useCallback, useEffect, useState } from "react";
import type { ThreadSummary } from "../../shared/contract";
import type { EngineClient } from "../transport/connect";
import { errorInfo } from "../lib/errors";

export function useThreads(client: EngineClient, reportError: (message: string) => void) {
  const [threads, setThreads] = useState<ThreadSummary[]>([]);
  const refresh = useCallback(() => {
    client["threads.list"]({})
      .then(setThreads)
      .catch((err: unknown) => reportError(errorInfo(err).message));
  }, [client, reportError]);
  useEffect(() => refresh(), [refresh]);
  return { threads, refresh };
}
