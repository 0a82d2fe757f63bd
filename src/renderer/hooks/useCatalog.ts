/** The specialists (catalog.agents), fetched again when the language changes (starters are per language). */
import { useEffect, useState } from "react";
import type { AgentSummary } from "../../shared/contract";
import type { EngineClient } from "../transport/connect";
import { errorInfo } from "../lib/errors";

export function useCatalog(client: EngineClient, language: string | null, reportError: (message: string) => void) {
  const [agents, setAgents] = useState<AgentSummary[]>([]);
  useEffect(() => {
    if (!language) return;
    let live = true;
    client["catalog.agents"]({})
      .then((list) => live && setAgents(list))
      .catch((err: unknown) => reportError(errorInfo(err).message));
    return () => {
      live = false;
    };
  }, [client, language, reportError]);
  return agents;
}
