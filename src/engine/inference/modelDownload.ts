/**
 * Downloads a model into <data>/models with node-llama-cpp's downloader (parallel connections, resume of a
 * partial file in models/.downloads, size check against the server), then validates the GGUF and an optional
 * SHA-256 before moving it into place. Offline must fail in seconds with a way forward — never hang: URI
 * resolution has a timeout and the transfer is cancelled when no bytes arrive for a while.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { rm, stat, statfs } from "node:fs/promises";
import { join } from "node:path";
import { createModelDownloader, type ModelDownloadEndpoints, type ModelDownloader } from "node-llama-cpp";
import { isLoopbackHost } from "../../shared/modelHosts";
import { InvalidModelFileError, validateGgufFile } from "./ggufValidation";
import { ensurePrivateDir } from "../storage/privateFiles";
import { isSafeModelFileName, modelsDir, moveIntoPlace, toLocalModel, type ImportResult } from "./modelStore";
import { RECOMMENDED_MODELS, findRecommendedModel, type RecommendedModelEntry } from "./recommendedModels";

/** Maps onto the contract's `model.progress` event (the caller adds "done"/"failed"). */
export interface DownloadProgress {
  state: "downloading" | "verifying";
  downloadedBytes: number;
  totalBytes: number;
}

export interface PullOptions {
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
  /** Time allowed to resolve the URI and reach the server (default 20 s). */
  connectTimeoutMs?: number;
  /** Cancel when no bytes arrive for this long (default 60 s). */
  stallTimeoutMs?: number;
  /** Overrides the Hugging Face endpoint (tests, mirrors). */
  endpoints?: ModelDownloadEndpoints;
}

/** What kind of failure, and where from, so the app can say it in the user's language without commands. */
export type DownloadProblem = "unreachable" | "interrupted" | "no-space" | "other";

export class ModelDownloadError extends Error {
  readonly problem: DownloadProblem;
  readonly host: string | null;
  readonly neededBytes: number | null;
  constructor(message: string, options?: { cause?: unknown; problem?: DownloadProblem; host?: string; neededBytes?: number }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ModelDownloadError";
    this.problem = options?.problem ?? "other";
    this.host = options?.host ?? null;
    this.neededBytes = options?.neededBytes ?? null;
  }
}

const OFFLINE_HINT =
  "This computer may be offline. Copy the .gguf file on a USB stick and run `carefold models import <file>`, " +
  "or use Ollama or the clinic server instead.";

function hostOf(uri: string, endpoints?: ModelDownloadEndpoints): string {
  if (uri.startsWith("hf:")) return new URL(endpoints?.huggingFace ?? "https://huggingface.co").host;
  try {
    return new URL(uri).host;
  } catch {
    return uri;
  }
}

/** Where models come from unless the user says otherwise (the recommended models' `hf:` URIs). */
export const DEFAULT_DOWNLOAD_HOST = "huggingface.co";

/**
 * The host a pull would download from, when it is neither the default source nor this computer: a
 * download source is an explicit choice that names its host (issue 17). null when no question is needed.
 */
export function unusualDownloadHost(target: RecommendedModelEntry, endpoints?: ModelDownloadEndpoints): string | null {
  const host = hostOf(target.uri, endpoints).toLowerCase().replace(/:\d+$/, "");
  return host === DEFAULT_DOWNLOAD_HOST || isLoopbackHost(host) ? null : host;
}

/** A recommended model id, or a `hf:`/`https:` URI with a file name derived from it. */
export function resolvePullTarget(idOrUri: string): RecommendedModelEntry {
  const entry = findRecommendedModel(idOrUri);
  if (entry) return entry;
  if (!/^(hf:|https?:\/\/)/.test(idOrUri)) {
    throw new ModelDownloadError(
      `Unknown model "${idOrUri}". Use one of: ${RECOMMENDED_MODELS.map((m) => m.id).join(", ")}, or a hf:/https: URI.`,
    );
  }
  return { id: idOrUri, title: idOrUri, uri: idOrUri, fileName: fileNameForUri(idOrUri), sizeBytes: 0, ramBytes: 0, notes: "" };
}

/** `hf:user/Model-GGUF:Q4_K_M` → `model-gguf-q4_k_m.gguf`; a URL or file path → its last segment. */
export function fileNameForUri(uri: string): string {
  const clean = uri.replace(/[#?].*$/, "");
  const hfTag = /^hf:[^/]+\/([^/:]+):([^/]+)$/.exec(clean);
  const base = hfTag ? `${hfTag[1]}-${hfTag[2]}` : (clean.split("/").filter(Boolean).pop() ?? "model");
  const safe = base.replace(/\.gguf$/i, "").replace(/^hf:/, "").replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[.-]+/, "");
  return `${safe || "model"}.gguf`.toLowerCase();
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * A refused or unresolvable connection is known in milliseconds, but the downloader retries it for a long
 * time; one quick request first turns "offline" into an immediate, clear answer.
 */
async function preflight(uri: string, host: string, title: string, options: PullOptions, timeoutMs: number): Promise<void> {
  const url = uri.startsWith("hf:") ? (options.endpoints?.huggingFace ?? "https://huggingface.co/") : uri;
  try {
    const response = await fetch(url, { method: "HEAD", signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
  } catch (err) {
    if (options.signal?.aborted) throw err;
    const timedOut = err instanceof Error && err.name === "TimeoutError";
    throw new ModelDownloadError(
      timedOut
        ? `No answer from ${host} within ${seconds(timeoutMs)}. ${OFFLINE_HINT}`
        : `Could not reach ${host} to download ${title} (${describeFetchError(err)}). ${OFFLINE_HINT}`,
      { cause: err, problem: "unreachable", host },
    );
  }
}

function describeFetchError(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } } | null)?.cause;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function ensureDiskSpace(dir: string, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  const fs = await statfs(dir).catch(() => null);
  if (fs && fs.bavail * fs.bsize < bytes) {
    const gb = (n: number) => `${(n / 1e9).toFixed(1)} GB`;
    throw new ModelDownloadError(`Not enough disk space: the model needs ${gb(bytes)}, ${gb(fs.bavail * fs.bsize)} is free.`, { problem: "no-space", neededBytes: bytes });
  }
}

export async function pullModel(dataDir: string, idOrUri: string, options: PullOptions = {}): Promise<ImportResult> {
  const target = resolvePullTarget(idOrUri);
  if (!isSafeModelFileName(target.fileName)) throw new ModelDownloadError(`Cannot derive a file name from ${idOrUri}.`);
  const dir = modelsDir(dataDir);
  const staging = join(dir, ".downloads");
  // Both 0700: the partial file the downloader writes (0644) is out of other users' reach until moveIntoPlace makes it 0600.
  ensurePrivateDir(dir);
  ensurePrivateDir(staging);
  const finalPath = join(dir, target.fileName);
  if (await stat(finalPath).catch(() => null)) {
    throw new ModelDownloadError(`${target.fileName} is already installed.`);
  }
  const host = hostOf(target.uri, options.endpoints);
  const connectTimeoutMs = options.connectTimeoutMs ?? 20_000;
  const stallTimeoutMs = options.stallTimeoutMs ?? 60_000;

  await preflight(target.uri, host, target.title, options, connectTimeoutMs);
  let lastProgressAt = Date.now();
  let downloader: ModelDownloader;
  try {
    downloader = await withTimeout(
      createModelDownloader({
        modelUri: target.uri,
        dirPath: staging,
        fileName: target.fileName,
        showCliProgress: false,
        skipExisting: true,
        deleteTempFileOnCancel: false, // keep the partial file so the next attempt resumes
        endpoints: options.endpoints,
        onProgress: ({ totalSize, downloadedSize }) => {
          lastProgressAt = Date.now();
          options.onProgress?.({ state: "downloading", downloadedBytes: downloadedSize, totalBytes: totalSize });
        },
      }),
      connectTimeoutMs,
      () => new ModelDownloadError(`No answer from ${host} within ${seconds(connectTimeoutMs)}. ${OFFLINE_HINT}`, { problem: "unreachable", host }),
    );
  } catch (err) {
    if (err instanceof ModelDownloadError) throw err;
    throw new ModelDownloadError(
      `Could not reach ${host} to download ${target.title} (${err instanceof Error ? err.message : String(err)}). ${OFFLINE_HINT}`,
      { cause: err, problem: "unreachable", host },
    );
  }

  await ensureDiskSpace(staging, downloader.totalSize - downloader.downloadedSize);
  const stopper = new AbortController();
  const watchdog = setInterval(() => {
    if (Date.now() - lastProgressAt > stallTimeoutMs) stopper.abort(new Error("stalled"));
  }, Math.min(1000, stallTimeoutMs));
  const signal = options.signal ? AbortSignal.any([options.signal, stopper.signal]) : stopper.signal;
  let downloadedPath: string;
  try {
    lastProgressAt = Date.now();
    downloadedPath = await downloader.download({ signal });
    // The downloader resolves (instead of rejecting) when its signal aborts.
    if (signal.aborted) throw signal.reason;
  } catch (err) {
    if (options.signal?.aborted) throw err;
    const reason = stopper.signal.aborted
      ? `no data arrived for ${seconds(stallTimeoutMs)}`
      : err instanceof Error
        ? err.message
        : String(err);
    throw new ModelDownloadError(
      `Downloading ${target.title} from ${host} failed: ${reason}. Run the same command again to resume. ${OFFLINE_HINT}`,
      { cause: err, problem: "interrupted", host },
    );
  } finally {
    clearInterval(watchdog);
  }

  options.onProgress?.({ state: "verifying", downloadedBytes: downloader.downloadedSize, totalBytes: downloader.totalSize });
  try {
    const summary = await validateGgufFile(downloadedPath);
    if (downloader.totalSize > 0 && summary.sizeBytes !== downloader.totalSize) {
      throw new InvalidModelFileError(
        `The download is incomplete (${summary.sizeBytes} of ${downloader.totalSize} bytes); run the command again to resume.`,
        "incomplete",
      );
    }
    if (target.sha256 && (await sha256Of(downloadedPath)) !== target.sha256.toLowerCase()) {
      throw new InvalidModelFileError(`The downloaded file does not match the expected checksum of ${target.title}.`, "checksum");
    }
    await moveIntoPlace(downloadedPath, finalPath);
    return { model: toLocalModel(target.fileName, summary), summary, path: finalPath };
  } catch (err) {
    // A complete but wrong file must not be "resumed" next time.
    if (err instanceof InvalidModelFileError && !/incomplete/.test(err.message)) await rm(downloadedPath, { force: true });
    throw err;
  }
}
