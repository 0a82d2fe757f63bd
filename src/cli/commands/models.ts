/** `carefold models list|pull|import|remove`: the GGUF files in <data>/models, downloads and USB imports. */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { DEFAULT_SETTINGS, type ModelSettings, type ModelsList } from "../../shared/contract";
import { checkHardwareFit } from "../../engine/inference/hardwareFit";
import { pullModel, type DownloadProgress } from "../../engine/inference/modelDownload";
import { buildModelsList } from "../../engine/inference/modelsList";
import { importModel, modelsDir, removeModel } from "../../engine/inference/modelStore";
import { DEFAULT_CONTEXT_SIZE } from "../../engine/inference/modelSettings";
import { DEFAULT_SEQUENCES } from "../../engine/inference/llamaRuntime";
import { SettingsStore } from "../../engine/settings/settingsStore";
import { openDatabase } from "../../engine/storage/database";
import { UsageError, dataDirFrom, parse } from "../args";
import { openCliDataKeySync } from "../dataKey";
import type { CliCommand, CliIO } from "../types";

const usage = `Usage: carefold models <command> [options]

Manages the local model files (GGUF) Carefold runs on this computer.

  list [--json]                 installed models, recommended downloads and Ollama's status
  pull <id | hf:URI | URL>      download a model (resumes an interrupted download)
  import <file.gguf> [--name N] copy a GGUF file (e.g. from a USB stick) into the models folder
  remove <file.gguf>            delete an installed model

  --data-dir DIR   where Carefold keeps its data (default: the app's data folder)
  --json           machine-readable output (list, pull, import)`;

const OPTIONS = {
  "data-dir": { type: "string" },
  json: { type: "boolean" },
  name: { type: "string" },
} as const;

/** The saved model settings, without creating a database where none exists yet. */
function readModelSettings(dataDir: string, env: NodeJS.ProcessEnv): ModelSettings {
  const file = join(dataDir, "carefold.db");
  if (!existsSync(file)) return DEFAULT_SETTINGS.model;
  const db = openDatabase(file, { key: openCliDataKeySync(dataDir, env) });
  try {
    return new SettingsStore(db).get().model;
  } finally {
    db.close();
  }
}

const size = (bytes: number) =>
  bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.ceil(bytes / 1e3)} kB`;

export function formatModelsList(list: ModelsList, dataDir: string): string {
  const lines: string[] = [];
  lines.push(
    list.active
      ? `Active: ${list.active.provider} ${list.active.model}${list.active.contextSize ? ` (context ${list.active.contextSize} tokens)` : ""}`
      : "Active: none configured",
  );
  lines.push("", `Installed in ${modelsDir(dataDir)}:`);
  if (list.local.length === 0) lines.push("  (none)");
  for (const m of list.local) {
    const details = m.architecture ? `${m.architecture}${m.parameters ? ` ${m.parameters}` : ""}` : "not a valid GGUF file";
    lines.push(`  ${m.file}  ${size(m.sizeBytes)}  ${details}`);
  }
  lines.push("", "Recommended (carefold models pull <id>):");
  for (const r of list.recommended) {
    lines.push(`  ${r.id}  ${r.title}  ~${size(r.sizeBytes)} download, ~${size(r.ramBytes)} memory`);
    lines.push(`      ${r.notes}`);
  }
  lines.push("", `Ollama at ${list.ollama.baseUrl}: ${list.ollama.reachable ? "running" : "not reachable"}`);
  if (list.ollama.problem) lines.push(`  ${list.ollama.problem}`);
  if (list.ollama.reachable) lines.push(`  models: ${list.ollama.models.length ? list.ollama.models.join(", ") : "(none pulled)"}`);
  return lines.join("\n");
}

/** Progress lines at most every 5 % so logs stay short when stderr is not a terminal. */
function progressPrinter(io: CliIO): (p: DownloadProgress) => void {
  let lastStep = -1;
  return (p) => {
    if (p.state === "verifying") {
      io.stderr.write("· verifying the downloaded file…\n");
      return;
    }
    if (p.totalBytes <= 0) return;
    const step = Math.floor((p.downloadedBytes / p.totalBytes) * 20);
    if (step === lastStep) return;
    lastStep = step;
    io.stderr.write(`· ${Math.min(100, step * 5)}% of ${size(p.totalBytes)}\n`);
  };
}

function hardwareNotes(io: CliIO, summary: Parameters<typeof checkHardwareFit>[0]): void {
  const fit = checkHardwareFit(summary, { contextSize: DEFAULT_CONTEXT_SIZE, sequences: DEFAULT_SEQUENCES });
  for (const line of [...fit.problems, ...fit.warnings]) io.stderr.write(`! ${line}\n`);
}

export const command: CliCommand = {
  name: "models",
  summary: "list, download, import or remove local model files",
  usage,
  async run(argv, io) {
    let parsed;
    try {
      parsed = parse(argv, OPTIONS);
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      io.stderr.write(`${err.message}\n\n${usage}\n`);
      return 2;
    }
    const { values, positionals } = parsed;
    const [action, target, ...extra] = positionals;
    const dataDir = dataDirFrom(values["data-dir"], io);
    const needsTarget = action === "pull" || action === "import" || action === "remove";
    if (!action || (needsTarget && !target) || extra.length > 0 || (!needsTarget && target)) {
      io.stderr.write(`${usage}\n`);
      return 2;
    }

    switch (action) {
      case "list": {
        const list = await buildModelsList(readModelSettings(dataDir, io.env), dataDir);
        io.stdout.write(values.json ? `${JSON.stringify(list)}\n` : `${formatModelsList(list, dataDir)}\n`);
        return 0;
      }
      case "pull": {
        const result = await pullModel(dataDir, target!, { onProgress: values.json ? undefined : progressPrinter(io) });
        hardwareNotes(io, result.summary);
        io.stdout.write(
          values.json
            ? `${JSON.stringify(result.model)}\n`
            : `Downloaded ${result.model.file} (${size(result.model.sizeBytes)}). Choose it in Settings → Model to use it.\n`,
        );
        return 0;
      }
      case "import": {
        const result = await importModel(dataDir, resolve(io.cwd, target!), values.name);
        hardwareNotes(io, result.summary);
        io.stdout.write(
          values.json
            ? `${JSON.stringify(result.model)}\n`
            : `Imported ${result.model.file} (${size(result.model.sizeBytes)}, ${result.model.architecture ?? "unknown"} ${result.model.parameters ?? ""}).\n`,
        );
        return 0;
      }
      case "remove": {
        await removeModel(dataDir, target!);
        io.stdout.write(`Removed ${target}.\n`);
        return 0;
      }
      default:
        io.stderr.write(`carefold models: unknown command "${action}"\n\n${usage}\n`);
        return 2;
    }
  },
};
