/**
 * Transport-neutral request handling: both the Electron IPC bridge and the WebSocket host route
 * every message through `dispatchRequest`, so validation and error shapes are identical.
 */
import { z } from "zod";
import { isRequestName, requests, type EngineRequests, type RequestName } from "./contract";
import type { RequestLimiter } from "./requestLimits";

export const ErrorCodeSchema = z.enum([
  "invalid_message",
  "unknown_method",
  "invalid_input",
  "not_found",
  "conflict",
  "unavailable",
  // Too many requests of one kind from this client: wait and try again (src/shared/requestLimits.ts).
  "rate_limited",
  // A storage quota is full (notes, attachments): delete something first.
  "quota_exceeded",
  "internal",
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const RpcErrorSchema = z.strictObject({
  code: ErrorCodeSchema,
  message: z.string(),
  /** Field-level problems for invalid_input. */
  issues: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
});
export type RpcError = z.infer<typeof RpcErrorSchema>;

export type RpcResponse = { ok: true; result: unknown } | { ok: false; error: RpcError };

/** Thrown by engine code to produce a typed error response instead of "internal". */
export class EngineError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "EngineError";
  }
}

/** A request frame from a client (WebSocket); IPC carries method and params separately. */
export const RequestFrameSchema = z.strictObject({
  id: z.union([z.string().max(64), z.int()]),
  method: z.string().max(100),
  params: z.unknown().optional(),
});
export type RequestFrame = z.infer<typeof RequestFrameSchema>;

function issuesOf(error: z.ZodError): NonNullable<RpcError["issues"]> {
  return error.issues.slice(0, 20).map((i) => ({ path: i.path.join(".") || "(root)", message: i.message }));
}

export function errorResponse(code: ErrorCode, message: string, issues?: RpcError["issues"]): RpcResponse {
  return { ok: false, error: issues ? { code, message, issues } : { code, message } };
}

export interface DispatchOptions {
  /** The calling client's rate limits; a transport passes one per client. */
  limiter?: RequestLimiter;
}

/**
 * Validate method and input, call the engine, validate the output.
 * Never throws: every failure becomes a typed error response.
 */
export async function dispatchRequest(api: EngineRequests, method: unknown, params: unknown, options: DispatchOptions = {}): Promise<RpcResponse> {
  if (!isRequestName(method)) {
    return errorResponse("unknown_method", `Unknown method: ${typeof method === "string" ? method.slice(0, 100) : typeof method}`);
  }
  // Counted before validation, so a flood of malformed requests is limited too.
  const waitMs = options.limiter?.take(method) ?? null;
  if (waitMs !== null) {
    return errorResponse("rate_limited", `Too many ${method} requests. Try again in ${Math.max(1, Math.ceil(waitMs / 1000))} s.`);
  }
  const spec = requests[method];
  try {
    // Inside the try: an in-process caller's object with a throwing getter or proxy trap is bad input too.
    const parsed = spec.input.safeParse(params ?? {});
    if (!parsed.success) {
      return errorResponse("invalid_input", `Invalid input for ${method}`, issuesOf(parsed.error));
    }
    const handler = api[method] as (input: unknown) => Promise<unknown>;
    const result = await handler.call(api, parsed.data);
    const checked = spec.output.safeParse(result);
    if (!checked.success) {
      return errorResponse("internal", `The engine produced an invalid result for ${method}`, issuesOf(checked.error));
    }
    return { ok: true, result: checked.data };
  } catch (err) {
    if (err instanceof EngineError) return errorResponse(err.code, err.message);
    return errorResponse("internal", `${method} failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Client side: turn an error response back into an exception with the code attached. */
export class RpcCallError extends Error {
  constructor(readonly error: RpcError) {
    super(error.message);
    this.name = "RpcCallError";
  }
  get code(): ErrorCode {
    return this.error.code;
  }
}

export function unwrapResponse<T>(response: RpcResponse): T {
  if (response.ok) return response.result as T;
  throw new RpcCallError(response.error);
}

export type { RequestName };
