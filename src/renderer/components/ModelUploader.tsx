/**
 * Adding a model file in a browser (carefold serve): the page cannot see paths on the computer, so the
 * chosen (or dropped) file is uploaded into the models folder, with its progress shown and said at each
 * quarter, and a Cancel. Typing a path stays as an advanced option (a server on the same computer can
 * copy a file from a USB stick without sending it through the page).
 */
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../hooks/services";
import { errorInfo } from "../lib/errors";
import { formatBytes, percentOf } from "../lib/format";
import { nextStepFor, uploadFallbackKey } from "../lib/modelFiles";
import { announceStep, looksLikeGguf, uploadModel, UploadError } from "../lib/modelUpload";
import { hostSession, launchToken } from "../transport/connect";
import { ModelFileProblem, type Problem } from "./ModelFileProblem";

interface Sending {
  file: File;
  sent: number;
  total: number;
}

export function ModelUploader({ onImported }: { onImported(): void }) {
  const { t, i18n } = useTranslation();
  const { client, announce } = useServices();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const controller = useRef<AbortController | null>(null);
  const announced = useRef(0);
  const [sending, setSending] = useState<Sending | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [stopped, setStopped] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [path, setPath] = useState("");
  const [importing, setImporting] = useState(false);
  const [retry, setRetry] = useState<(() => void) | null>(null);

  // Unmounting (leaving the screen) stops an upload; the host removes what it had received.
  useEffect(() => () => controller.current?.abort(), []);

  const choose = () => input.current?.click();

  const send = async (file: File) => {
    setProblem(null);
    setStopped(false);
    if (!/\.gguf$/i.test(file.name) || !(await looksLikeGguf(file))) {
      setProblem({ text: t("models.notModelFile", { file: file.name }), step: "chooseAnother" });
      return;
    }
    const ac = new AbortController();
    controller.current = ac;
    announced.current = 0;
    setSending({ file, sent: 0, total: file.size });
    announce(t("models.uploadStarted", { file: file.name }));
    try {
      const model = await uploadModel(file, {
        token: launchToken() ?? "",
        session: hostSession(),
        signal: ac.signal,
        onProgress: (sent, total) => {
          setSending({ file, sent, total });
          const step = announceStep(announced.current, sent, total);
          if (step !== null) {
            announced.current = step;
            announce(t("models.uploadPercent", { percent: step }));
          }
        },
      });
      announce(t("models.imported", { file: model.file }));
      onImported();
    } catch (err) {
      const e = err instanceof UploadError ? err : new UploadError("network", "");
      if (e.code === "cancelled") {
        setStopped(true);
        announce(t("models.uploadCancelled"));
      } else {
        setRetry(() => () => void send(file));
        setProblem({ text: e.message || t(uploadFallbackKey(e.code)), step: nextStepFor(e.code) });
      }
      chooseButton.current?.focus();
    } finally {
      controller.current = null;
      setSending(null);
    }
  };

  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared, so choosing the same file again (after fixing it) is noticed.
    e.target.value = "";
    if (file) void send(file);
  };
  const over = (e: DragEvent) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = "copy";
    setDragging(true);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (sending) return;
    const files = e.dataTransfer.files;
    if (files.length !== 1) setProblem({ text: t(files.length === 0 ? "models.drop.none" : "models.drop.many"), step: "chooseAnother" });
    else void send(files[0]!);
  };
  const importPath = async (typed: string) => {
    setProblem(null);
    setStopped(false);
    setImporting(true);
    try {
      const added = await client["models.import"]({ path: typed });
      announce(t("models.imported", { file: added.file }));
      setPath("");
      onImported();
    } catch (err) {
      const info = errorInfo(err);
      setRetry(() => () => void importPath(typed));
      setProblem({ text: info.message, step: nextStepFor(info.code) });
    } finally {
      setImporting(false);
    }
  };

  const pct = sending ? (percentOf(sending.sent, sending.total) ?? 0) : 0;
  const amount = sending
    ? t("models.uploadProgress", { sent: formatBytes(sending.sent, i18n.language), total: formatBytes(sending.total, i18n.language), percent: pct })
    : "";
  const checking = sending !== null && sending.total > 0 && sending.sent >= sending.total;
  return (
    <div className={dragging ? "drop-zone drop-zone-active" : "drop-zone"} data-testid="model-drop-zone" onDragOver={over} onDragLeave={() => setDragging(false)} onDrop={drop}>
      <input ref={input} type="file" accept=".gguf" hidden onChange={picked} data-testid="model-file-input" />
      <button ref={chooseButton} type="button" className="button-primary" onClick={choose} disabled={sending !== null} aria-describedby={`${id}-hint`}>
        {t("models.choose")}
      </button>
      <p id={`${id}-hint`} className="hint">
        {t("models.uploadHint")} {t("models.dropHint")}
      </p>
      {sending ? (
        <div className="download" data-testid="model-upload">
          <label className="download-label" htmlFor={`${id}-bar`}>
            {checking ? t("models.uploadChecking", { file: sending.file.name }) : t("models.uploadLabel", { file: sending.file.name })}
          </label>
          <progress id={`${id}-bar`} max={100} value={pct} aria-valuetext={amount} />
          <p className="muted small">{amount}</p>
          {/* Once every byte is sent the host is checking the file; stopping then would not undo it. */}
          {checking ? null : (
            <button type="button" className="button-secondary" onClick={() => controller.current?.abort()}>
              {t("models.cancelUpload")}
              <span className="visually-hidden"> {sending.file.name}</span>
            </button>
          )}
        </div>
      ) : null}
      {stopped ? <p className="muted">{t("models.uploadCancelled")}</p> : null}
      {problem ? <ModelFileProblem problem={problem} onChooseAnother={choose} onTryAgain={() => retry?.()} /> : null}
      <details className="advanced-import">
        <summary>{t("models.advancedTitle")}</summary>
        <form
          className="inline-form"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            void importPath(path.trim());
          }}
        >
          <label htmlFor={`${id}-path`}>{t("models.importLabel")}</label>
          <input id={`${id}-path`} value={path} onChange={(e) => setPath(e.target.value)} placeholder={t("models.importPlaceholder")} aria-describedby={`${id}-path-hint`} />
          <p id={`${id}-path-hint`} className="hint">
            {t("models.importHint")}
          </p>
          <button type="submit" className="button-secondary" disabled={!path.trim() || importing}>
            {importing ? t("models.importing") : t("models.import")}
          </button>
        </form>
      </details>
    </div>
  );
}
