/** The conversations list in the sidebar: start a new one or open an earlier one. */
import { useTranslation } from "react-i18next";
import type { ThreadSummary } from "../../shared/contract";
import { formatDateTime } from "../lib/format";

export function ThreadList({
  threads,
  currentId,
  onOpen,
  onNew,
}: {
  threads: ThreadSummary[];
  currentId: string | null;
  onOpen(id: string): void;
  onNew(): void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <nav className="thread-list" aria-labelledby="threads-title">
      <h2 id="threads-title">{t("threads.title")}</h2>
      <button type="button" className="button-primary button-wide" onClick={onNew}>
        {t("threads.new")}
      </button>
      {threads.length === 0 ? <p className="muted">{t("threads.none")}</p> : null}
      <ul>
        {threads.map((th) => (
          <li key={th.id}>
            <button
              type="button"
              className="thread-item"
              aria-current={th.id === currentId ? "page" : undefined}
              onClick={() => onOpen(th.id)}
            >
              <span className="thread-title">{th.title}</span>
              <span className="thread-meta">{formatDateTime(th.updatedAt, i18n.language)}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
