/**
 * Where the model runs. A model server off this computer receives everything the user types, so
 * choosing one is an explicit choice that names its host (issue 17): the app asks, and the engine
 * refuses a new off-computer server without that confirmation. Dependency-free: both sides use it.
 */
import type { ModelSettings } from "./contract";

export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "");
  return h === "localhost" || h.endsWith(".localhost") || h === "::1" || /^127(?:\.\d{1,3}){3}$/.test(h);
}

/** The host of the server these settings send messages to, when it is not this computer; else null. */
export function remoteModelHost(model: ModelSettings | undefined): string | null {
  const url = model?.provider === "ollama" ? model.ollamaBaseUrl : model?.provider === "openai-compatible" ? model.serverUrl : undefined;
  if (!url) return null;
  try {
    const host = new URL(url).hostname;
    return isLoopbackHost(host) ? null : host.toLowerCase();
  } catch {
    return null;
  }
}
