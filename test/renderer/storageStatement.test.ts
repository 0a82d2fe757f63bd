/** The Settings statement of what is stored where: the lines for each way a data folder is kept, in both languages. */
import { describe, expect, it } from "vitest";
import en from "../../src/renderer/i18n/en.json";
import es from "../../src/renderer/i18n/es.json";
import { STORAGE_STATEMENT_KEYS, storageStatementKeys } from "../../src/renderer/lib/storageStatement";

const lookup = (tree: unknown, key: string): unknown => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe("storage statement", () => {
  it("says the database and files are encrypted, and where the key is, for each host", () => {
    const encrypted = { database: "encrypted", workspaceFiles: "encrypted" } as const;
    expect(storageStatementKeys({ host: "desktop", storage: { ...encrypted, key: "keychain" } })).toContain("settings.storage.key_keychain");
    expect(storageStatementKeys({ host: "desktop", storage: { ...encrypted, key: "file" } })).toContain("settings.storage.keyFileNoKeychain");
    expect(storageStatementKeys({ host: "browser", storage: { ...encrypted, key: "file" } })).toContain("settings.storage.key_file");
    expect(storageStatementKeys({ host: "browser", storage: { ...encrypted, key: "pin" } })).toEqual([
      "settings.storage.database_encrypted",
      "settings.storage.files_encrypted",
      "settings.storage.key_pin",
      "settings.storage.models",
      "settings.storage.exports",
      "settings.storage.audit",
    ]);
    expect(storageStatementKeys({ host: "browser", storage: { database: "plain", workspaceFiles: "plain", key: "none" } })).toEqual([
      "settings.storage.database_plain",
      "settings.storage.files_plain",
      "settings.storage.models",
      "settings.storage.exports",
      "settings.storage.audit",
    ]);
    expect(storageStatementKeys({ host: "browser" })).toEqual([]);
  });

  it("has every line in English and Spanish", () => {
    for (const key of STORAGE_STATEMENT_KEYS) {
      expect(typeof lookup(en, key), key).toBe("string");
      expect(typeof lookup(es, key), key).toBe("string");
    }
  });
});
