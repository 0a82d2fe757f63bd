/** Problems the user should know about (connection lost, a failed request), each dismissible. */
import { useTranslation } from "react-i18next";

export function ErrorSurface({ errors, onDismiss }: { errors: { id: number; message: string }[]; onDismiss(id: number): void }) {
  const { t } = useTranslation();
  return (
    <section className="error-surface" aria-label={t("errors.label")} aria-live="polite">
      {errors.map((e) => (
        <div key={e.id} className="error-item" role="status">
          <span>{e.message}</span>
          <button type="button" onClick={() => onDismiss(e.id)}>
            {t("errors.dismiss")}
          </button>
        </div>
      ))}
    </section>
  );
}
