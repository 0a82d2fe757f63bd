/** Failed requests as something kind to show: the RPC error code decides the wording's key. */

export interface ErrorInfo {
  code: string;
  message: string;
}

export function errorInfo(err: unknown): ErrorInfo {
  if (err && typeof err === "object") {
    const e = err as { code?: unknown; message?: unknown };
    const code = typeof e.code === "string" ? e.code : "internal";
    const message = typeof e.message === "string" ? e.message : String(err);
    return { code, message };
  }
  return { code: "internal", message: String(err) };
}

/** i18n key for a short lead-in sentence per code; the engine's own message follows it. */
export function errorLeadKey(code: string): string {
  switch (code) {
    case "unavailable":
      return "errors.unavailable";
    case "conflict":
      return "errors.conflict";
    case "not_found":
      return "errors.notFound";
    case "invalid_input":
      return "errors.invalidInput";
    case "rate_limited":
      return "errors.rateLimited";
    case "quota_exceeded":
      return "errors.quotaExceeded";
    default:
      return "errors.generic";
  }
}
