/**
 * Sending a model file from the browser to the local web host (`POST /models/upload`, see
 * src/engine/host/modelUpload.ts). XMLHttpRequest, not fetch: only it reports upload progress, and it
 * sends the File from disk without reading it into memory. Pure of React; the request is injectable.
 */
import type { ModelsList } from "../../shared/contract";

export type UploadedModel = ModelsList["local"][number];

/** Why an upload failed: the host's error code ("invalid_input", "conflict", …), or "network" / "cancelled" / "unauthorized". */
export class UploadError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

export interface UploadOptions {
  token: string;
  /** The host's session for this page (a profile), when it named one. */
  session?: string | null;
  onProgress(sent: number, total: number): void;
  signal?: AbortSignal;
  /** For tests: a stand-in for XMLHttpRequest. */
  makeRequest?: () => XMLHttpRequest;
}

/** Whether the file starts like a GGUF model: checked before sending gigabytes of the wrong file. */
export async function looksLikeGguf(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return head.length === 4 && String.fromCharCode(...head) === "GGUF";
}

function errorOf(status: number, body: string): UploadError {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    const code = typeof parsed.error?.code === "string" ? parsed.error.code : "internal";
    return new UploadError(code, typeof parsed.error?.message === "string" ? parsed.error.message : "");
  } catch {
    return new UploadError(status === 401 ? "unauthorized" : "internal", "");
  }
}

export function uploadModel(file: File, options: UploadOptions): Promise<UploadedModel> {
  return new Promise((resolve, reject) => {
    const xhr = options.makeRequest?.() ?? new XMLHttpRequest();
    xhr.open("POST", `/models/upload?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader("Authorization", `Bearer ${options.token}`);
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    if (options.session) xhr.setRequestHeader("X-Carefold-Session", options.session);
    xhr.upload.onprogress = (e) => options.onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () => {
      if (xhr.status === 201) {
        try {
          resolve((JSON.parse(xhr.responseText) as { model: UploadedModel }).model);
        } catch {
          reject(new UploadError("internal", ""));
        }
      } else reject(errorOf(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new UploadError("network", ""));
    xhr.onabort = () => reject(new UploadError("cancelled", ""));
    if (options.signal?.aborted) return reject(new UploadError("cancelled", ""));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** Percent steps worth announcing (a screen reader hears 25 %, 50 %, 75 %, not every tick). */
export function announceStep(previous: number, sent: number, total: number): number | null {
  if (total <= 0) return null;
  const step = Math.floor((sent / total) * 4) * 25;
  return step > previous && step > 0 && step < 100 ? step : null;
}
