/** models.list, refreshed after a change (download finished, import, remove, settings saved). */
import { useCallback, useEffect, useState } from "react";
import type { ModelsList } from "../../shared/contract";
import type { EngineClient } from "../transport/connect";
import { errorInfo } from "../lib/errors";

export function useModels(client: EngineClient) {
  const [models, setModels] = useState<ModelsList | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = useCallback(() => {
    client["models.list"]({})
      .then((m) => {
        setModels(m);
        setProblem(null);
      })
      .catch((err: unknown) => setProblem(errorInfo(err).message));
  }, [client]);
  useEffect(() => refresh(), [refresh]);
  return { models, problem, refresh };
}
