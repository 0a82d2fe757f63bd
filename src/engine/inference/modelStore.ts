/**
 * GGUF files in <data>/models: list, import (e.g. from a USB stick), remove, resolve a configured path.
 * Files arrive atomically: validated, copied to a hidden temp name in the same folder, fsynced, renamed —
 * a half-copied file never shows up as a model.
 */
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { copyFile, open, readdir, rename, rm, stat } from "node:fs/promises";
import { basename, isAbsolute, join } from "node:path";
import type { ModelsList } from "../../shared/contract";
import { ensurePrivateDir, POSIX_MODES, PRIVATE_FILE_MODE } from "../storage/privateFiles";
import { InvalidModelFileError, validateGgufFile, type GgufSummary } from "./ggufValidation";

export type LocalModel = ModelsList["local"][number];

export const modelsDir = (dataDir: string): string => join(dataDir, "models");

/** A plain `name.gguf` inside models/ — no folders, no hidden files. */
export function isSafeModelFileName(file: string): boolean {
  return file === basename(file) && !file.startsWith(".") && /\.gguf$/i.test(file) && !/[\\/:\0]/.test(file);
}

/** settings.modelPath: an absolute path, or a file name inside <data>/models. */
export function resolveModelPath(dataDir: string, modelPath: string): string {
  if (isAbsolute(modelPath)) return modelPath;
  if (!isSafeModelFileName(modelPath)) {
    throw new Error(`"${modelPath}" is neither an absolute path nor a .gguf file name inside the models folder.`);
  }
  return join(modelsDir(dataDir), modelPath);
}

export function toLocalModel(file: string, summary: GgufSummary): LocalModel {
  return { file, sizeBytes: summary.sizeBytes, architecture: summary.architecture, parameters: summary.parameters };
}

/** Every .gguf file in models/, newest name order; unreadable files are listed without details. */
export async function listLocalModels(dataDir: string): Promise<LocalModel[]> {
  let names: string[];
  try {
    names = await readdir(modelsDir(dataDir));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const models: LocalModel[] = [];
  for (const file of names.filter(isSafeModelFileName).sort()) {
    const path = join(modelsDir(dataDir), file);
    try {
      models.push(toLocalModel(file, await validateGgufFile(path)));
    } catch {
      const size = await stat(path).then((s) => s.size, () => 0);
      models.push({ file, sizeBytes: size, architecture: null, parameters: null });
    }
  }
  return models;
}

/**
 * fsync + rename: the file appears under its final name only when complete, and 0600 like everything in
 * the data folder — a copy keeps its source's mode (0644, 0777 from a USB stick), the downloader writes
 * 0644. Best effort: a file system without modes (FAT) refuses the chmod, and the model still goes in.
 */
export async function moveIntoPlace(tempPath: string, finalPath: string): Promise<void> {
  const handle = await open(tempPath, "r");
  try {
    if (POSIX_MODES) await handle.chmod(PRIVATE_FILE_MODE).catch(() => undefined);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(tempPath, finalPath);
}

export const tempNameFor = (dir: string, file: string): string =>
  join(dir, `.${file}.${process.pid}.${randomBytes(6).toString("hex")}.partial`);

export class ModelExistsError extends Error {
  constructor(readonly file: string) {
    super(`A model named ${file} is already installed. Remove it first or import under another name.`);
    this.name = "ModelExistsError";
  }
}

export interface ImportResult {
  model: LocalModel;
  summary: GgufSummary;
  path: string;
}

/** Validates `sourcePath` as a complete GGUF model and copies it into models/ under `fileName` (default: its name). */
export async function importModel(dataDir: string, sourcePath: string, fileName = basename(sourcePath)): Promise<ImportResult> {
  if (!isSafeModelFileName(fileName)) {
    throw new InvalidModelFileError(`"${fileName}" is not a usable model file name; it must end in .gguf.`, "bad-name");
  }
  const summary = await validateGgufFile(sourcePath);
  const dir = modelsDir(dataDir);
  // 0700 like the rest of the data folder (one made 0755 by an older version is tightened).
  ensurePrivateDir(dir);
  const finalPath = join(dir, fileName);
  const existing = await stat(finalPath).catch(() => null);
  if (existing) throw new ModelExistsError(fileName);
  const tempPath = tempNameFor(dir, fileName);
  try {
    await copyFile(sourcePath, tempPath, constants.COPYFILE_EXCL);
    // Validate the copy too: the source may have changed or the disk filled up mid-copy.
    const copied = await validateGgufFile(tempPath);
    if (copied.sizeBytes !== summary.sizeBytes) throw new InvalidModelFileError("The copy is incomplete; try again.", "incomplete");
    await moveIntoPlace(tempPath, finalPath);
  } catch (err) {
    await rm(tempPath, { force: true });
    throw err;
  }
  return { model: toLocalModel(fileName, summary), summary, path: finalPath };
}

export async function removeModel(dataDir: string, file: string): Promise<void> {
  if (!isSafeModelFileName(file)) throw new Error(`"${file}" is not a model file name.`);
  try {
    await rm(join(modelsDir(dataDir), file));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new Error(`No model named ${file} is installed.`);
    throw err;
  }
}
