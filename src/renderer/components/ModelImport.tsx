/**
 * Importing a GGUF model file. On the desktop: the system's file picker, or a .gguf dropped on the drop
 * area. In a browser (carefold serve) the page cannot see paths on the computer, so the path is typed.
 * Either way the engine checks the file and copies it into its models folder.
 */
import { useState, type DragEvent, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../hooks/services";
import { desktopBridge, modelFromDrop } from "../lib/modelFiles";

export function ModelImport({ onImported, onProblem, clear }: { onImported(): void; onProblem(err: unknown): void; clear(): void }) {
  const { t } = useTranslation();
  const { client, announce } = useServices();
  const [importPath, setImportPath] = useState("");
  const [importing, setImporting] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [dropProblem, setDropProblem] = useState<string | null>(null);
  const desktop = desktopBridge();

  const importFrom = async (path: string) => {
    clear();
    setDropProblem(null);
    setImporting(true);
    try {
      const added = await client["models.import"]({ path });
      announce(t("models.imported", { file: added.file }));
      setImportPath("");
      onImported();
    } catch (err) {
      onProblem(err);
    } finally {
      setImporting(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void importFrom(importPath.trim());
  };
  const pick = async () => {
    clear();
    try {
      const { path } = await client["host.pickModelFile"]({});
      if (path) await importFrom(path);
    } catch (err) {
      onProblem(err);
    }
  };
  const over = (e: DragEvent) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = "copy";
    setDragging(true);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const dropped = modelFromDrop(e.dataTransfer.files, (f) => desktop?.pathForFile(f) ?? null);
    if ("path" in dropped) void importFrom(dropped.path);
    else setDropProblem(t(`models.drop.${dropped.problem}`));
  };

  if (!desktop) {
    return (
      <form className="inline-form" onSubmit={submit}>
        <label htmlFor="import-path">{t("models.importLabel")}</label>
        <input id="import-path" value={importPath} onChange={(e) => setImportPath(e.target.value)} placeholder={t("models.importPlaceholder")} aria-describedby="import-hint" />
        <p id="import-hint" className="hint">
          {t("models.importHint")}
        </p>
        <button type="submit" className="button-secondary" disabled={!importPath.trim() || importing}>
          {importing ? t("models.importing") : t("models.import")}
        </button>
      </form>
    );
  }
  return (
    <div
      className={dragging ? "drop-zone drop-zone-active" : "drop-zone"}
      data-testid="model-drop-zone"
      onDragOver={over}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <button type="button" className="button-secondary" onClick={() => void pick()} disabled={importing} aria-describedby="import-hint">
        {importing ? t("models.importing") : t("models.choose")}
      </button>
      <p id="import-hint" className="hint">
        {t("models.dropHint")} {t("models.importHint")}
      </p>
      {dropProblem ? (
        <p className="kind-problem" role="status">
          {dropProblem}
        </p>
      ) : null}
    </div>
  );
}
