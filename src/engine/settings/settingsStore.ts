/** User settings in SQLite, validated on read and write; unknown or corrupt values fall back to defaults. */
import { DEFAULT_SETTINGS, SettingsSchema, type Settings, type SettingsPatch } from "../../shared/contract";
import { migrate, type Db } from "../storage/database";

export class SettingsStore {
  private listeners = new Set<(s: Settings) => void>();

  constructor(private readonly db: Db) {
    migrate(db, "settings", [`CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)`]);
  }

  get(): Settings {
    const row = this.db.prepare("SELECT value FROM settings WHERE key = 'settings'").get() as { value: string } | undefined;
    if (!row) return structuredClone(DEFAULT_SETTINGS);
    try {
      const parsed = SettingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...JSON.parse(row.value) });
      return parsed.success ? parsed.data : structuredClone(DEFAULT_SETTINGS);
    } catch {
      return structuredClone(DEFAULT_SETTINGS);
    }
  }

  set(patch: SettingsPatch): Settings {
    // A key given as undefined (the patch schema allows it; IPC keeps it) is a key not given, not a reset.
    const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    const next = SettingsSchema.parse({ ...this.get(), ...given });
    this.db
      .prepare("INSERT INTO settings (key, value) VALUES ('settings', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
      .run(JSON.stringify(next));
    for (const l of this.listeners) l(next);
    return next;
  }

  onChange(listener: (s: Settings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
