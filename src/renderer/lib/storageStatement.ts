/**
 * The Settings statement of what is stored where and how it is protected: the engine states the facts
 * (`app.info` → storage), this picks the sentences (renderer i18n, `settings.storage.*`), one per line.
 */
import type { RequestOutput } from "../../shared/contract";

type Info = RequestOutput<"app.info">;

/** The i18n keys of the statement's lines, in order; empty before the engine said how it stores data. */
export function storageStatementKeys(info: Pick<Info, "host" | "storage"> | null): string[] {
  const s = info?.storage;
  if (!s) return [];
  const keyLine =
    s.key === "none"
      ? null
      : s.key === "file" && info.host === "desktop"
        ? "settings.storage.keyFileNoKeychain" // the desktop app asked the keychain: there was none
        : `settings.storage.key_${s.key}`;
  return [
    `settings.storage.database_${s.database}`,
    `settings.storage.files_${s.workspaceFiles}`,
    ...(keyLine ? [keyLine] : []),
    "settings.storage.models",
    "settings.storage.exports",
    "settings.storage.audit",
  ];
}

/** Every key the statement can use (the i18n test checks both languages have them). */
export const STORAGE_STATEMENT_KEYS = [
  "settings.storage.title",
  "settings.storage.database_encrypted",
  "settings.storage.database_plain",
  "settings.storage.files_encrypted",
  "settings.storage.files_plain",
  "settings.storage.key_keychain",
  "settings.storage.key_pin",
  "settings.storage.key_file",
  "settings.storage.key_session",
  "settings.storage.keyFileNoKeychain",
  "settings.storage.models",
  "settings.storage.exports",
  "settings.storage.audit",
] as const;
