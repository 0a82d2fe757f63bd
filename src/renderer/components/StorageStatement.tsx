/** Settings → your data: what is stored where, and how it is protected (facts from `app.info`, words from i18n). */
import { useTranslation } from "react-i18next";
import type { AppInfo } from "../hooks/useSettings";
import { storageStatementKeys } from "../lib/storageStatement";

export function StorageStatement({ info }: { info: AppInfo | null }) {
  const { t } = useTranslation();
  const keys = storageStatementKeys(info);
  if (keys.length === 0) return null;
  return (
    <div className="storage-statement" data-testid="storage-statement">
      <h4>{t("settings.storage.title")}</h4>
      <ul>
        {keys.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </div>
  );
}
