/**
 * Ollama failures in words a patient or caregiver can act on. The raw errors are a bare "fetch failed"
 * (with the socket error in `cause`), `ResponseError` with an HTTP status, or a stream that ends early.
 */
export type OllamaProblem = "not-running" | "model-missing" | "no-tool-support" | "incomplete-stream" | "timeout" | "other";

export class OllamaError extends Error {
  /** Where and which model, so a screen can say it again in the user's language (ollamaText.ts). */
  readonly baseUrl: string | null;
  readonly model: string | null;
  constructor(
    message: string,
    readonly problem: OllamaProblem,
    options?: { cause?: unknown; baseUrl?: string; model?: string },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "OllamaError";
    this.baseUrl = options?.baseUrl ?? null;
    this.model = options?.model ?? null;
  }
}

export const DEFAULT_OLLAMA_URL = "http://127.0.0.1:11434";

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT"]);

/** The socket error code of a failed fetch, however deeply undici nests it. */
export function connectionErrorCode(err: unknown): string | null {
  for (let current = err, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && CONNECTION_CODES.has(code)) return code;
    const nested = (current as { errors?: unknown[] }).errors;
    if (Array.isArray(nested)) {
      const inner = nested.map(connectionErrorCode).find((c) => c !== null);
      if (inner) return inner;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export function notRunningMessage(baseUrl: string): string {
  return `Ollama is not running at ${baseUrl}. Start it with \`ollama serve\` (or open the Ollama app), then try again.`;
}

export function modelMissingMessage(model: string): string {
  return `The Ollama model "${model}" is not installed. Run \`ollama pull ${model}\`, then try again.`;
}

export function noToolSupportMessage(model: string): string {
  return (
    `The Ollama model "${model}" cannot call tools, which Carefold needs. ` +
    "Choose a model with tool support, e.g. `ollama pull qwen2.5:3b` or `ollama pull llama3.2:3b`."
  );
}

/** What a request that got no answer for `idleMs` says (the server accepted it, then sent nothing). */
export function noAnswerMessage(baseUrl: string, model: string, idleMs: number): string {
  const seconds = Math.round(idleMs / 1000);
  const wait =
    idleMs < 1000 ? `${idleMs} ms` : seconds >= 120 && seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} seconds`;
  return (
    `Ollama at ${baseUrl} sent nothing for ${wait}, so Carefold stopped waiting. ` +
    `It may be stuck, or still loading "${model}" or reading a very long conversation. ` +
    "Restart Ollama (or choose a smaller model), then try again."
  );
}

/** Maps any error from the Ollama client to an OllamaError; abort errors are returned unchanged. */
export function toOllamaError(err: unknown, context: { baseUrl: string; model: string }): unknown {
  if (err instanceof OllamaError) return err;
  if (err instanceof Error && err.name === "AbortError") return err;
  const message = err instanceof Error ? err.message : String(err);
  const status = (err as { status_code?: unknown } | null)?.status_code;
  if (connectionErrorCode(err) !== null || (err instanceof TypeError && message === "fetch failed")) {
    return new OllamaError(notRunningMessage(context.baseUrl), "not-running", { cause: err, ...context });
  }
  if (/does not support tools/i.test(message)) {
    return new OllamaError(noToolSupportMessage(context.model), "no-tool-support", { cause: err, ...context });
  }
  if (status === 404 || /model ".*" not found|not found, try pulling/i.test(message)) {
    return new OllamaError(modelMissingMessage(context.model), "model-missing", { cause: err, ...context });
  }
  if (/did not receive done/i.test(message)) {
    return new OllamaError(
      `Ollama stopped answering before the reply was complete (the stream ended without "done"). ` +
        `Check that Ollama at ${context.baseUrl} is still running and has enough memory for "${context.model}", then try again.`,
      "incomplete-stream",
      { cause: err, ...context },
    );
  }
  return new OllamaError(`Ollama at ${context.baseUrl} reported an error: ${message}`, "other", { cause: err, ...context });
}
