/**
 * Profiles: several people on one installation, each a data folder of its own with an engine of its own.
 * A holder (the desktop window, one web connection) has at most one profile open and reaches only that
 * profile's engine (client.ts), so no thread, note, file, consent or memory of another is reachable.
 *
 * Engines are opened on demand and closed when the last holder leaves the profile (a switch or a lock)
 * or, for holders that went away without leaving (a closed browser tab), by the idle sweep. Relock: a
 * holder idle for `relockMinutes` returns to the picker — whenever its profile has a PIN or there are
 * several profiles; the only profile, without a PIN, stays open (there is nobody to choose or keep out).
 */
import { isAbsolute, join } from "node:path";
import type { SettingsPatch } from "../../shared/contract";
import type { ProfileSummary } from "../../shared/profileSchemas";
import { EngineError } from "../../shared/rpc";
import type { Engine } from "../engine";
import { engineText, type EngineLanguage } from "../i18n";
import { DataKeyError, type DataKeyErrorCode, type DataKeyProtection, type KeychainLike } from "../storage/dataKey";
import { checkPin, hasPin, setPin, type PinCheck } from "./pin";
import { keyHasPin, openProfileKey, rewrapProfileKey } from "./profileKey";
import { FIRST_PROFILE_ID, ProfileRegistry } from "./registry";

export interface ProfileEngineRequest {
  profile: ProfileSummary;
  dataDir: string;
  /** Its data key (profileKey.ts): the engine encrypts the profile's database and files with it. */
  dataKey: Buffer;
  dataKeyProtection: DataKeyProtection;
}

/** What a profile whose key cannot be opened is told, by the key's problem. */
const KEY_PROBLEM: Record<DataKeyErrorCode, string> = {
  pin_required: "pinWrong",
  wrong_pin: "pinWrong",
  no_pin: "pinWrong",
  weak_pin: "pinWrong",
  keychain_unavailable: "keychain",
  keychain_only: "keychainOnly",
  invalid: "damaged",
};

export interface ProfileManagerOptions {
  /** The installation's data folder (profiles.json, profiles/, the first profile's data). */
  root: string;
  createEngine(request: ProfileEngineRequest): Engine;
  /** The desktop app's keychain, for the data keys. */
  keychain?: KeychainLike;
  now?: () => number;
  /** How often idle holders are looked for; null: never on a timer (tests call `sweep`). */
  sweepMs?: number | null;
}

/** One window or connection: which profile it has open, and when it last did something. */
export interface Holder {
  current: string | null;
  lastActive: number;
  /** The profile closed without the holder asking (idle, removed). */
  locked(reason: "idle" | "removed"): void;
  /** The profile's engine changed (opened, closed): the holder follows its events. */
  engineChanged(engine: Engine | null): void;
}

interface OpenProfile {
  engine: Engine;
  holders: Set<Holder>;
  lastActive: number;
}

export class ProfileManager {
  readonly registry: ProfileRegistry;
  private readonly open = new Map<string, OpenProfile>();
  private readonly opening = new Map<string, Promise<OpenProfile>>();
  private readonly closing = new Map<string, Promise<void>>();
  private readonly holders = new Set<Holder>();
  /** PIN tries run one at a time per profile, so parallel guesses cannot all skip the wait. */
  private readonly pinQueue = new Map<string, Promise<unknown>>();
  private readonly timer: NodeJS.Timeout | null;
  readonly now: () => number;
  /** The language of the profile opened last: what a holder still at the picker is told in. */
  private lastLanguage: EngineLanguage = "en";

  constructor(private readonly options: ProfileManagerOptions) {
    this.registry = new ProfileRegistry(options.root);
    this.registry.removeLeftovers();
    // A folder whose key a PIN wraps (`carefold pin set`) is a profile with a PIN, whatever the list said.
    for (const p of this.registry.list()) if (!p.hasPin && keyHasPin(this.registry.folderOf(p.id))) this.registry.update(p.id, { hasPin: true });
    this.now = options.now ?? Date.now;
    const every = options.sweepMs === undefined ? 15_000 : options.sweepMs;
    this.timer = every === null ? null : setInterval(() => void this.sweep(), every);
    this.timer?.unref();
  }

  list(): ProfileSummary[] {
    return this.registry.list();
  }

  /** A sentence for `holder` in its profile's language (at the picker: the one opened last). */
  text(holder: Holder | null, key: string, options: Record<string, unknown> = {}): string {
    const language = (holder && this.engineOf(holder)?.settings.get().language) || this.lastLanguage;
    return engineText(language, `profiles.errors.${key}`, options);
  }

  private pinRefusal(holder: Holder, check: Exclude<PinCheck, { ok: true }>, wrongKey: "pinWrong" | "currentPinWrong"): EngineError {
    return new EngineError("invalid_input", check.reason === "wait" ? this.text(holder, "wait", { seconds: check.retryAfterSeconds }) : this.text(holder, wrongKey));
  }

  get relockMs(): number {
    return this.registry.relockMinutes * 60_000;
  }

  private profile(id: string): ProfileSummary {
    const p = this.registry.get(id);
    if (!p) throw new EngineError("not_found", this.text(null, "noSuchProfile"));
    return p;
  }

  /** Whether an idle holder of this profile returns to the picker. */
  relocks(id: string): boolean {
    if (this.relockMs === 0) return false;
    return this.registry.get(id)?.hasPin === true || this.registry.list().length > 1;
  }

  /** A new holder; it opens the only profile at once when that one has no PIN (nothing to choose). */
  async attach(holder: Holder): Promise<void> {
    this.holders.add(holder);
    const all = this.registry.list();
    if (all.length !== 1 || all[0]!.hasPin) return;
    try {
      await this.enter(holder, all[0]!.id, null);
    } catch {
      // The profile could not be opened (its key not available now): the picker shows, and opening it there says why.
    }
  }

  /** The holder went away (window closed, connection dropped): its profile's engine waits for the sweep. */
  detach(holder: Holder): void {
    this.holders.delete(holder);
    if (holder.current) this.open.get(holder.current)?.holders.delete(holder);
    holder.current = null;
  }

  touch(holder: Holder): void {
    holder.lastActive = this.now();
    const p = holder.current ? this.open.get(holder.current) : undefined;
    if (p) p.lastActive = holder.lastActive;
  }

  engineOf(holder: Holder): Engine | null {
    return holder.current ? (this.open.get(holder.current)?.engine ?? null) : null;
  }

  private queued<T>(id: string, run: () => Promise<T>): Promise<T> {
    const next = (this.pinQueue.get(id) ?? Promise.resolve()).then(run, run);
    this.pinQueue.set(id, next.catch(() => undefined));
    return next;
  }

  /**
   * Checks a PIN try against the profile's verifier (pin.ts, which also makes wrong tries wait). A folder
   * whose key a PIN wraps but that has no verifier yet (its PIN set by `carefold pin`): unwrapping the key
   * is the check, and a right PIN then gets its verifier.
   */
  private tryPin(id: string, pin: string | undefined): Promise<PinCheck> {
    const folder = this.registry.folderOf(id);
    const verifier = hasPin(folder);
    if (!verifier && !keyHasPin(folder)) return Promise.resolve({ ok: true });
    if (pin === undefined) return Promise.resolve({ ok: false, reason: "wrong_pin", retryAfterSeconds: 0 });
    const opensKey = (): boolean => {
      try {
        openProfileKey({ folder, pin, keychain: this.options.keychain });
        return true;
      } catch (err) {
        if (err instanceof DataKeyError && err.code === "wrong_pin") return false;
        throw err;
      }
    };
    if (verifier) {
      return this.queued(id, async (): Promise<PinCheck> => {
        const check = await checkPin(folder, pin, this.now());
        if ((!check.ok && check.reason === "wait") || !keyHasPin(folder)) return check;
        // Where the PIN wraps the key, the key is what counts: after a PIN change cut short once the key was
        // re-wrapped, the new PIN opens (and its verifier is re-made) and the old one no longer does.
        if (!opensKey()) return check.ok ? { ok: false, reason: "wrong_pin", retryAfterSeconds: 0 } : check;
        if (!check.ok) await setPin(folder, pin);
        return { ok: true };
      });
    }
    return this.queued(id, async (): Promise<PinCheck> => {
      if (!opensKey()) return { ok: false, reason: "wrong_pin", retryAfterSeconds: 0 };
      await setPin(folder, pin);
      return { ok: true };
    });
  }

  private engineRequest(profile: ProfileSummary, pin: string | null): ProfileEngineRequest {
    const dataDir = this.registry.folderOf(profile.id);
    return { profile, dataDir, ...openProfileKey({ folder: dataDir, pin, keychain: this.options.keychain }) };
  }

  /** Opens `id` for the holder (checking its PIN); the profile it had open is left. */
  async openFor(holder: Holder, id: string, pin: string | undefined): Promise<{ opened: true; profile: ProfileSummary } | { opened: false; reason: "pin_needed" | "wrong_pin" | "wait"; retryAfterSeconds: number }> {
    const profile = this.profile(id);
    if (profile.hasPin && pin === undefined) return { opened: false, reason: "pin_needed", retryAfterSeconds: 0 };
    const check = await this.tryPin(id, pin);
    if (!check.ok) return { opened: false, reason: check.reason, retryAfterSeconds: check.retryAfterSeconds };
    try {
      await this.enter(holder, id, pin ?? null);
    } catch (err) {
      // E.g. the keychain holding this profile's key is locked: said plainly, never as an internal error.
      if (err instanceof DataKeyError) throw new EngineError("unavailable", this.text(holder, KEY_PROBLEM[err.code]));
      throw err;
    }
    return { opened: true, profile: this.profile(id) };
  }

  private async enter(holder: Holder, id: string, pin: string | null): Promise<void> {
    if (holder.current === id) return;
    await this.leave(holder);
    const open = await this.engineFor(id, pin);
    open.holders.add(holder);
    this.lastLanguage = open.engine.settings.get().language;
    holder.current = id;
    this.touch(holder);
    holder.engineChanged(open.engine);
  }

  /** The holder leaves its profile; the last one out closes that profile's engine. */
  async leave(holder: Holder): Promise<boolean> {
    const id = holder.current;
    if (!id) return false;
    holder.current = null;
    holder.engineChanged(null);
    const open = this.open.get(id);
    open?.holders.delete(holder);
    if (open && open.holders.size === 0) await this.closeEngine(id);
    return true;
  }

  private async engineFor(id: string, pin: string | null): Promise<OpenProfile> {
    await this.closing.get(id);
    const existing = this.open.get(id);
    if (existing) return existing;
    let pending = this.opening.get(id);
    if (!pending) {
      pending = Promise.resolve().then(() => {
        const engine = this.options.createEngine(this.engineRequest(this.profile(id), pin));
        const open: OpenProfile = { engine, holders: new Set(), lastActive: this.now() };
        this.open.set(id, open);
        return open;
      });
      this.opening.set(id, pending);
      void pending.finally(() => this.opening.delete(id)).catch(() => undefined);
    }
    return pending;
  }

  private closeEngine(id: string): Promise<void> {
    const open = this.open.get(id);
    if (!open) return this.closing.get(id) ?? Promise.resolve();
    this.open.delete(id);
    for (const h of open.holders) {
      h.current = null;
      h.engineChanged(null);
    }
    const done = open.engine.close().finally(() => this.closing.delete(id));
    this.closing.set(id, done);
    return done;
  }

  /**
   * A new, empty profile. It starts with the settings of the profile it was made from (language, text
   * size, the model already set up, with a model file of the shared folder named by its full path), so a
   * second person does not set the model up again.
   */
  async create(name: string, pin: string | undefined, from: Engine | null): Promise<ProfileSummary> {
    const profile = this.registry.add(name);
    const folder = this.registry.folderOf(profile.id);
    // Its key first (keychain or file), then wrapped by the PIN where there is no keychain.
    openProfileKey({ folder, pin: null, keychain: this.options.keychain });
    if (pin !== undefined) {
      rewrapProfileKey(folder, null, pin);
      await setPin(folder, pin);
    }
    const summary = pin !== undefined ? this.registry.update(profile.id, { hasPin: true }) : profile;
    if (from) {
      const engine = this.options.createEngine(this.engineRequest(summary, pin ?? null));
      try {
        engine.settings.set(seedSettings(from));
      } finally {
        await engine.close();
      }
    }
    return summary;
  }

  rename(id: string, name: string): ProfileSummary {
    this.profile(id);
    return this.registry.update(id, { name });
  }

  /** Sets or removes the PIN of the holder's open profile (the current PIN first, when it has one). */
  async changePin(holder: Holder, pin: string | null, currentPin: string | undefined): Promise<ProfileSummary> {
    const id = holder.current;
    if (!id) throw new EngineError("unavailable", this.text(holder, "openFirst"));
    if (this.profile(id).hasPin) {
      const check = await this.tryPin(id, currentPin);
      if (!check.ok) throw this.pinRefusal(holder, check, "currentPinWrong");
    }
    const folder = this.registry.folderOf(id);
    rewrapProfileKey(folder, currentPin ?? null, pin);
    await setPin(folder, pin);
    return this.registry.update(id, { hasPin: pin !== null });
  }

  /**
   * Deletes everything of a profile: its engine closed first (a streaming answer stops), every holder on
   * it back at the picker, then its folder. The last profile cannot go (Settings → Delete everything
   * empties it instead). A profile with a PIN needs it, unless the asking holder has it open.
   */
  async remove(holder: Holder, id: string, pin: string | undefined): Promise<boolean> {
    const profile = this.profile(id);
    if (this.registry.list().length <= 1) throw new EngineError("conflict", this.text(holder, "onlyProfile"));
    if (profile.hasPin && holder.current !== id) {
      const check = await this.tryPin(id, pin);
      if (!check.ok) throw this.pinRefusal(holder, check, "pinWrong");
    }
    const others = [...(this.open.get(id)?.holders ?? [])].filter((h) => h !== holder);
    if (holder.current === id) await this.leave(holder);
    await this.closeEngine(id);
    for (const h of this.holders) if (h.current === id) h.current = null;
    this.registry.remove(id);
    for (const h of others) h.locked("removed");
    return true;
  }

  setRelockMinutes(minutes: number): number {
    this.registry.setRelockMinutes(minutes);
    return minutes;
  }

  /** Idle holders return to the picker; engines nobody holds any more (and idle) are closed. */
  async sweep(): Promise<void> {
    const now = this.now();
    const limit = this.relockMs;
    for (const h of this.holders) {
      if (!h.current || !this.relocks(h.current) || now - h.lastActive <= limit) continue;
      await this.leave(h);
      h.locked("idle");
    }
    for (const [id, open] of this.open) {
      if (open.holders.size === 0 && this.relocks(id) && now - open.lastActive > limit) await this.closeEngine(id);
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.all([...this.opening.values()].map((p) => p.catch(() => undefined)));
    await Promise.all([...this.open.keys()].map((id) => this.closeEngine(id)));
    await Promise.all([...this.closing.values()]);
  }

  /** The engine of the first profile when it is open (the desktop shell reads its language for dialogs). */
  anyEngine(): Engine | null {
    return this.open.get(FIRST_PROFILE_ID)?.engine ?? this.open.values().next().value?.engine ?? null;
  }
}

/** What a new profile takes from the one it was made from: how the app looks and which model it uses. */
function seedSettings(from: Engine): SettingsPatch {
  const s = from.settings.get();
  const model = { ...s.model };
  if (model.provider === "llama-cpp" && model.modelPath && !isAbsolute(model.modelPath)) model.modelPath = join(from.options.dataDir, "models", model.modelPath);
  return { language: s.language, crisisLocale: s.crisisLocale, textScale: s.textScale, highContrast: s.highContrast, model, firstRunDone: s.firstRunDone };
}
