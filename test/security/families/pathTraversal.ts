/**
 * Path traversal (issue 17): every surface that takes a name or a path — note names, attachment names,
 * conversation and attachment ids, model files, the model's file tools and the file backend behind
 * them, the web host's static files and its WebSocket — is sent encoded, double-encoded, backslash,
 * full-width, absolute, UNC, NUL and URL forms. A secret file planted next to the data folder (and one
 * in the data folder, outside the workspace) is never read, listed, overwritten or deleted.
 */
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { basename, join, resolve } from "node:path";
import { expect } from "vitest";
import WebSocket from "ws";
import type { RpcResponse } from "../../../src/shared/rpc";
import { startWebHost, type WebHost } from "../../../src/engine/host/webHost";
import { generateModel } from "../../support/gguf/index";
import { family, type Attack } from "../attack";
import { startEngine, type EngineContext } from "../securityHarness";

// ---------- shared by the path-traversal, link-escape and archive families ----------

/** The text no surface may ever show, copy or send to the model. */
export const CANARY = "CAREFOLD-OUTSIDE-CANARY-4E1B";
export const SECRET_TEXT = `# Outside\n\n${CANARY}\n`;

export interface PlantedEngine extends EngineContext {
  /** A file next to the data folder. */
  secret: string;
  /** A file in the data folder, outside the workspace. */
  dataSecret: string;
  /** A folder next to the data folder (link targets, would-be write targets). */
  outside: string;
  workspace: string;
  notesDir: string;
}

/** A real engine with the secrets planted around its data folder. */
export function plantedEngine(): PlantedEngine {
  const ctx = startEngine();
  const secret = `${ctx.dataDir}.secret.md`;
  const outside = `${ctx.dataDir}.outside`;
  writeFileSync(secret, SECRET_TEXT);
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, "x.md"), SECRET_TEXT);
  const dataSecret = join(ctx.dataDir, "private.md");
  writeFileSync(dataSecret, SECRET_TEXT);
  const workspace = join(ctx.dataDir, "workspace");
  return Object.assign(ctx, { secret, dataSecret, outside, workspace, notesDir: join(workspace, "notes") });
}

export async function stopPlanted(ctx: PlantedEngine): Promise<void> {
  await ctx.stop();
  rmSync(ctx.secret, { force: true });
  rmSync(ctx.outside, { recursive: true, force: true });
}

/** Every regular file under a folder (links are listed as links, never followed) with size and mtime. */
export function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const name of names) {
      const full = join(d, name);
      const st = lstatSync(full);
      if (st.isSymbolicLink()) out[full] = "link";
      else if (st.isDirectory()) walk(full);
      else out[full] = `${st.size}:${st.mtimeMs}`;
    }
  };
  walk(dir);
  return out;
}

/** The data folder's files as text, links not followed (and but the files named): for "this secret was never copied in". */
export function dataText(dir: string, except: readonly string[] = []): string {
  return Object.entries(files(dir))
    .filter(([f, v]) => v !== "link" && !except.includes(f))
    .map(([f]) => readFileSync(f).toString("latin1"))
    .join("\n");
}

/** What lies outside the workspace (the secrets, the folder next door, the data folder but its database and logs). */
export function outsideWorkspace(ctx: PlantedEngine): string {
  const data = Object.entries(files(ctx.dataDir)).filter(([f]) => !f.startsWith(ctx.workspace + "/") && !/carefold\.db/.test(f) && !f.includes("/logs/"));
  return JSON.stringify({ data, outside: files(ctx.outside), secret: readFileSync(ctx.secret, "utf8"), dataSecret: readFileSync(ctx.dataSecret, "utf8") });
}

export function secretsIntact(ctx: PlantedEngine): void {
  expect(readFileSync(ctx.secret, "utf8")).toBe(SECRET_TEXT);
  expect(readFileSync(ctx.dataSecret, "utf8")).toBe(SECRET_TEXT);
}

export function expectError(r: RpcResponse, code = "invalid_input"): void {
  expect(r.ok, JSON.stringify(r)).toBe(false);
  if (!r.ok) expect(r.error.code).toBe(code);
  expect(JSON.stringify(r)).not.toContain(CANARY);
}

/** The tool results of the model's last call (what the tools gave back this turn). */
export function toolResults(ctx: EngineContext): string {
  const last = ctx.model.calls.at(-1);
  return (last?.messages ?? [])
    .filter((m) => m.getType() === "tool")
    .map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)))
    .join("\n");
}

/** One consult whose model makes these tool calls, then answers. */
export async function consultWithTools(ctx: EngineContext, calls: { name: string; args: Record<string, unknown> }[], text = "Help me prepare for my visit") {
  ctx.script([{ toolCalls: calls }, { text: "Done." }]);
  const done = await ctx.ask(text);
  return { done, tools: toolResults(ctx), saw: ctx.modelSaw() };
}

/** The model asks the real read_file tool for a path: refused, nothing of the secrets anywhere the model or user sees. */
function modelRead(name: string, payload: (ctx: TraversalContext) => string, shown: string, expected = "the tool answers with an error; no secret in the tool result, the answer or anything the model saw; no real folder named"): Attack<TraversalContext> {
  return {
    name,
    surface: "read_file tool (model, through a consult)",
    payload: shown,
    expected,
    async run(ctx) {
      const before = outsideWorkspace(ctx);
      const { done, tools, saw } = await consultWithTools(ctx, [{ name: "read_file", args: { file_path: payload(ctx) } }]);
      expect(tools).toMatch(/error/i);
      expect(tools).not.toContain(CANARY);
      expect(tools).not.toContain(ctx.dataDir);
      expect(done.text).not.toContain(CANARY);
      expect(saw).not.toContain(CANARY);
      expect(outsideWorkspace(ctx)).toBe(before);
    },
  };
}

/** A note request with a name that is a path: the contract refuses it, nothing outside notes/ is touched. */
function noteName(name: string, method: "notes.read" | "notes.write" | "notes.delete", noteName: (ctx: PlantedEngine) => string, shown: string): Attack<TraversalContext> {
  return {
    name,
    surface: method,
    payload: `name ${JSON.stringify(shown)}`,
    expected: "invalid_input (a note name is a flat .md name); nothing read, written or deleted outside workspace/notes",
    async run(ctx) {
      const before = outsideWorkspace(ctx);
      const n = noteName(ctx);
      const r = await ctx.call(method, method === "notes.write" ? { name: n, content: "PWNED" } : { name: n });
      expectError(r);
      expect(outsideWorkspace(ctx)).toBe(before);
      expect(readdirSync(ctx.notesDir)).toEqual([]);
      secretsIntact(ctx);
    },
  };
}

/** attachments.add with a path for a name: stored inside workspace/attachments/<id>/ under a safe name. */
function attachmentName(name: string, fileName: string, shown = fileName): Attack<TraversalContext> {
  return {
    name,
    surface: "attachments.add",
    payload: `name ${JSON.stringify(shown)}`,
    expected: "the file lands in workspace/attachments/<id>/ under a flat, safe name; nothing outside the attachment's folder",
    async run(ctx) {
      const before = outsideWorkspace(ctx);
      const r = await ctx.call("attachments.add", { name: fileName, dataBase64: Buffer.from("PWNED attachment").toString("base64") });
      expect(r.ok, JSON.stringify(r)).toBe(true);
      const { id } = (r as { result: { id: string } }).result;
      const folder = join(ctx.workspace, "attachments", id);
      try {
        const stored = readdirSync(folder).filter((f) => f !== "extracted.txt" && f !== "document.json"); // what reading the file wrote beside it
        expect(stored).toHaveLength(1);
        const [safe] = stored as [string];
        expect(safe).not.toMatch(/[\\/:\0]/);
        expect(safe.startsWith(".")).toBe(false);
        expect(lstatSync(join(folder, safe)).isFile()).toBe(true);
        expect(readFileSync(join(folder, safe), "utf8")).toBe("PWNED attachment");
        // Every file the add wrote is inside the attachment's own folder.
        const added = Object.entries(files(ctx.workspace)).filter(([f, v]) => v !== "link" && !f.startsWith(folder + "/") && /PWNED/.test(readFileSync(f, "utf8")));
        expect(added).toEqual([]);
        expect(outsideWorkspace(ctx)).toBe(before);
        secretsIntact(ctx);
      } finally {
        await ctx.call("attachments.remove", { id });
      }
    },
  };
}

/** The real file backend behind the model's file tools, called with a path that leaves its folder. */
function backendCall(name: string, tool: string, shown: string, call: (ctx: TraversalContext) => unknown, expected = "an error result; no secret in it; nothing outside the workspace created or changed"): Attack<TraversalContext> {
  return {
    name,
    surface: `CarefoldBackend.${tool} (the backend of the model's ${tool} tool)`,
    payload: shown,
    expected,
    async run(ctx) {
      const before = outsideWorkspace(ctx);
      const result = JSON.stringify(await call(ctx));
      expect(result).toMatch(/"error"/);
      expect(result).not.toContain(CANARY);
      expect(outsideWorkspace(ctx)).toBe(before);
      secretsIntact(ctx);
    },
  };
}

// ---------- the web host ----------

export interface TraversalContext extends PlantedEngine {
  web: WebHost;
  staticDir: string;
}

const SHELL = "<!doctype html><title>Carefold</title>";

export async function startTraversal(): Promise<TraversalContext> {
  const ctx = plantedEngine();
  const staticDir = `${ctx.dataDir}.static`;
  mkdirSync(join(staticDir, "assets"), { recursive: true });
  writeFileSync(join(staticDir, "index.html"), SHELL);
  writeFileSync(join(staticDir, "assets", "app.js"), "console.log(1)");
  const web = await startWebHost({ engine: ctx.engine, staticDir });
  return Object.assign(ctx, { web, staticDir });
}

export async function stopTraversal(ctx: TraversalContext): Promise<void> {
  await ctx.web.close();
  rmSync(ctx.staticDir, { recursive: true, force: true });
  await stopPlanted(ctx);
}

function httpGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolvePromise, reject) => {
    const req = request({ host: "127.0.0.1", port, path }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString("latin1")));
      res.on("end", () => resolvePromise({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A GET for a path that leaves the static folder: 400/403/404 or the app shell, never the secret. */
function webStatic(name: string, path: (ctx: TraversalContext) => string, shown: string): Attack<TraversalContext> {
  return {
    name,
    surface: "web host static files (HTTP GET)",
    payload: shown,
    expected: "400, 403 or 404, or the app shell for a client-side route; never a file outside the built renderer",
    async run(ctx) {
      const r = await httpGet(ctx.web.port, path(ctx));
      expect(r.body).not.toContain(CANARY);
      if (r.status === 200) expect(r.body).toBe(SHELL);
      else expect([400, 403, 404]).toContain(r.status);
    },
  };
}

function wsRequest(ctx: TraversalContext, method: string, params: unknown): Promise<Record<string, unknown>> {
  return new Promise((resolvePromise, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${ctx.web.port}/rpc?token=${ctx.web.token}`);
    ws.on("error", reject);
    ws.on("open", () => ws.send(JSON.stringify({ id: 1, method, params })));
    ws.on("message", (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as Record<string, unknown>;
      if (frame["id"] !== 1) return; // an engine event
      ws.close();
      resolvePromise(frame);
    });
  });
}

function webRpc(name: string, method: string, params: (ctx: TraversalContext) => unknown, shown: string, code = "invalid_input"): Attack<TraversalContext> {
  return {
    name,
    surface: `web host WebSocket /rpc → ${method}`,
    payload: shown,
    expected: `${code} over the socket; nothing outside the workspace read, written or deleted`,
    async run(ctx) {
      const before = outsideWorkspace(ctx);
      const frame = await wsRequest(ctx, method, params(ctx));
      expect(frame["ok"]).toBe(false);
      expect((frame["error"] as { code: string }).code).toBe(code);
      expect(JSON.stringify(frame)).not.toContain(CANARY);
      expect(outsideWorkspace(ctx)).toBe(before);
      secretsIntact(ctx);
    },
  };
}

/** POST /models/upload with a real GGUF model as the body, so only the name check stands between it and the disk. */
function httpUpload(ctx: TraversalContext, rawName: string, body: Buffer): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: ctx.web.port,
        method: "POST",
        path: `/models/upload?name=${rawName}`,
        headers: { "Content-Length": String(body.length), Authorization: `Bearer ${ctx.web.token}` },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolvePromise(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function webUpload(name: string, rawName: string, shown: string): Attack<TraversalContext> {
  return {
    name,
    surface: "web host model upload (POST /models/upload)",
    payload: `name=${shown}, body a valid GGUF model`,
    expected: "400; nothing written outside the models folder, and no file (whole or partial) in it",
    async run(ctx) {
      const before = outsideWorkspace(ctx);
      const model = generateModel({}, "upload.gguf");
      try {
        expect(await httpUpload(ctx, rawName, readFileSync(model.path))).toBe(400);
      } finally {
        model.cleanup();
      }
      expect(outsideWorkspace(ctx)).toBe(before);
      expect(Object.keys(files(join(ctx.dataDir, "models")))).toEqual([]);
      secretsIntact(ctx);
    },
  };
}

// ---------- the table ----------

const up = (ctx: PlantedEngine) => `../../${basename(ctx.secret)}`;
const FW_DOT = "\uFF0E";
const FW_SLASH = "\uFF0F";
const FW_BACKSLASH = "\uFF3C";
const TWO_DOT_LEADER = "\u2025";

export const pathTraversal = family<TraversalContext>("path-traversal", [
  // Note names (the contract's NoteNameSchema, then NotesStore.pathOf).
  {
    name: "note-name-dot-dot-slash",
    surface: "notes.write",
    payload: 'name "../../carefold.db"',
    expected: "invalid_input; the database is not overwritten; nothing written outside notes/",
    async run(ctx) {
      const db = join(ctx.dataDir, "carefold.db");
      const size = lstatSync(db).size;
      const before = outsideWorkspace(ctx);
      expectError(await ctx.call("notes.write", { name: "../../carefold.db", content: "x" }));
      expect(readFileSync(db).subarray(0, 15).toString()).toBe("SQLite format 3");
      expect(lstatSync(db).size).toBeGreaterThanOrEqual(size);
      expect(outsideWorkspace(ctx)).toBe(before);
    },
  },
  noteName("note-read-encoded-dot-dot", "notes.read", (c) => `..%2f..%2f${basename(c.secret)}`, "..%2f..%2f<data>.secret.md"),
  noteName("note-write-double-encoded", "notes.write", () => "%252e%252e%252fevil.md", "%252e%252e%252fevil.md"),
  noteName("note-write-backslash", "notes.write", () => "..\\..\\evil.md", "..\\..\\evil.md"),
  noteName("note-write-full-width", "notes.write", () => `${FW_DOT}${FW_DOT}${FW_SLASH}${FW_DOT}${FW_DOT}${FW_SLASH}evil.md`, "．．／．．／evil.md (U+FF0E, U+FF0F)"),
  noteName("note-read-absolute-unix", "notes.read", (c) => c.secret, "the secret's absolute path (/tmp/…secret.md)"),
  noteName("note-read-absolute-windows", "notes.read", () => "C:\\Windows\\win.ini", "C:\\Windows\\win.ini"),
  noteName("note-write-unc", "notes.write", () => "\\\\server\\share\\evil.md", "\\\\server\\share\\evil.md"),
  noteName("note-write-nul", "notes.write", () => "a\u0000.md", "a\\u0000.md"),
  noteName("note-read-file-url", "notes.read", () => "file:///etc/passwd", "file:///etc/passwd"),
  noteName("note-delete-dot-dot", "notes.delete", (c) => `../${basename(c.dataSecret)}`, "../private.md (a file in the data folder)"),
  noteName("note-delete-trailing-dot", "notes.delete", () => "evil.md.", "evil.md. (Windows drops the trailing dot)"),
  noteName("note-write-dot-dot-dot", "notes.write", () => "....md", "....md"),
  noteName("note-read-home-tilde", "notes.read", () => "~/.bashrc.md", "~/.bashrc.md"),
  noteName("note-write-full-width-backslash", "notes.write", () => `${FW_DOT}${FW_DOT}${FW_BACKSLASH}evil.md`, "．．＼evil.md (U+FF3C)"),

  // Attachment names: kept as a display name, stored under a flat safe name.
  attachmentName("attachment-name-dot-dot", "../../evil.txt"),
  attachmentName("attachment-name-absolute", "/etc/cron.d/evil.txt"),
  attachmentName("attachment-name-unc", "\\\\server\\share\\..\\..\\evil.txt"),
  attachmentName("attachment-name-full-width", `${FW_DOT}${FW_DOT}${FW_SLASH}${FW_DOT}${FW_DOT}${FW_SLASH}evil.txt`, "．．／．．／evil.txt"),
  attachmentName("attachment-name-windows-drive", "C:\\Windows\\System32\\evil.txt"),
  attachmentName("attachment-name-encoded", "..%2f..%2fevil.txt"),
  attachmentName("attachment-name-dots-only", ".."),
  attachmentName("attachment-name-hidden-temp", ".evil.txt.123.abcdefabcdef.tmp", ".evil.txt.123.abcdefabcdef.tmp (an atomic-write temp name, removed at start-up)"),
  {
    name: "attachment-name-nul",
    surface: "attachments.add",
    payload: 'name "labs.txt\\u0000../../evil"',
    expected: "invalid_input (NUL in a name); nothing stored",
    async run(ctx) {
      const before = files(ctx.workspace);
      expectError(await ctx.call("attachments.add", { name: "labs.txt\u0000../../evil", dataBase64: Buffer.from("x").toString("base64") }));
      expect(files(ctx.workspace)).toEqual(before);
    },
  },

  // Ids that would become folder names.
  {
    name: "attachment-remove-dot-dot-id",
    surface: "attachments.remove",
    payload: 'id ".." (the attachment folder is removed recursively by id)',
    expected: "invalid_input; the workspace and its notes are still there",
    async run(ctx) {
      writeFileSync(join(ctx.notesDir, "Keep.md"), "# Keep\n");
      try {
        for (const id of ["..", "../notes", "%2e%2e"]) expectError(await ctx.call("attachments.remove", { id }));
        expect(readFileSync(join(ctx.notesDir, "Keep.md"), "utf8")).toBe("# Keep\n");
      } finally {
        rmSync(join(ctx.notesDir, "Keep.md"));
      }
    },
  },
  {
    name: "consult-attachment-id-traversal",
    surface: "consult.ask attachmentIds",
    payload: 'attachmentIds ["../../private"]',
    expected: "invalid_input before any phase runs; the model is never called",
    async run(ctx) {
      const calls = ctx.model.calls.length;
      expectError(await ctx.call("consult.ask", { text: "Read my file", attachmentIds: ["../../private"] }));
      expect(ctx.model.calls.length).toBe(calls);
    },
  },
  {
    name: "thread-get-dot-dot-id",
    surface: "threads.get",
    payload: 'threadId "../../carefold"',
    expected: "invalid_input (ids are letters, digits, - and _)",
    async run(ctx) {
      expectError(await ctx.call("threads.get", { threadId: "../../carefold" }));
    },
  },
  {
    name: "thread-get-encoded-id",
    surface: "threads.get",
    payload: 'threadId "%2e%2e%2fcarefold"',
    expected: "invalid_input",
    async run(ctx) {
      expectError(await ctx.call("threads.get", { threadId: "%2e%2e%2fcarefold" }));
    },
  },
  {
    name: "agenda-export-absolute-id",
    surface: "agenda.export",
    payload: 'threadId "/etc/passwd"',
    expected: "invalid_input; no export",
    async run(ctx) {
      expectError(await ctx.call("agenda.export", { threadId: "/etc/passwd" }));
    },
  },

  // Model files.
  ...(
    [
      ["model-remove-dot-dot", "../carefold.db"],
      ["model-remove-encoded", "..%2f..%2fcarefold.gguf"],
      ["model-remove-backslash", "..\\..\\evil.gguf"],
      ["model-remove-windows-drive", "C:\\models\\evil.gguf"],
    ] as const
  ).map(
    ([name, file]): Attack<TraversalContext> => ({
      name,
      surface: "models.remove",
      payload: `file ${JSON.stringify(file)}`,
      expected: "refused (a model file is a plain name.gguf inside <data>/models); nothing deleted",
      async run(ctx) {
        const before = outsideWorkspace(ctx);
        const r = await ctx.call("models.remove", { file });
        expect(r.ok).toBe(false);
        expect(outsideWorkspace(ctx)).toBe(before);
        expect(lstatSync(join(ctx.dataDir, "carefold.db")).isFile()).toBe(true);
      },
    }),
  ),
  {
    name: "model-remove-absolute",
    surface: "models.remove",
    payload: "file = the absolute path of a .gguf file outside the models folder",
    expected: "refused; that file is still there",
    async run(ctx) {
      const target = join(ctx.outside, "keep.gguf");
      writeFileSync(target, "GGUF-ish");
      try {
        expect((await ctx.call("models.remove", { file: target })).ok).toBe(false);
        expect(readFileSync(target, "utf8")).toBe("GGUF-ish");
      } finally {
        rmSync(target, { force: true });
      }
    },
  },
  ...(
    [
      ["model-import-secret-outside", (c: PlantedEngine) => c.secret, "the secret's absolute path (a markdown file)"],
      ["model-import-file-url", (c: PlantedEngine) => `file://${c.secret}`, "file://<the secret>"],
      ["model-import-dot-dot-path", (c: PlantedEngine) => `${c.dataDir}/workspace/../../${basename(c.secret)}`, "<data>/workspace/../../<the secret>"],
      ["model-import-nul", (c: PlantedEngine) => `${c.secret}\u0000.gguf`, "<the secret>\\u0000.gguf"],
    ] as const
  ).map(
    ([name, path, shown]): Attack<TraversalContext> => ({
      name,
      surface: "models.import",
      payload: `path ${shown}`,
      expected: "invalid_input; nothing copied into <data>/models; the error quotes none of the file's bytes",
      async run(ctx) {
        expectError(await ctx.call("models.import", { path: path(ctx) }));
        expect(dataText(join(ctx.dataDir, "models"))).not.toContain(CANARY);
        expect(Object.keys(files(join(ctx.dataDir, "models")))).toEqual([]);
      },
    }),
  ),
  {
    name: "model-import-disguised-gguf",
    surface: "models.import",
    payload: "path = a markdown secret renamed evil.gguf, outside the data folder",
    expected: "invalid_input (not a GGUF model); no copy and no partial temp file in <data>/models",
    async run(ctx) {
      const disguised = join(ctx.outside, "evil.gguf");
      writeFileSync(disguised, SECRET_TEXT);
      try {
        expectError(await ctx.call("models.import", { path: disguised }));
        expect(Object.keys(files(join(ctx.dataDir, "models")))).toEqual([]);
      } finally {
        rmSync(disguised, { force: true });
      }
    },
  },

  // The model's read_file tool, through a real consult.
  modelRead("consult-reads-outside-workspace", () => "/workspace/../../etc/passwd", "/workspace/../../etc/passwd"),
  modelRead("read-file-skills-dot-dot", (c) => `/skills/visit-prep/../../../${basename(c.secret)}`, "/skills/visit-prep/../../../<secret>"),
  modelRead("read-file-encoded", (c) => `/workspace/%2e%2e/%2e%2e/${basename(c.secret)}`, "/workspace/%2e%2e/%2e%2e/<secret>"),
  modelRead("read-file-encoded-slash", (c) => `/workspace/..%2f..%2f${basename(c.secret)}`, "/workspace/..%2f..%2f<secret>"),
  modelRead("read-file-double-encoded", (c) => `/workspace/%252e%252e%252f%252e%252e%252f${basename(c.secret)}`, "/workspace/%252e%252e%252f%252e%252e%252f<secret> (decoded once: a plain name inside the workspace)", "not found inside the workspace (decoded once, it is a plain file name); no secret; no real folder named"),
  modelRead("read-file-backslash", (c) => `/workspace\\..\\..\\${basename(c.secret)}`, "/workspace\\..\\..\\<secret>"),
  modelRead("read-file-full-width", (c) => `/workspace/${FW_DOT}${FW_DOT}/${FW_DOT}${FW_DOT}/${basename(c.secret)}`, "/workspace/．．/．．/<secret> (NFKC folds to ..)"),
  modelRead("read-file-two-dot-leader", (c) => `/workspace/${TWO_DOT_LEADER}/${TWO_DOT_LEADER}/${basename(c.secret)}`, "/workspace/‥/‥/<secret> (U+2025, NFKC folds to ..)"),
  modelRead("read-file-absolute-host", (c) => c.secret, "the secret's absolute host path"),
  modelRead("read-file-data-folder", (c) => `/workspace/../${basename(c.dataSecret)}`, "/workspace/../private.md (the data folder, outside the workspace)"),
  modelRead("read-file-home-tilde", () => "~/.ssh/id_rsa", "~/.ssh/id_rsa"),
  modelRead("read-file-nul", () => "/workspace/notes/a.md%00../../../etc/passwd", "/workspace/notes/a.md%00../../../etc/passwd"),
  modelRead("read-file-file-url", () => "file:///etc/passwd", "file:///etc/passwd"),
  modelRead("read-file-http-url", (c) => `http://127.0.0.1:${c.web.port}/`, "http://127.0.0.1:<the web host>/ (the tool never fetches)"),
  modelRead("read-file-overlong-utf8", (c) => `/workspace/%c0%ae%c0%ae/%c0%ae%c0%ae/${basename(c.secret)}`, "/workspace/%c0%ae%c0%ae/… (overlong UTF-8 dots)"),
  modelRead("read-file-zero-width", (c) => `/workspace/.\u200B./.\u200B./${basename(c.secret)}`, "/workspace/.\\u200B./.\\u200B./<secret>"),
  modelRead("read-file-mixed-case-mount", () => "/WORKSPACE/../../etc/passwd", "/WORKSPACE/../../etc/passwd"),
  modelRead("read-file-unc", () => "\\\\server\\share\\secret.md", "\\\\server\\share\\secret.md"),
  modelRead("read-file-windows-drive", () => "C:\\Windows\\win.ini", "C:\\Windows\\win.ini"),
  {
    name: "read-file-attachment-by-path",
    surface: "read_file tool (model, through a consult)",
    payload: "/workspace/attachments/<id>/extracted.txt of an attachment not sent with this question",
    expected: "refused (attachments are read with attach-read, only those sent with the question); the attachment's text never reaches the model",
    async run(ctx) {
      const r = await ctx.call("attachments.add", { name: "labs.txt", dataBase64: Buffer.from(`labs ${CANARY}`).toString("base64") });
      const { id } = (r as { result: { id: string } }).result;
      try {
        const { tools, saw } = await consultWithTools(ctx, [{ name: "read_file", args: { file_path: `/workspace/attachments/${id}/extracted.txt` } }]);
        expect(tools).toContain("attach-read");
        expect(saw).not.toContain(CANARY);
      } finally {
        await ctx.call("attachments.remove", { id });
      }
    },
  },
  {
    name: "model-write-file-not-granted",
    surface: "write_file tool (model, through a consult)",
    payload: "write_file /workspace/../../<secret> with new content",
    expected: "the call is blocked (specialists only have read_file); no approval is asked; the secret is unchanged",
    async run(ctx) {
      const approvals = ctx.events.of("approval.requested").length;
      const calls = ctx.model.calls.length;
      const { done } = await consultWithTools(ctx, [{ name: "write_file", args: { file_path: `/workspace/${up(ctx)}`, content: "PWNED" } }]);
      const ran = ctx.model.calls.slice(calls).flatMap((c) => c.messages.filter((m) => m.getType() === "tool" && (m as { name?: string }).name === "write_file"));
      expect(ran).toEqual([]);
      expect(ctx.events.of("approval.requested").length).toBe(approvals);
      expect(done.text).not.toContain("PWNED");
      secretsIntact(ctx);
    },
  },

  // The file backend itself (write_file, edit_file, ls, glob and grep are not granted to the shipped
  // specialists; their backend is the one read_file uses, and must hold on its own).
  backendCall("backend-write-dot-dot", "write", "/workspace/../../<secret>", (c) => c.engine.backend.write(`/workspace/${up(c)}`, "PWNED")),
  backendCall("backend-write-encoded", "write", "/workspace/..%2f..%2f<secret>", (c) => c.engine.backend.write(`/workspace/..%2f..%2f${basename(c.secret)}`, "PWNED")),
  backendCall("backend-write-absolute", "write", "the secret's absolute path", (c) => c.engine.backend.write(c.secret, "PWNED")),
  {
    name: "backend-write-skills",
    surface: "CarefoldBackend.write (the backend of the model's write_file tool)",
    payload: "/skills/visit-prep/SKILL.md (bundled content), written with its own text so that a regression changes nothing on disk",
    expected: '"Skills are read-only"; the bundled skill is unchanged',
    async run(ctx) {
      const file = join(ctx.engine.options.contentDir, "skills", "visit-prep", "SKILL.md");
      const text = readFileSync(file, "utf8");
      expect(ctx.engine.backend.write("/skills/visit-prep/SKILL.md", text)).toEqual({ error: "Skills are read-only" });
      expect(ctx.engine.backend.edit("/skills/visit-prep/SKILL.md", "\u0000never-there", "")).toEqual({ error: "Skills are read-only" });
      expect(readFileSync(file, "utf8")).toBe(text);
    },
  },
  backendCall("backend-edit-full-width", "edit", "/workspace/．．/．．/<secret>", (c) => c.engine.backend.edit(`/workspace/${FW_DOT}${FW_DOT}/${FW_DOT}${FW_DOT}/${basename(c.secret)}`, "Outside", "PWNED")),
  backendCall("backend-edit-data-folder", "edit", "/workspace/%2e%2e/private.md", (c) => c.engine.backend.edit("/workspace/%2e%2e/private.md", "Outside", "PWNED")),
  backendCall("backend-delete-dot-dot", "delete", "/workspace/../private.md", (c) => c.engine.backend.delete("/workspace/../private.md")),
  backendCall("backend-ls-dot-dot", "ls", "/workspace/../", (c) => c.engine.backend.ls("/workspace/../")),
  backendCall("backend-ls-root", "ls", "/ (above the mounts)", (c) => c.engine.backend.ls("/")),
  backendCall("backend-glob-pattern-dot-dot", "glob", 'pattern "../**/*" in /workspace/ (fast-glob follows ".." out of its folder)', (c) => c.engine.backend.glob("../**/*", "/workspace/")),
  backendCall("backend-glob-pattern-secret", "glob", 'pattern "../../<secret>" in /workspace/', (c) => c.engine.backend.glob(up(c), "/workspace/")),
  backendCall("backend-glob-brace-dot-dot", "glob", 'pattern "{notes,..}/**" in /workspace/', (c) => c.engine.backend.glob("{notes,..}/**", "/workspace/")),
  backendCall("backend-grep-glob-dot-dot", "grep", 'grep the canary with glob "../../*"', (c) => c.engine.backend.grep(CANARY, "/workspace/", "../../*")),
  backendCall("backend-grep-path-absolute", "grep", "grep the canary in the data folder's absolute path", (c) => c.engine.backend.grep(CANARY, c.dataDir)),
  {
    name: "backend-glob-results-stay-inside",
    surface: "CarefoldBackend.glob (the backend of the model's glob tool)",
    payload: 'pattern "/**/*" from /workspace/ and "**/*" from /skills/visit-prep/, then grep in /workspace/',
    expected: "every path found is a virtual path inside the folder searched; no real folder, no secret; real workspace files are still found",
    async run(ctx) {
      writeFileSync(join(ctx.notesDir, "Visit.md"), "# Visit\n");
      try {
        for (const [pattern, path] of [["/**/*", "/workspace/"], ["**/*", "/skills/visit-prep/"]] as const) {
          const r = await ctx.engine.backend.glob(pattern, path);
          expect(r.error).toBeUndefined();
          expect(r.files?.length).toBeGreaterThan(0);
          for (const f of r.files ?? []) {
            expect(f.path.startsWith(path)).toBe(true);
            expect(f.path).not.toContain(ctx.dataDir);
            expect(f.path).not.toContain("//");
          }
        }
        // And grep still finds what really is inside (the result filter keeps real workspace files).
        const found = await ctx.engine.backend.grep("# Visit", "/workspace/");
        expect(found.matches?.map((m) => m.path)).toEqual(["/workspace/notes/Visit.md"]);
      } finally {
        rmSync(join(ctx.notesDir, "Visit.md"));
      }
    },
  },
  {
    name: "backend-write-double-encoded-stays-inside",
    surface: "CarefoldBackend.write (the backend of the model's write_file tool)",
    payload: "/workspace/%252e%252e%252f%252e%252e%252fevil.md",
    expected: "decoded once it is a plain file name: written inside the workspace, nothing outside; reading it back by its decoded name is refused",
    async run(ctx) {
      const before = outsideWorkspace(ctx);
      const r = ctx.engine.backend.write("/workspace/%252e%252e%252f%252e%252e%252fevil.md", "PWNED");
      try {
        expect(r.error).toBeUndefined();
        expect(readFileSync(join(ctx.workspace, "%2e%2e%2f%2e%2e%2fevil.md"), "utf8")).toBe("PWNED");
        expect(outsideWorkspace(ctx)).toBe(before);
        expect(JSON.stringify(await ctx.engine.backend.read("/workspace/%2e%2e%2f%2e%2e%2fevil.md"))).toContain("traversal");
      } finally {
        rmSync(join(ctx.workspace, "%2e%2e%2f%2e%2e%2fevil.md"), { force: true });
      }
    },
  },

  // The web host: static files and the WebSocket.
  webStatic("web-static-dot-dot", (c) => `/../${basename(c.secret)}`, "GET /../<secret>"),
  webStatic("web-static-encoded", (c) => `/%2e%2e/${basename(c.secret)}`, "GET /%2e%2e/<secret>"),
  webStatic("web-static-encoded-slash", (c) => `/..%2f${basename(c.secret)}`, "GET /..%2f<secret>"),
  webStatic("web-static-double-encoded", (c) => `/%252e%252e%252f${basename(c.secret)}`, "GET /%252e%252e%252f<secret>"),
  webStatic("web-static-backslash", (c) => `/..\\${basename(c.secret)}`, "GET /..\\<secret>"),
  webStatic("web-static-encoded-backslash", (c) => `/assets/..%5c..%5c${basename(c.secret)}`, "GET /assets/..%5c..%5c<secret>"),
  webStatic("web-static-nul", () => "/index.html%00.js", "GET /index.html%00.js"),
  webStatic("web-static-overlong", (c) => `/%c0%ae%c0%ae/${basename(c.secret)}`, "GET /%c0%ae%c0%ae/<secret>"),
  webStatic("web-static-full-width", (c) => `/${encodeURIComponent(FW_DOT + FW_DOT + FW_SLASH)}${basename(c.secret)}`, "GET /%EF%BC%8E%EF%BC%8E%EF%BC%8F<secret>"),
  webStatic("web-static-absolute", (c) => `/${resolve(c.secret)}`, "GET //tmp/…secret.md (an absolute host path)"),
  webRpc("web-rpc-note-traversal", "notes.write", () => ({ name: "../../evil.md", content: "PWNED" }), 'notes.write name "../../evil.md" over the socket'),
  webRpc("web-rpc-model-remove-traversal", "models.remove", () => ({ file: "../carefold.db" }), 'models.remove file "../carefold.db" over the socket', "not_found"),
  webUpload("web-upload-dot-dot", encodeURIComponent("../evil.gguf"), "../evil.gguf"),
  webUpload("web-upload-double-encoded", "..%252fevil.gguf", "..%252fevil.gguf (decoded once: ..%2fevil.gguf)"),
  webUpload("web-upload-backslash", encodeURIComponent("..\\evil.gguf"), "..\\evil.gguf"),
  webUpload("web-upload-absolute", encodeURIComponent("/tmp/evil.gguf"), "/tmp/evil.gguf"),
  webUpload("web-upload-nul", "evil.gguf%00.gguf", "evil.gguf\\u0000.gguf"),
  webUpload("web-upload-hidden", ".evil.gguf", ".evil.gguf (a hidden name, like the partial files)"),
]);

export const tables = [pathTraversal];
