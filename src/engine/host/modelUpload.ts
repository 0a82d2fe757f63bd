/**
 * A model file uploaded from the browser (`carefold serve`): a page cannot hand the engine a path on the
 * computer, so it sends the file's bytes. `POST /models/upload?name=<file.gguf>` with the launch token as
 * `Authorization: Bearer …` (a header, so a cross-site form cannot send it). The body is streamed to a
 * hidden temporary file in the models folder — never held in memory, models are gigabytes — then checked
 * with the GGUF validator and renamed into place; on any failure, a cancel included, the partial file is
 * removed. Answers are JSON: `{model}` or `{error: {code, message}}`, the message in the user's language.
 */
import { open, rm, stat, statfs } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { EngineApi } from "../../shared/contract";
import type { ErrorCode } from "../../shared/rpc";
import { engineText, type EngineLanguage } from "../i18n";
import { InvalidModelFileError, validateGgufFile } from "../inference/ggufValidation";
import { modelFileText, roughSize } from "../inference/modelFileText";
import { isSafeModelFileName, modelsDir, moveIntoPlace, tempNameFor, toLocalModel } from "../inference/modelStore";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "../storage/privateFiles";

export const MODEL_UPLOAD_PATH = "/models/upload";
/** Larger than any model a computer without a data-centre GPU runs (a 70B model at 4 bits is about 40 GB). */
export const DEFAULT_MAX_MODEL_UPLOAD_BYTES = 64 * 1024 ** 3;
/** Left free on the disk after the model is in: the app's database and notes still need room. */
const DISK_HEADROOM_BYTES = 512 * 1024 ** 2;
const GGUF_MAGIC = Buffer.from("GGUF", "latin1");

export interface ModelUploadContext {
  engine: EngineApi;
  maxBytes: number;
  /** File names being received now: one upload per name, and only a few at once. */
  inFlight: Set<string>;
}

class UploadProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Passes bytes through, failing as soon as the start is not "GGUF" (no need to receive gigabytes of a wrong file). */
class MagicCheck extends Transform {
  private head = Buffer.alloc(0);
  private checked = false;
  constructor(private readonly wrong: () => Error) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (!this.checked) {
      this.head = Buffer.concat([this.head, chunk]).subarray(0, GGUF_MAGIC.length);
      if (!GGUF_MAGIC.subarray(0, this.head.length).equals(this.head)) return done(this.wrong());
      this.checked = this.head.length === GGUF_MAGIC.length;
    }
    done(null, chunk);
  }
}

function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  if (res.headersSent) return;
  res.writeHead(status, { ...headers, "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
}

async function languageOf(engine: EngineApi): Promise<EngineLanguage> {
  try {
    return (await engine["settings.get"]({})).language;
  } catch {
    return "en";
  }
}

/** Receives one upload; the caller has checked the Host header, the token and that this is no kiosk. */
export async function receiveModelUpload(req: IncomingMessage, res: ServerResponse, ctx: ModelUploadContext, headers: Record<string, string>): Promise<void> {
  const language = await languageOf(ctx.engine);
  const say = (key: string, options: Record<string, string> = {}) => engineText(language, key, options);
  const name = new URL(req.url ?? "/", "http://x").searchParams.get("name") ?? "";
  let tempPath: string | null = null;
  let reserved = false;
  try {
    if (!isSafeModelFileName(name)) throw new UploadProblem(400, "invalid_input", say("modelFile.badName", { file: name.slice(0, 200) }));
    const length = Number(req.headers["content-length"]);
    // A browser sends a file's length; without one the size limit and the space check cannot be kept.
    if (!Number.isSafeInteger(length) || length <= 0) throw new UploadProblem(411, "invalid_input", say("modelFile.notSaved", { file: name }));
    if (length > ctx.maxBytes) throw new UploadProblem(413, "invalid_input", say("modelFile.tooLarge", { file: name, limit: roughSize(ctx.maxBytes, language) }));
    if (ctx.inFlight.has(name) || ctx.inFlight.size >= 2) throw new UploadProblem(429, "rate_limited", say("modelFile.busy"));
    // Reserved before the first await, so two requests at once cannot both pass the limit or take one name.
    ctx.inFlight.add(name);
    reserved = true;
    const info = await ctx.engine["app.info"]({});
    if (!info.dataDir) throw new UploadProblem(403, "unavailable", say("modelFile.kiosk"));
    const dir = modelsDir(info.dataDir);
    ensurePrivateDir(dir);
    const finalPath = join(dir, name);
    if (await stat(finalPath).catch(() => null)) throw new UploadProblem(409, "conflict", say("modelFile.exists", { file: name }));
    const disk = await statfs(dir);
    if (disk.bavail * disk.bsize < length + DISK_HEADROOM_BYTES) {
      throw new UploadProblem(507, "quota_exceeded", say("modelFile.noSpace", { file: name, size: roughSize(length, language) }));
    }
    tempPath = tempNameFor(dir, name);
    const notGguf = () => new UploadProblem(400, "invalid_input", say("modelFile.notGguf", { file: name }));
    const check = new MagicCheck(notGguf);
    // The request is piped by hand, not through pipeline(), so a refusal can still be answered: Node reads
    // and discards the rest of the body once the answer is sent. A cancelled upload destroys the check.
    req.on("close", () => {
      if (!req.complete) check.destroy(new UploadProblem(499, "invalid_input", say("modelFile.incomplete", { file: name })));
    });
    // Opened first, so the partial file exists before any byte arrives, and is closed before it is removed.
    const out = (await open(tempPath, "wx", PRIVATE_FILE_MODE)).createWriteStream();
    req.pipe(check);
    try {
      await pipeline(check, out);
    } finally {
      if (!out.closed) await new Promise<void>((done) => out.once("close", () => done()));
    }
    try {
      const summary = await validateGgufFile(tempPath);
      if (summary.sizeBytes !== length) throw new InvalidModelFileError("The upload is incomplete.", "incomplete");
      // Another upload or import may have finished under the same name meanwhile.
      if (await stat(finalPath).catch(() => null)) throw new UploadProblem(409, "conflict", say("modelFile.exists", { file: name }));
      await moveIntoPlace(tempPath, finalPath);
      tempPath = null;
      reply(res, 201, { model: toLocalModel(name, summary) }, headers);
    } catch (err) {
      if (err instanceof UploadProblem) throw err;
      const text = modelFileText(language, err, name);
      if (text) throw new UploadProblem(400, "invalid_input", text);
      throw err;
    }
  } catch (err) {
    // The rest of a refused body is read and dropped (never written), so the page gets this answer.
    req.unpipe();
    req.resume();
    // The partial file goes before the answer: once the page hears "refused", nothing of it is left.
    if (tempPath) await rm(tempPath, { force: true }).catch(() => undefined);
    tempPath = null;
    if (err instanceof UploadProblem) reply(res, err.status, { error: { code: err.code, message: err.message } }, headers);
    else reply(res, 500, { error: { code: "internal", message: say("modelFile.notSaved", { file: name.slice(0, 200) }) } }, headers);
  } finally {
    if (tempPath) await rm(tempPath, { force: true });
    if (reserved) ctx.inFlight.delete(name);
  }
}
