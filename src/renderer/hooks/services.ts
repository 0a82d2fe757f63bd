/** What every panel needs from the app: the engine client, the status announcer, an error reporter. */
import { createContext, useContext } from "react";
import type { EngineClient } from "../transport/connect";

export interface Services {
  client: EngineClient;
  /** Says something once through the polite status region (screen readers). */
  announce(text: string): void;
  /** Shows a problem in the app's problem list. */
  reportError(message: string): void;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error("useServices outside ServicesContext");
  return services;
}
