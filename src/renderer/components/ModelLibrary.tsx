/**
 * Getting a model: what Ollama offers, downloadable recommended models (size and memory shown), a
 * GGUF file to import, and local model files to remove. Requests the engine cannot do yet answer
 * `unavailable`; that is said kindly next to the button that asked.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ModelsList, ModelSettings } from "../../shared/contract";
import { useServices } from "../hooks/services";
import { errorInfo } from "../lib/errors";
import { formatBytes } from "../lib/format";
import type { ModelProgress } from "../state/downloads";
import { DownloadProgress } from "./DownloadProgress";

export function useKindProblem() {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<{ where: string; text: string } | null>(null);
  const fail = (where: string, err: unknown) => {
    const info = errorInfo(err);
    setProblem({ where, text: info.code === "unavailable" ? t("models.unavailable", { message: info.message }) : t("models.failed", { message: info.message }) });
  };
  return { problem, fail, clear: () => setProblem(null) };
}

export function ModelLibrary({
  models,
  downloads,
  onChanged,
  onUseModel,
  headingLevel = 4,
}: {
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
  const [pulls, setPulls] = useState<Record<string, string>>({});
  const [importPath, setImportPath] = useState("");

  const pull = async (id: string) => {
    clear();
    try {
      const { downloadId } = await client["models.pull"]({ id });
      setPulls((p) => ({ ...p, [id]: downloadId }));
      announce(t("models.downloadStarted"));
    } catch (err) {
      fail(`pull-${id}`, err);
    }
  };
  const importModel = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    try {
      const added = await client["models.import"]({ path: importPath.trim() });
      announce(t("models.imported", { file: added.file }));
      setImportPath("");
      onChanged();
    } catch (err) {
      fail("import", err);
    }
  };
  const remove = async (file: string) => {
    clear();
    try {
      await client["models.remove"]({ file });
      announce(t("models.removed", { file }));
      onChanged();
    } catch (err) {
      fail(`remove-${file}`, err);
    }
  };
  const problemAt = (where: string) =>
    problem?.where === where ? (
      <p className="kind-problem" role="status">
        {problem.text}
      </p>
    ) : null;
  const mine = new Set(Object.values(pulls));
  const running = Object.values(downloads).filter((d) => !mine.has(d.downloadId));
  const H = `h${headingLevel}` as const;

  return (
    <div className="model-library">
      <H>{t("models.ollamaTitle")}</H>
      {models.ollama.reachable ? (
        <>
          <p>{t("models.ollamaFound", { url: models.ollama.baseUrl, count: models.ollama.models.length })}</p>
          <ul className="plain-list">
            {models.ollama.models.map((m) => (
              <li key={m} className="model-row">
                <span className="model-name">{m}</span>
                <button type="button" className="button-secondary" onClick={() => onUseModel({ provider: "ollama", ollamaModel: m, ollamaBaseUrl: models.ollama.baseUrl })}>
                  {t("models.useThis")}
                  <span className="visually-hidden"> {m}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted">{t("models.ollamaMissing", { url: models.ollama.baseUrl })}</p>
      )}

      <H>{t("models.recommendedTitle")}</H>
      {models.recommended.length === 0 ? <p className="muted">{t("models.noRecommended")}</p> : null}
      <ul className="plain-list">
        {models.recommended.map((r) => {
          const progress = pulls[r.id] ? downloads[pulls[r.id]!] : undefined;
          return (
            <li key={r.id} className="model-card">
              <p className="model-name">{r.title}</p>
              <p className="muted">
                {t("models.sizeAndRam", { size: formatBytes(r.sizeBytes, i18n.language), ram: formatBytes(r.ramBytes, i18n.language) })}
              </p>
              {r.notes ? <p>{r.notes}</p> : null}
              {progress ? <DownloadProgress progress={progress} /> : null}
              <button type="button" className="button-secondary" onClick={() => void pull(r.id)}>
                {t("models.download")}
                <span className="visually-hidden"> {r.title}</span>
              </button>
              {problemAt(`pull-${r.id}`)}
            </li>
          );
        })}
      </ul>
      {running.length > 0 ? (
        <div className="downloads" aria-label={t("models.downloadsLabel")} role="group">
          {running.map((d) => (
            <DownloadProgress key={d.downloadId} progress={d} />
          ))}
        </div>
      ) : null}

      <H>{t("models.importTitle")}</H>
      <form className="inline-form" onSubmit={importModel}>
        <label htmlFor="import-path">{t("models.importLabel")}</label>
        <input id="import-path" value={importPath} onChange={(e) => setImportPath(e.target.value)} placeholder={t("models.importPlaceholder")} aria-describedby="import-hint" />
        <p id="import-hint" className="hint">
          {t("models.importHint")}
        </p>
        <button type="submit" className="button-secondary" disabled={!importPath.trim()}>
          {t("models.import")}
        </button>
      </form>
      {problemAt("import")}

      <H>{t("models.localTitle")}</H>
      {models.local.length === 0 ? <p className="muted">{t("models.noLocal")}</p> : null}
      <ul className="plain-list">
        {models.local.map((m) => (
          <li key={m.file} className="model-row">
            <span className="model-name">{m.file}</span>
            <span className="muted">
              {formatBytes(m.sizeBytes, i18n.language)}
              {m.parameters ? ` · ${m.parameters}` : ""}
            </span>
            <button type="button" className="button-secondary" onClick={() => onUseModel({ provider: "llama-cpp", modelPath: m.file })}>
              {t("models.useThis")}
              <span className="visually-hidden"> {m.file}</span>
            </button>
            <button type="button" className="button-danger-outline" onClick={() => void remove(m.file)}>
              {t("models.remove")}
              <span className="visually-hidden"> {m.file}</span>
            </button>
            {problemAt(`remove-${m.file}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
