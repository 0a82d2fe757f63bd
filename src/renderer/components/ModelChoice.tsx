/**
 * Which model Carefold uses: the provider and its few settings, saved together. Shows the model in
 * use now (from models.list), or says plainly that none is set up.
 */
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ModelProviderKindSchema, type ModelsList, type ModelSettings } from "../../shared/contract";

const PROVIDERS = ModelProviderKindSchema.options;

export function ActiveModel({ models }: { models: ModelsList | null }) {
  const { t } = useTranslation();
  if (!models) return null;
  return (
    <p className="active-model" data-testid="active-model">
      {models.active
        ? t("models.active", { model: models.active.model, provider: t(`models.provider.${models.active.provider}`) })
        : t("models.noneActive")}
    </p>
  );
}

export function ModelChoice({
  current,
  models,
  onSave,
}: {
  current: ModelSettings;
  models: ModelsList | null;
  onSave(model: ModelSettings): Promise<void>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<ModelSettings>(current);
  const set = (patch: Partial<ModelSettings>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Only the fields of the chosen provider are saved.
    const clean: ModelSettings = { provider: draft.provider };
    if (draft.contextSize) clean.contextSize = draft.contextSize;
    if (draft.provider === "llama-cpp" && draft.modelPath) clean.modelPath = draft.modelPath;
    if (draft.provider === "ollama") {
      if (draft.ollamaModel) clean.ollamaModel = draft.ollamaModel;
      if (draft.ollamaBaseUrl) clean.ollamaBaseUrl = draft.ollamaBaseUrl;
    }
    if (draft.provider === "openai-compatible") {
      if (draft.serverUrl) clean.serverUrl = draft.serverUrl;
      if (draft.serverModel) clean.serverModel = draft.serverModel;
    }
    await onSave(clean);
  };
  const field = (key: string, label: string, value: string | undefined, onChange: (v: string) => void, options?: { list?: string[]; hint?: string; type?: string }) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type={options?.type ?? "text"}
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value)}
        list={options?.list ? `${id}-${key}-list` : undefined}
        aria-describedby={options?.hint ? `${id}-${key}-hint` : undefined}
      />
      {options?.list ? (
        <datalist id={`${id}-${key}-list`}>
          {options.list.map((o) => (
            <option key={o} value={o} />
          ))}
        </datalist>
      ) : null}
      {options?.hint ? (
        <p id={`${id}-${key}-hint`} className="hint">
          {options.hint}
        </p>
      ) : null}
    </div>
  );
  return (
    <form className="model-choice" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-provider`}>{t("models.providerLabel")}</label>
        <select id={`${id}-provider`} value={draft.provider} onChange={(e) => set({ provider: e.target.value as ModelSettings["provider"] })}>
          {PROVIDERS.map((p) => (
            <option key={p} value={p}>
              {t(`models.provider.${p}`)}
            </option>
          ))}
        </select>
      </div>
      {draft.provider === "llama-cpp"
        ? field("path", t("models.pathLabel"), draft.modelPath, (v) => set({ modelPath: v }), {
            list: models?.local.map((m) => m.file),
            hint: t("models.pathHint"),
          })
        : null}
      {draft.provider === "ollama" ? (
        <>
          {field("ollama-model", t("models.ollamaModelLabel"), draft.ollamaModel, (v) => set({ ollamaModel: v }), { list: models?.ollama.models, hint: t("models.ollamaModelHint") })}
          {field("ollama-url", t("models.ollamaUrlLabel"), draft.ollamaBaseUrl, (v) => set({ ollamaBaseUrl: v }), { type: "url", hint: t("models.ollamaUrlHint") })}
        </>
      ) : null}
      {draft.provider === "openai-compatible" ? (
        <>
          {field("server-url", t("models.serverUrlLabel"), draft.serverUrl, (v) => set({ serverUrl: v }), { type: "url", hint: t("models.serverUrlHint") })}
          {field("server-model", t("models.serverModelLabel"), draft.serverModel, (v) => set({ serverModel: v }))}
        </>
      ) : null}
      {draft.provider !== "none"
        ? field("context", t("models.contextLabel"), draft.contextSize ? String(draft.contextSize) : "", (v) => set({ contextSize: v ? Number.parseInt(v, 10) || undefined : undefined }), {
            type: "number",
            hint: t("models.contextHint"),
          })
        : null}
      <button type="submit" className="button-primary">
        {t("models.save")}
      </button>
    </form>
  );
}
