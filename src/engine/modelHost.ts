/**
 * The engine's model side: the active ModelProvider (rebuilt when the model settings change, unless
 * the host fixed one), and the model manager requests (list, pull with progress events, import,
 * remove).
 */
import { basename, isAbsolute, win32 } from "node:path";
import type { EngineEvent, ModelSettings, RequestOutput } from "../shared/contract";
import { EngineError } from "../shared/rpc";
import { newId } from "./ids";
import { buildModelsList } from "./inference/modelsList";
import { createModelProvider } from "./inference/modelProvider";
import { importModel, ModelExistsError, removeModel } from "./inference/modelStore";
import { downloadFailureText, modelFileText } from "./inference/modelFileText";
import { engineText } from "./i18n";
import { pullModel, resolvePullTarget, unusualDownloadHost } from "./inference/modelDownload";
import type { RuntimePool } from "./inference/runtimePool";
import type { ModelProvider } from "./inference/types";
import type { SettingsStore } from "./settings/settingsStore";

export class ModelHost {
  private current: ModelProvider;
  private readonly downloads = new Map<string, AbortController>();
  private lastSettings: string;

  constructor(
    private readonly dataDir: string,
    private readonly settings: SettingsStore,
    private readonly emit: (event: EngineEvent) => void,
    private readonly fixed?: ModelProvider,
    /** The process's shared local models (a host with profiles). */
    private readonly runtimes?: RuntimePool,
  ) {
    this.lastSettings = JSON.stringify(settings.get().model);
    this.current = fixed ?? createModelProvider(settings.get().model, { dataDir, runtimes });
    if (!fixed) settings.onChange((s) => this.reconfigure(s.model));
  }

  /** A stable provider view for the runtime and router: always the current provider. */
  readonly provider: ModelProvider = {
    describe: () => this.current.describe(),
    getChatModel: (request) => this.current.getChatModel(request),
    prewarm: (keys) => this.current.prewarm?.(keys) ?? Promise.resolve([]),
  };

  private reconfigure(model: ModelSettings): void {
    const key = JSON.stringify(model);
    if (key === this.lastSettings) return;
    this.lastSettings = key;
    const old = this.current;
    this.current = createModelProvider(model, { dataDir: this.dataDir, runtimes: this.runtimes });
    void old.dispose?.();
  }

  async list(): Promise<RequestOutput<"models.list">> {
    const settings = this.settings.get();
    const list = await buildModelsList(settings.model, this.dataDir, { language: settings.language });
    return this.fixed ? { ...list, active: this.fixed.describe() } : list;
  }

  /** Starts a download and reports it through `model.progress` events. */
  pull(id: string, confirmSourceHost?: string): RequestOutput<"models.pull"> {
    let target;
    try {
      target = resolvePullTarget(id);
    } catch (err) {
      throw new EngineError("invalid_input", err instanceof Error ? err.message : String(err));
    }
    const host = unusualDownloadHost(target);
    if (host && confirmSourceHost?.toLowerCase() !== host) {
      throw new EngineError("conflict", engineText(this.settings.get().language, "model.downloadHost", { host }));
    }
    // Read now: the download may end after the engine (and its settings store) closed.
    const language = this.settings.get().language;
    const downloadId = newId("dl");
    const controller = new AbortController();
    this.downloads.set(downloadId, controller);
    const model = target.id;
    const progress = (state: "downloading" | "verifying" | "done" | "failed", receivedBytes: number, totalBytes: number | null, message: string | null) =>
      this.emit({ type: "model.progress", downloadId, model, receivedBytes, totalBytes, state, message });
    progress("downloading", 0, null, null);
    void pullModel(this.dataDir, id, {
      signal: controller.signal,
      onProgress: (p) => progress(p.state, p.downloadedBytes, p.totalBytes || null, null),
    })
      .then((result) => progress("done", result.model.sizeBytes, result.model.sizeBytes, result.model.file))
      .catch((err: unknown) => progress("failed", 0, null, downloadFailureText(language, err, target.fileName)))
      .finally(() => this.downloads.delete(downloadId));
    return { downloadId };
  }

  /** A file the user chose or typed; what goes wrong is said in their language (a typed relative path too, never ENOENT). */
  async import(path: string): Promise<RequestOutput<"models.import">> {
    const language = this.settings.get().language;
    if (!isAbsolute(path) && !win32.isAbsolute(path)) throw new EngineError("invalid_input", engineText(language, "modelFile.relative", { file: path }));
    try {
      return (await importModel(this.dataDir, path)).model;
    } catch (err) {
      if (err instanceof ModelExistsError) throw new EngineError("conflict", engineText(language, "modelFile.exists", { file: err.file }));
      const text = modelFileText(language, err, path);
      throw new EngineError("invalid_input", text ?? engineText(language, "modelFile.notSaved", { file: basename(path) }));
    }
  }

  async remove(file: string): Promise<RequestOutput<"models.remove">> {
    const { model: active, language } = this.settings.get();
    if (active.provider === "llama-cpp" && active.modelPath && (active.modelPath === file || active.modelPath.endsWith(`/${file}`))) {
      throw new EngineError("conflict", engineText(language, "modelFile.inUse", { file }));
    }
    try {
      await removeModel(this.dataDir, file);
      return { removed: true };
    } catch {
      throw new EngineError("not_found", engineText(language, "modelFile.notInstalled", { file }));
    }
  }

  async close(): Promise<void> {
    for (const c of this.downloads.values()) c.abort();
    await this.current.dispose?.();
  }
}
