/**
 * Who has a profile on this installation: `<data>/profiles.json` (written atomically, 0600) lists each
 * profile's id, display name, whether it has a PIN and when it was made — no secrets, nothing about health.
 *
 * Where each profile's data lives: the installation's first profile keeps the data folder itself (an
 * existing installation becomes that profile with nothing moved, so nothing can be lost half-way); every
 * other profile has `<data>/profiles/<id>/`. The first profile's engine only opens the entries it owns
 * (DATA_ENTRIES), so it never reads `profiles/` or `profiles.json`.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { DEFAULT_RELOCK_MINUTES, ProfileSummarySchema, RelockMinutesSchema, type ProfileSummary } from "../../shared/profileSchemas";
import { newId } from "../ids";
import { writeFileAtomic } from "../storage/atomicWrite";
import { DATA_ENTRIES } from "../storage/privateFiles";

/** The installation's first profile: its folder is the data folder. */
export const FIRST_PROFILE_ID = "first";
/** Written while the first profile's data is being removed (a crash then finishes the removal at the next start). */
const FIRST_REMOVAL_MARKER = ".removing-first-profile";
export const REGISTRY_FILE = "profiles.json";
export const PROFILES_DIR = "profiles";
/** Root entries every profile shares (downloaded model files) and so no profile's removal deletes. */
const SHARED_ENTRIES = new Set<string>(["models"]);

const RegistryFileSchema = z.strictObject({
  version: z.literal(1),
  relockMinutes: RelockMinutesSchema,
  profiles: z.array(ProfileSummarySchema),
});
type RegistryFile = z.infer<typeof RegistryFileSchema>;

export class ProfileRegistry {
  private data: RegistryFile;

  constructor(readonly root: string) {
    this.data = this.load();
  }

  private get file(): string {
    return join(this.root, REGISTRY_FILE);
  }

  /**
   * Reads the registry, or makes it: an installation from before profiles (or a new one) gets one
   * profile, the first, whose folder is the data folder as it is.
   */
  private load(): RegistryFile {
    if (existsSync(this.file)) {
      const parsed = RegistryFileSchema.safeParse(JSON.parse(readFileSync(this.file, "utf8")));
      // A registry this version cannot read is never overwritten: the person's profiles would be lost from view.
      if (!parsed.success) throw new Error(`${this.file} is not a profiles list this version of Carefold can read`);
      return parsed.data;
    }
    const first: RegistryFile = {
      version: 1,
      relockMinutes: DEFAULT_RELOCK_MINUTES,
      profiles: [{ id: FIRST_PROFILE_ID, name: null, hasPin: false, createdAt: new Date().toISOString() }],
    };
    this.write(first);
    return first;
  }

  private write(next: RegistryFile): void {
    writeFileAtomic(this.file, JSON.stringify(next, null, 2) + "\n");
    this.data = next;
  }

  list(): ProfileSummary[] {
    return this.data.profiles.map((p) => ({ ...p }));
  }

  get(id: string): ProfileSummary | null {
    const p = this.data.profiles.find((x) => x.id === id);
    return p ? { ...p } : null;
  }

  get relockMinutes(): number {
    return this.data.relockMinutes;
  }

  setRelockMinutes(minutes: number): void {
    this.write({ ...this.data, relockMinutes: minutes });
  }

  /** The profile's data folder. */
  folderOf(id: string): string {
    return id === FIRST_PROFILE_ID ? this.root : join(this.root, PROFILES_DIR, id);
  }

  add(name: string): ProfileSummary {
    const profile: ProfileSummary = { id: newId("p"), name, hasPin: false, createdAt: new Date().toISOString() };
    this.write({ ...this.data, profiles: [...this.data.profiles, profile] });
    return { ...profile };
  }

  update(id: string, patch: Partial<Pick<ProfileSummary, "name" | "hasPin">>): ProfileSummary {
    const profiles = this.data.profiles.map((p) => (p.id === id ? { ...p, ...patch } : p));
    this.write({ ...this.data, profiles });
    return this.get(id)!;
  }

  /**
   * Forgets the profile, then deletes its data. In that order: a crash between the two leaves a folder
   * no profile names (deleted again by `removeLeftovers` at the next start), never a profile without data.
   */
  remove(id: string): void {
    // The first profile's data is the data folder's own entries, which other tools (the CLI without
    // --profile, a kiosk's clinic engine) also open: only a removal this marker records may delete them later.
    const marker = join(this.root, FIRST_REMOVAL_MARKER);
    if (id === FIRST_PROFILE_ID) writeFileAtomic(marker, new Date().toISOString());
    this.write({ ...this.data, profiles: this.data.profiles.filter((p) => p.id !== id) });
    deleteProfileData(this.root, id);
    if (id === FIRST_PROFILE_ID) rmSync(marker, { force: true });
  }

  /** What a removal that crashed half-way left: folders under profiles/ no profile names, the first profile's entries. */
  removeLeftovers(): void {
    const known = new Set(this.data.profiles.map((p) => p.id));
    const dir = join(this.root, PROFILES_DIR);
    if (existsSync(dir)) for (const name of readdirSync(dir)) if (!known.has(name)) rmSync(join(dir, name), { recursive: true, force: true });
    const marker = join(this.root, FIRST_REMOVAL_MARKER);
    if (existsSync(marker)) {
      if (!known.has(FIRST_PROFILE_ID)) deleteProfileData(this.root, FIRST_PROFILE_ID);
      rmSync(marker, { force: true });
    }
  }
}

/** Everything of one profile: its folder, or for the first profile what it owns in the data folder (not the shared models). */
function deleteProfileData(root: string, id: string): void {
  if (id !== FIRST_PROFILE_ID) {
    rmSync(join(root, PROFILES_DIR, id), { recursive: true, force: true });
    return;
  }
  for (const name of DATA_ENTRIES) if (!SHARED_ENTRIES.has(name)) rmSync(join(root, name), { recursive: true, force: true });
}

/**
 * The data folder of the profile named `nameOrId` (its id, or its display name in any case; "first" or
 * "me" for an unnamed first profile), read without writing anything. For the CLI's `--profile`.
 */
export function findProfileFolder(root: string, nameOrId: string): string {
  const file = join(root, REGISTRY_FILE);
  const profiles = existsSync(file) ? (RegistryFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8"))).data?.profiles ?? null) : null;
  const wanted = nameOrId.trim().toLocaleLowerCase();
  const list = profiles ?? [{ id: FIRST_PROFILE_ID, name: null, hasPin: false, createdAt: "" }];
  const found = list.find((p) => p.id.toLocaleLowerCase() === wanted || p.name?.toLocaleLowerCase() === wanted || (p.id === FIRST_PROFILE_ID && p.name === null && wanted === "me"));
  if (!found) throw new Error(`there is no profile named "${nameOrId}" in ${root} (its profiles: ${list.map((p) => p.name ?? "me").join(", ")})`);
  return found.id === FIRST_PROFILE_ID ? root : join(root, PROFILES_DIR, found.id);
}
