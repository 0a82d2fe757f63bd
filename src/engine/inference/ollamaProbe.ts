/**
 * Is Ollama there, and which models does it have? `GET /api/version` and `GET /api/tags`, with a short
 * timeout, before the first chat — so the user sees "start Ollama" or "pull the model" instead of a stack trace.
 */
import {
  DEFAULT_OLLAMA_URL,
  OllamaError,
  connectionErrorCode,
  modelMissingMessage,
  noToolSupportMessage,
  notRunningMessage,
} from "./ollamaErrors";

export interface OllamaStatus {
  reachable: boolean;
  baseUrl: string;
  version: string | null;
  models: string[];
  problem: string | null;
  /** What kind of problem, so a screen can say it in the user's language (modelsList.ts). */
  problemKind: OllamaProbeProblem | null;
  /** The model's trained context length from `/api/show` (`<arch>.context_length`), when it says. */
  contextLength?: number | null;
}

/** `<arch>.context_length` from /api/show's model_info: the most context the model was trained for. */
export function contextLengthOf(show: unknown): number | null {
  const info = (show as { model_info?: Record<string, unknown> } | null)?.model_info ?? {};
  const arch = info["general.architecture"];
  const value = typeof arch === "string" ? info[`${arch}.context_length`] : Object.entries(info).find(([k]) => k.endsWith(".context_length"))?.[1];
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;
}

export type OllamaProbeProblem = "not-running" | "timeout" | "not-ollama" | "other";

export interface ProbeOptions {
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function normalizeOllamaUrl(baseUrl: string | undefined): string {
  return (baseUrl ?? DEFAULT_OLLAMA_URL).replace(/\/+$/, "");
}

async function getJson(url: string, options: ProbeOptions, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const doFetch = options.fetch ?? fetch;
  const response = await doFetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 3000) });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

function describeFailure(err: unknown, baseUrl: string): [string, OllamaProbeProblem] {
  if (connectionErrorCode(err) !== null || (err instanceof TypeError && err.message === "fetch failed")) {
    return [notRunningMessage(baseUrl), "not-running"];
  }
  if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")) {
    return [`Ollama at ${baseUrl} did not answer in time. Check that \`ollama serve\` is running and not busy, then try again.`, "timeout"];
  }
  return [`Could not reach Ollama at ${baseUrl}: ${err instanceof Error ? err.message : String(err)}`, "other"];
}

/** Never throws: reports reachability, version and installed model tags. */
export async function probeOllama(baseUrlInput?: string, options: ProbeOptions = {}): Promise<OllamaStatus> {
  const baseUrl = normalizeOllamaUrl(baseUrlInput);
  const status: OllamaStatus = { reachable: false, baseUrl, version: null, models: [], problem: null, problemKind: null };
  try {
    const version = await getJson(`${baseUrl}/api/version`, options);
    if (version.status !== 200) {
      status.problem = `The server at ${baseUrl} does not look like Ollama (GET /api/version answered ${version.status}).`;
      status.problemKind = "not-ollama";
      return status;
    }
    status.version = String((version.body as { version?: unknown } | null)?.version ?? "") || null;
    const tags = await getJson(`${baseUrl}/api/tags`, options);
    const models = (tags.body as { models?: Array<{ name?: unknown; model?: unknown }> } | null)?.models ?? [];
    status.models = models.map((m) => String(m.name ?? m.model ?? "")).filter((n) => n.length > 0);
    status.reachable = true;
  } catch (err) {
    [status.problem, status.problemKind] = describeFailure(err, baseUrl);
  }
  return status;
}

/** Ollama treats "name" and "name:latest" as the same model. */
export function hasOllamaModel(installed: readonly string[], model: string): boolean {
  const withTag = model.includes(":") ? model : `${model}:latest`;
  return installed.some((name) => name === model || name === withTag);
}

/**
 * Throws an OllamaError unless Ollama is reachable, has `model`, and (when it reports capabilities)
 * the model supports tools.
 */
export async function requireOllamaModel(baseUrlInput: string | undefined, model: string, options: ProbeOptions = {}): Promise<OllamaStatus> {
  const status = await probeOllama(baseUrlInput, options);
  if (!status.reachable) throw new OllamaError(status.problem ?? notRunningMessage(status.baseUrl), "not-running", { baseUrl: status.baseUrl, model });
  if (!hasOllamaModel(status.models, model)) throw new OllamaError(modelMissingMessage(model), "model-missing", { baseUrl: status.baseUrl, model });
  try {
    const show = await getJson(`${status.baseUrl}/api/show`, options, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model }),
    });
    const capabilities = (show.body as { capabilities?: unknown } | null)?.capabilities;
    if (Array.isArray(capabilities) && !capabilities.includes("tools")) {
      throw new OllamaError(noToolSupportMessage(model), "no-tool-support", { baseUrl: status.baseUrl, model });
    }
    return { ...status, contextLength: contextLengthOf(show.body) };
  } catch (err) {
    // Older Ollama versions have no capabilities field; the chat call reports missing tool support then.
    if (err instanceof OllamaError) throw err;
  }
  return status;
}
