/**
 * A model served on the clinic LAN through an OpenAI-compatible API (llama.cpp's `llama-server`, vLLM).
 * No API key by default — these servers usually run without one, and a real OpenAI key from the environment
 * must never be sent to them. `GET /v1/models` is probed before the first chat.
 */
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import type { BaseMessage } from "@langchain/core/messages";
import type { ChatGenerationChunk, ChatResult } from "@langchain/core/outputs";
import { ChatOpenAI } from "@langchain/openai";
import { flattenMessages } from "./flattenMessages";
import { connectionErrorCode } from "./ollamaErrors";

export class ClinicServerError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ClinicServerError";
  }
}

/** `http://host:8080`, `http://host:8080/` and `http://host:8080/v1` all mean the same API base. */
export function normalizeServerUrl(serverUrl: string): string {
  const trimmed = serverUrl.replace(/\/+$/, "");
  return /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
}

function unreachable(baseUrl: string, cause?: unknown): ClinicServerError {
  return new ClinicServerError(
    `The clinic model server at ${baseUrl} is not reachable. Check the network connection and that the server ` +
      "(llama.cpp's llama-server or vLLM) is running, or ask the clinic's IT contact.",
    { cause },
  );
}

export interface ClinicServerStatus {
  baseUrl: string;
  models: string[];
}

/** Lists the served models; throws a ClinicServerError with a clear message when that fails. */
export async function probeClinicServer(
  serverUrl: string,
  options: { timeoutMs?: number; apiKey?: string; fetch?: typeof fetch } = {},
): Promise<ClinicServerStatus> {
  const baseUrl = normalizeServerUrl(serverUrl);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(`${baseUrl}/models`, {
      headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    });
  } catch (err) {
    throw unreachable(baseUrl, err);
  }
  if (response.status === 401 || response.status === 403) {
    throw new ClinicServerError(`The clinic model server at ${baseUrl} requires an API key that Carefold does not have.`);
  }
  if (!response.ok) {
    throw new ClinicServerError(
      `The server at ${baseUrl} does not look like an OpenAI-compatible model server (GET /models answered ${response.status}).`,
    );
  }
  const body = (await response.json().catch(() => null)) as { data?: Array<{ id?: unknown }> } | null;
  const models = (body?.data ?? []).map((m) => String(m.id ?? "")).filter((id) => id.length > 0);
  return { baseUrl, models };
}

/** The model to request: the configured one if served, else the only/first served one. */
export function chooseServerModel(status: ClinicServerStatus, configured: string | undefined): string {
  if (configured) {
    if (status.models.length > 0 && !status.models.includes(configured)) {
      throw new ClinicServerError(
        `The clinic model server at ${status.baseUrl} does not serve "${configured}". It serves: ${status.models.join(", ")}.`,
      );
    }
    return configured;
  }
  const first = status.models[0];
  if (!first) throw new ClinicServerError(`The clinic model server at ${status.baseUrl} lists no models.`);
  return first;
}

export function toClinicServerError(err: unknown, baseUrl: string, model: string): unknown {
  if (err instanceof ClinicServerError) return err;
  if (err instanceof Error && err.name === "AbortError") return err;
  const status = (err as { status?: unknown } | null)?.status;
  const message = err instanceof Error ? err.message : String(err);
  if (connectionErrorCode(err) !== null || /connection error|fetch failed|ECONNREFUSED/i.test(message)) {
    return unreachable(baseUrl, err);
  }
  if (status === 404) {
    return new ClinicServerError(`The clinic model server at ${baseUrl} does not serve "${model}".`, { cause: err });
  }
  return new ClinicServerError(`The clinic model server at ${baseUrl} reported an error: ${message}`, { cause: err });
}

export interface ClinicChatModelInput {
  serverUrl: string;
  model: string;
  apiKey?: string;
  maxTokens?: number;
  temperature?: number;
  timeoutMs?: number;
}

export class ClinicChatModel extends ChatOpenAI {
  readonly serverBaseUrl: string;

  static override lc_name(): string {
    return "ClinicChatModel";
  }

  constructor(fields: ClinicChatModelInput) {
    const baseURL = normalizeServerUrl(fields.serverUrl);
    super({
      model: fields.model,
      apiKey: fields.apiKey ?? "no-key",
      configuration: { baseURL },
      maxTokens: fields.maxTokens,
      temperature: fields.temperature ?? 0,
      // A LAN server that is down should fail in seconds, not after six exponential retries.
      maxRetries: 1,
      timeout: fields.timeoutMs ?? 300_000,
      useResponsesApi: false,
      streamUsage: true,
    });
    this.serverBaseUrl = baseURL;
  }

  override async _generate(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    try {
      return await super._generate(flattenMessages(messages), options, runManager);
    } catch (err) {
      throw toClinicServerError(err, this.serverBaseUrl, this.model);
    }
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    try {
      yield* super._streamResponseChunks(flattenMessages(messages), options, runManager);
    } catch (err) {
      throw toClinicServerError(err, this.serverBaseUrl, this.model);
    }
  }

  override async *_streamChatModelEvents(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ) {
    try {
      yield* super._streamChatModelEvents(flattenMessages(messages), options, runManager);
    } catch (err) {
      throw toClinicServerError(err, this.serverBaseUrl, this.model);
    }
  }
}
