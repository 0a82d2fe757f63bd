/**
 * The specialists' file system: a deepagents CompositeBackend with `/skills/` (read-only content) and
 * `/workspace/` (the user's notes and attachments), both FilesystemBackends in virtual mode, wrapped so
 * every path is normalized first, hard links are refused, and workspace writes are atomic.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import {
  CompositeBackend,
  FilesystemBackend,
  StateBackend,
  type BackendProtocolV2,
  type DeleteResult,
  type EditResult,
  type FileDownloadResponse,
  type GlobResult,
  type GrepResult,
  type LsResult,
  type ReadRawResult,
  type ReadResult,
  type WriteResult,
} from "deepagents";
import { containmentProblem, creationProblem, lexists, readContained } from "../storage/containedFile";
import { FileSealer } from "../storage/sealedFile";
import { normalizeVirtualPath } from "./safePath";
import { grepSealed, readRawSealed, readSealed, type SealedRoot } from "./sealedWorkspace";

export const SKILLS_MOUNT = "/skills/";
export const WORKSPACE_MOUNT = "/workspace/";
const ATTACHMENTS_DIR = `${WORKSPACE_MOUNT}attachments/`;
const MOUNTS = [SKILLS_MOUNT, WORKSPACE_MOUNT];

export interface WorkspaceRoots {
  skillsDir: string;
  workspaceDir: string;
}

export class CarefoldBackend implements BackendProtocolV2 {
  private inner!: CompositeBackend;
  /** User skill packs in use: /skills/<id>/ reads their folder instead of the bundled one. */
  private userSkills = new Map<string, string>();
  private readonly changeListeners = new Set<(virtualPath: string) => void>();

  /** Workspace files are encrypted with the data key when `files` has one (reads then go through sealedWorkspace.ts). */
  constructor(
    private readonly roots: WorkspaceRoots,
    private readonly files: FileSealer = new FileSealer(roots.workspaceDir, null),
  ) {
    this.mount();
  }

  /** The workspace, when its files are sealed: reads decrypt (null: the library reads the plain files). */
  private sealed(virtualPath: string): SealedRoot | null {
    if (!this.files.encrypts || !virtualPath.startsWith(WORKSPACE_MOUNT.slice(0, -1))) return null;
    return { dir: this.roots.workspaceDir, files: this.files, realPath: (p) => this.realPath(p) };
  }

  /** Tells `listener` of each workspace file written, edited or deleted here (the search index follows notes). */
  onChange(listener: (virtualPath: string) => void): () => void {
    this.changeListeners.add(listener);
    return () => void this.changeListeners.delete(listener);
  }

  private changed(virtualPath: string): void {
    for (const listener of this.changeListeners) listener(virtualPath);
  }

  /** Mounts the user skill packs now in use (each id → its folder), replacing the previous set. */
  useSkillFolders(folders: ReadonlyMap<string, string>): void {
    this.userSkills = new Map(folders);
    this.mount();
  }

  private mount(): void {
    const skills = Object.fromEntries(
      [...this.userSkills].map(([id, dir]) => [`${SKILLS_MOUNT}${id}/`, new FilesystemBackend({ rootDir: dir, virtualMode: true, maxFileSizeMb: 2 })]),
    );
    // CompositeBackend picks the longest matching prefix, so a user skill's mount wins over /skills/.
    this.inner = new CompositeBackend(new StateBackend(), {
      ...skills,
      [SKILLS_MOUNT]: new FilesystemBackend({ rootDir: this.roots.skillsDir, virtualMode: true, maxFileSizeMb: 2 }),
      [WORKSPACE_MOUNT]: new FilesystemBackend({ rootDir: this.roots.workspaceDir, virtualMode: true, maxFileSizeMb: 20 }),
    });
  }

  /** The real file behind a checked virtual path. */
  realPath(virtualPath: string): string {
    const inSkills = virtualPath.startsWith(SKILLS_MOUNT);
    const rest = virtualPath.slice((inSkills ? SKILLS_MOUNT : WORKSPACE_MOUNT).length);
    const id = inSkills ? rest.split("/")[0]! : "";
    const userSkill = this.userSkills.get(id);
    const root = resolve(userSkill ?? (inSkills ? this.roots.skillsDir : this.roots.workspaceDir));
    const full = resolve(root, userSkill ? rest.slice(id.length + 1) : rest);
    if (full !== root && !full.startsWith(root + sep)) throw new Error("path escapes its folder");
    return full;
  }

  private check(raw: string): { path: string } | { error: string } {
    const r = normalizeVirtualPath(raw, MOUNTS);
    if (!r.ok) return { error: `Refused path: ${r.reason}` };
    // Attachments are read with attach-read, which only opens the ones sent with the question.
    if (r.path === ATTACHMENTS_DIR.slice(0, -1) || r.path.startsWith(ATTACHMENTS_DIR)) return { error: "Refused path: attachments are read with attach-read" };
    // The content loader skips hidden files (.DS_Store, what an unzip leaves): never validated, never served either.
    if (hiddenInSkills(r.path)) return { error: "Refused path: hidden files are not part of a skill" };
    const real = this.realPath(r.path);
    // A path that does not exist yet is refused too when a linked folder on the way leads out (a write would land there).
    const problem = lexists(real) ? containmentProblem(this.rootOf(r.path), real) : creationProblem(this.rootOf(r.path), real);
    if (problem) return { error: `Refused path: ${problem.message}` };
    return { path: r.path };
  }

  /** Whether a path a search returned is a file that really lives in its folder (no link, nothing outside). */
  private found(virtualPath: string): boolean {
    const r = normalizeVirtualPath(virtualPath, MOUNTS);
    if (!r.ok || r.path !== virtualPath || hiddenInSkills(r.path)) return false;
    const real = this.realPath(r.path);
    return lexists(real) && containmentProblem(this.rootOf(r.path), real) === null;
  }

  /** The real folder a checked virtual path lives in (a user skill's own folder, the bundled skills, the workspace). */
  private rootOf(virtualPath: string): string {
    if (!virtualPath.startsWith(SKILLS_MOUNT)) return this.roots.workspaceDir;
    return this.userSkills.get(virtualPath.slice(SKILLS_MOUNT.length).split("/")[0]!) ?? this.roots.skillsDir;
  }

  /**
   * Text for the model with every real folder behind a mount written as its virtual path, so a tool
   * error never tells the model where the data folder is (longest folder first).
   */
  toVirtual(text: string): string {
    const roots: [string, string][] = [
      ...[...this.userSkills].map(([id, dir]): [string, string] => [resolve(dir), `${SKILLS_MOUNT}${id}`]),
      [resolve(this.roots.skillsDir), SKILLS_MOUNT.slice(0, -1)],
      [resolve(this.roots.workspaceDir), WORKSPACE_MOUNT.slice(0, -1)],
      // Anything else in the data folder or the app's folder is named, not located.
      [dirname(resolve(this.roots.workspaceDir)), "[data folder]"],
      [dirname(resolve(this.roots.skillsDir)), "[app folder]"],
    ];
    roots.sort((a, b) => b[0].length - a[0].length);
    return roots.reduce((out, [real, virtual]) => out.split(real).join(virtual), text);
  }

  /**
   * The current text of a file for previews and exactly-once checks: null when there is none, or when
   * the path is refused (a link, outside its folder) — its write is refused the same way.
   */
  readText(virtualPath: string): string | null {
    const c = this.check(virtualPath);
    if ("error" in c) return null;
    const real = this.realPath(c.path);
    if (!existsSync(real)) return null;
    return c.path.startsWith(WORKSPACE_MOUNT) ? this.files.readContainedText(this.rootOf(c.path), real) : readContained(this.rootOf(c.path), real);
  }

  async ls(path: string): Promise<LsResult> {
    const c = this.check(path);
    if ("error" in c) return { error: c.error };
    const result = await this.inner.ls(c.path);
    return result.files ? { ...result, files: result.files.filter((f) => !hiddenInSkills(f.path)) } : result;
  }

  read(filePath: string, offset?: number, limit?: number): Promise<ReadResult> | ReadResult {
    const c = this.check(filePath);
    if ("error" in c) return { error: c.error };
    const sealed = this.sealed(c.path);
    return sealed ? readSealed(sealed, c.path, offset, limit) : this.inner.read(c.path, offset, limit);
  }

  readRaw(filePath: string): Promise<ReadRawResult> | ReadRawResult {
    const c = this.check(filePath);
    if ("error" in c) return { error: c.error };
    const sealed = this.sealed(c.path);
    return sealed ? readRawSealed(sealed, c.path) : this.inner.readRaw(c.path);
  }

  async grep(pattern: string, path?: string | null, glob?: string | null, maxCount?: number | null): Promise<GrepResult> {
    const c = this.check(path ?? WORKSPACE_MOUNT);
    if ("error" in c) return { error: c.error };
    const bad = glob ? globProblem(glob) : null;
    if (bad) return { error: `Refused pattern: ${bad}` };
    const sealed = this.sealed(c.path);
    const skip = (p: string) => p === ATTACHMENTS_DIR.slice(0, -1) || p.startsWith(ATTACHMENTS_DIR) || !this.found(p);
    const result = sealed ? grepSealed(sealed, pattern, c.path, glob, maxCount, skip) : await this.inner.grep(pattern, c.path, glob, maxCount);
    return result.matches ? { ...result, matches: result.matches.filter((m) => this.found(m.path)) } : result;
  }

  async glob(pattern: string, path?: string): Promise<GlobResult> {
    const c = this.check(path ?? WORKSPACE_MOUNT);
    if ("error" in c) return { error: c.error };
    const bad = globProblem(pattern);
    if (bad) return { error: `Refused pattern: ${bad}` };
    // The library's glob follows a pattern's ".." out of its folder and reports what it finds there by its
    // real path: only files that really live in the searched folder are kept.
    const result = await this.inner.glob(pattern, c.path);
    return result.files ? { ...result, files: result.files.filter((f) => this.found(f.path)) } : result;
  }

  private writable(filePath: string): { path: string; real: string } | { error: string } {
    const c = this.check(filePath);
    if ("error" in c) return c;
    if (!c.path.startsWith(WORKSPACE_MOUNT)) return { error: "Skills are read-only" };
    return { path: c.path, real: this.realPath(c.path) };
  }

  write(filePath: string, content: string): WriteResult {
    const w = this.writable(filePath);
    if ("error" in w) return { error: w.error };
    // Idempotent: an approved write the engine already applied (ConsultService) is not written twice.
    if (!existsSync(w.real) || this.files.readText(w.real) !== content) {
      this.files.write(w.real, content);
      this.changed(w.path);
    }
    return { path: w.path };
  }

  edit(filePath: string, oldString: string, newString: string, replaceAll?: boolean): EditResult {
    const w = this.writable(filePath);
    if ("error" in w) return { error: w.error };
    if (!existsSync(w.real)) return { error: `File '${w.path}' not found` };
    const current = this.files.readText(w.real);
    const count = oldString ? current.split(oldString).length - 1 : 0;
    if (count === 0) return { error: `The text to replace was not found in ${w.path}` };
    if (count > 1 && !replaceAll) return { error: `The text to replace appears ${count} times in ${w.path}; be more specific` };
    this.files.write(w.real, replaceAll ? current.split(oldString).join(newString) : current.replace(oldString, newString));
    this.changed(w.path);
    return { path: w.path, occurrences: replaceAll ? count : 1 } as EditResult;
  }

  delete(filePath: string): DeleteResult {
    const w = this.writable(filePath);
    if ("error" in w) return { error: w.error };
    if (!existsSync(w.real)) return { error: `File '${w.path}' not found` };
    rmSync(w.real);
    this.changed(w.path);
    return { path: w.path };
  }

  async downloadFiles(paths: string[]): Promise<FileDownloadResponse[]> {
    const out: FileDownloadResponse[] = [];
    for (const p of paths) {
      const c = this.check(p);
      if ("error" in c) {
        out.push({ path: p, content: null, error: "invalid_path" } as FileDownloadResponse);
        continue;
      }
      const real = this.realPath(c.path);
      out.push(
        existsSync(real)
          ? ({ path: c.path, content: new Uint8Array(c.path.startsWith(WORKSPACE_MOUNT) ? this.files.read(real) : readFileSync(real)), error: null } as FileDownloadResponse)
          : ({ path: c.path, content: null, error: "file_not_found" } as FileDownloadResponse),
      );
    }
    return out;
  }
}

/** A path under /skills/ with a hidden (dot) segment: a file the content loader never looked at. */
function hiddenInSkills(virtualPath: string): boolean {
  return virtualPath.startsWith(SKILLS_MOUNT) && virtualPath.split("/").some((s) => s.startsWith("."));
}

/** Why a glob pattern may not be used: one that climbs out of its folder or names another place. */
export function globProblem(pattern: string): string | null {
  if (pattern.length > 1024) return "pattern is too long";
  if (pattern.includes("\0")) return "pattern contains a NUL byte";
  if (pattern.includes("\\")) return "use forward slashes";
  if (pattern.includes("..")) return "path traversal is not allowed";
  if (/(^|\/)~/.test(pattern)) return "path traversal is not allowed";
  return null;
}

export function workspaceRoots(contentDir: string, dataDir: string): WorkspaceRoots {
  return { skillsDir: join(contentDir, "skills"), workspaceDir: join(dataDir, "workspace") };
}
