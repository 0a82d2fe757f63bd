/**
 * Importing a GGUF model file. On the desktop: the system's file picker, or a .gguf dropped on the drop
 * area; the engine checks the file and copies it into its models folder. In a browser (carefold serve)
 * the page cannot see paths on the computer, so the file is uploaded (ModelUploader).
 */
import { useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../hooks/services";
import { errorInfo } from "../lib/errors";
import { desktopBridge, modelFromDrop, nextStepFor } from "../lib/modelFiles";
import { ModelFileProblem, type Problem } from "./ModelFileProblem";
import { ModelUploader } from "./ModelUploader";

export function ModelImport({ onImported }: { onImported(): void }) {
  const desktop = desktopBridge();
  return desktop ? <DesktopImport onImported={onImported} pathForFile={(f) => desktop.pathForFile(f)} /> : <ModelUploader onImported={onImported} />;
}

function DesktopImport({ onImported, pathForFile }: { onImported(): void; pathForFile(file: unknown): string | null }) {
  const { t } = useTranslation();
  const { client, announce } = useServices();
  const [importing, setImporting] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [lastPath, setLastPath] = useState<string | null>(null);

  const importFrom = async (path: string) => {
    setProblem(null);
    setLastPath(path);
    setImporting(true);
    try {
      const added = await client["models.import"]({ path });
      announce(t("models.imported", { file: added.file }));
      onImported();
    } catch (err) {
      const info = errorInfo(err);
      setProblem({ text: info.message, step: nextStepFor(info.code) });
    } finally {
      setImporting(false);
    }
  };
  const pick = async () => {
    setProblem(null);
    try {
      const { path } = await client["host.pickModelFile"]({});
      if (path) await importFrom(path);
    } catch (err) {
      setProblem({ text: errorInfo(err).message, step: "tryAgain" });
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
    const dropped = modelFromDrop(e.dataTransfer.files, pathForFile);
    if ("path" in dropped) void importFrom(dropped.path);
    else setProblem({ text: t(`models.drop.${dropped.problem}`), step: "chooseAnother" });
  };

  return (
    <div
      className={dragging ? "drop-zone drop-zone-active" : "drop-zone"}
      data-testid="model-drop-zone"
      onDragOver={over}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <button type="button" className="button-primary" onClick={() => void pick()} disabled={importing} aria-describedby="import-hint">
        {importing ? t("models.importing") : t("models.choose")}
      </button>
      <p id="import-hint" className="hint">
        {t("models.dropHint")} {t("models.importHint")}
      </p>
      {problem ? <ModelFileProblem problem={problem} onChooseAnother={() => void pick()} onTryAgain={() => void (lastPath ? importFrom(lastPath) : pick())} /> : null}
    </div>
  );
}
