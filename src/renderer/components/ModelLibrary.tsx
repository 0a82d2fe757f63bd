/**
 * Getting a model: what Ollama offers (and whether it answers), downloadable recommended models (size
 * and memory shown, progress from model.progress events), a GGUF file to import (ModelImport), and local model files
 * to use or remove (after a confirmation). The model in use is marked in every list. Problems are said
 * kindly next to the button that asked, with the engine's own explanation.
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ModelsList, ModelSettings } from "../../shared/contract";
import { useServices } from "../hooks/services";
import { errorInfo } from "../lib/errors";
import { formatBytes } from "../lib/format";
import { isActiveLocal, isActiveOllama, isRunning, latestDownloads, notesKey, ollamaHintKey } from "../lib/models";
import type { ModelProgress } from "../state/downloads";
import { ConfirmDialog } from "./ConfirmDialog";
import { DownloadProgress } from "./DownloadProgress";
import { ModelImport } from "./ModelImport";

export function useKindProblem() {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<{ where: string; text: string } | null>(null);
  const fail = (where: string, err: unknown, key = "models.failed") => {
    const info = errorInfo(err);
    setProblem({ where, text: info.code === "unavailable" ? t("models.unavailable", { message: info.message }) : t(key, { message: info.message }) });
  };
  return { problem, fail, clear: () => setProblem(null) };
}

function InUse() {
  const { t } = useTranslation();
  return <span className="badge badge-active">{t("models.inUse")}</span>;
}

export function ModelLibrary({
  models,
  downloads,
  onChanged,
  onUseModel,
  headingLevel = 4,
  place = "settings",
}: {
  /** Where this is shown: hints name only the controls of that screen (the first run has no model form). */
  place?: "firstRun" | "settings";
  /** The level of this section's headings (3 under a page heading, 4 inside Settings). */
  headingLevel?: 3 | 4;
  models: ModelsList;
  downloads: Record<string, ModelProgress>;
  onChanged(): void;
  onUseModel(model: ModelSettings): void;
}) {
  const { t, i18n } = useTranslation();
  const { client, announce } = useServices();
  const { problem, fail, clear } = useKindProblem();
  const [confirmRemove, setConfirmRemove] = useState<string | null>(null);
  const builtIn = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const { active } = models;

  const pull = async (id: string) => {
    clear();
    try {
      await client["models.pull"]({ id });
      announce(t("models.downloadStarted"));
    } catch (err) {
      fail(`pull-${id}`, err);
    }
  };
  const remove = async (file: string) => {
    setConfirmRemove(null);
    clear();
    try {
      await client["models.remove"]({ file });
      announce(t("models.removed", { file }));
      onChanged();
    } catch (err) {
      fail(`remove-${file}`, err, "models.notRemoved");
    }
  };
  const problemAt = (where: string) =>
    problem?.where === where ? (
      <p className="kind-problem" role="status">
        {problem.text}
      </p>
    ) : null;
  const latest = latestDownloads(downloads);
  const recommendedIds = new Set(models.recommended.map((r) => r.id));
  // Downloads of other models (e.g. started from the command line) are shown on their own.
  const others = [...latest.values()].filter((d) => !recommendedIds.has(d.model) && isRunning(d));
  const H = `h${headingLevel}` as const;

  return (
    <div className="model-library">
      <H>{t("models.ollamaTitle")}</H>
      {/* One status for Ollama: its state, the engine's reason only when it adds something, and a hint that
          names only controls on this screen. "Check again" updates it, so it is a polite live region. */}
      <div className="ollama-state" role="status" data-testid="ollama-state">
        <dl className="facts">
          <dt>{t("models.ollamaAddress")}</dt>
          <dd>
            <code>{models.ollama.baseUrl}</code>
          </dd>
          <dt>{t("models.ollamaStatusLabel")}</dt>
          <dd data-testid="ollama-status">
            {models.ollama.reachable ? t("models.ollamaReachable", { count: models.ollama.models.length }) : t("models.ollamaUnreachable")}
          </dd>
        </dl>
        {!models.ollama.reachable && models.ollama.problem ? <p>{models.ollama.problem}</p> : null}
        <p className="hint" data-testid="ollama-hint">
          {t(ollamaHintKey(models.ollama, place))}
        </p>
      </div>
      {models.ollama.reachable && models.ollama.models.length > 0 ? (
        <ul className="plain-list" aria-label={t("models.ollamaListLabel")}>
          {models.ollama.models.map((m) => (
            <li key={m} className="model-row">
              <span className="model-name">{m}</span>
              {isActiveOllama(active, m) ? (
                <InUse />
              ) : (
                <button type="button" className="button-secondary" onClick={() => onUseModel({ provider: "ollama", ollamaModel: m, ollamaBaseUrl: models.ollama.baseUrl })}>
                  {t("models.useThis")}
                  <span className="visually-hidden"> {m}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="button-row">
        <button type="button" className="button-secondary" onClick={onChanged}>
          {t("models.checkAgain")}
        </button>
        {place === "firstRun" && !models.ollama.reachable ? (
          <button type="button" className="button-secondary" onClick={() => builtIn.current?.focus()}>
            {t("models.useBuiltIn")}
          </button>
        ) : null}
      </div>

      <H ref={builtIn} tabIndex={-1} id={`${id}-built-in`}>
        {t("models.recommendedTitle")}
      </H>
      {models.recommended.length === 0 ? <p className="muted">{t("models.noRecommended")}</p> : null}
      <ul className="plain-list">
        {models.recommended.map((r) => {
          const progress = latest.get(r.id);
          return (
            <li key={r.id} className="model-card" data-model={r.id}>
              <p className="model-name">{r.title}</p>
              <p className="muted">
                {t("models.sizeAndRam", { size: formatBytes(r.sizeBytes, i18n.language), ram: formatBytes(r.ramBytes, i18n.language) })}
              </p>
              {r.notes ? <p>{t(notesKey(r.id), { defaultValue: r.notes })}</p> : null}
              {progress ? <DownloadProgress progress={progress} title={r.title} /> : null}
              {isRunning(progress) ? null : (
                <button type="button" className="button-secondary" onClick={() => void pull(r.id)}>
                  {progress?.state === "failed" ? t("models.downloadAgain") : t("models.download")}
                  <span className="visually-hidden"> {r.title}</span>
                </button>
              )}
              {problemAt(`pull-${r.id}`)}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <div className="downloads" aria-label={t("models.downloadsLabel")} role="group">
          {others.map((d) => (
            <DownloadProgress key={d.downloadId} progress={d} title={d.model} />
          ))}
        </div>
      ) : null}

      <H>{t("models.importTitle")}</H>
      <ModelImport onImported={onChanged} />

      <H>{t("models.localTitle")}</H>
      {models.local.length === 0 ? <p className="muted">{t("models.noLocal")}</p> : null}
      <ul className="plain-list" aria-label={t("models.localTitle")}>
        {models.local.map((m) => (
          <li key={m.file} className="model-card" data-file={m.file}>
            <div className="model-row">
              <span className="model-name">{m.file}</span>
              {isActiveLocal(active, m.file) ? <InUse /> : null}
            </div>
            <p className="muted">
              {[formatBytes(m.sizeBytes, i18n.language), m.architecture, m.parameters ? t("models.parameters", { size: m.parameters }) : null].filter(Boolean).join(" · ")}
            </p>
            <div className="button-row">
              {isActiveLocal(active, m.file) ? null : (
                <button type="button" className="button-secondary" onClick={() => onUseModel({ provider: "llama-cpp", modelPath: m.file })}>
                  {t("models.useThis")}
                  <span className="visually-hidden"> {m.file}</span>
                </button>
              )}
              <button type="button" className="button-danger-outline" onClick={() => setConfirmRemove(m.file)}>
                {t("models.remove")}
                <span className="visually-hidden"> {m.file}</span>
              </button>
            </div>
            {problemAt(`remove-${m.file}`)}
          </li>
        ))}
      </ul>
      {confirmRemove ? (
        <ConfirmDialog
          title={t("models.removeTitle")}
          body={t("models.removeBody", { file: confirmRemove })}
          confirmLabel={t("models.removeConfirm")}
          cancelLabel={t("models.keep")}
          onCancel={() => setConfirmRemove(null)}
          onConfirm={() => void remove(confirmRemove)}
        />
      ) : null}
    </div>
  );
}
