/**
 * Link escapes (issue 17): symbolic and hard links planted in the workspace, the notes folder, an
 * attachment's folder, the models folder and a user content pack, pointing at a secret outside the
 * data folder. Nothing reads through them (notes, the note index, the model's tools, an approval's
 * diff, attach-read, the workspace memory, the skill mounts), nothing writes or deletes through them,
 * and the secret is never copied into the data folder.
 */
import { cpSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { expect } from "vitest";
import { runCli } from "../../../src/cli/main";
import { revisionOf } from "../../../src/engine/workspace/notesStore";
import { REPO } from "../../support/engineHarness";
import { family, type Attack } from "../attack";
import { CANARY, consultWithTools, dataText, expectError, files, SECRET_TEXT, secretsIntact, type PlantedEngine } from "./pathTraversal";

export type LinkContext = PlantedEngine;

/** Plants links, runs the attack, removes the links (the engine is shared by the whole table). */
async function withLinks(ctx: LinkContext, plant: () => string[], attack: () => Promise<void> | void): Promise<void> {
  const planted = plant();
  try {
    await attack();
    secretsIntact(ctx);
  } finally {
    for (const p of planted.reverse()) rmSync(p, { recursive: true, force: true });
  }
}

const symlinkNote = (ctx: LinkContext, name = "Planted.md") => {
  const at = join(ctx.notesDir, name);
  symlinkSync(ctx.secret, at);
  return at;
};
const hardlinkNote = (ctx: LinkContext, name = "Hard.md") => {
  const at = join(ctx.notesDir, name);
  linkSync(ctx.secret, at);
  return at;
};
/** workspace/notes replaced by a link to a folder outside, holding a note-like file with the canary. */
function linkNotesFolder(ctx: LinkContext): string[] {
  const real = join(ctx.outside, "notes");
  mkdirSync(real, { recursive: true });
  writeFileSync(join(real, "Diary.md"), `# Diary\n\n${CANARY}\n`);
  expect(readdirSync(ctx.notesDir)).toEqual([]);
  rmSync(ctx.notesDir, { recursive: true });
  symlinkSync(real, ctx.notesDir);
  return [real];
}
function restoreNotesFolder(ctx: LinkContext): void {
  rmSync(ctx.notesDir, { force: true });
  mkdirSync(ctx.notesDir, { recursive: true });
}
/** workspace/up → the folder next to the data folder (it holds x.md with the canary). */
const linkUp = (ctx: LinkContext) => {
  const at = join(ctx.workspace, "up");
  symlinkSync(ctx.outside, at);
  return at;
};

async function addAttachment(ctx: LinkContext, name = "labs.txt"): Promise<string> {
  const r = await ctx.call("attachments.add", { name, dataBase64: Buffer.from("Cholesterol 180").toString("base64") });
  expect(r.ok, JSON.stringify(r)).toBe(true);
  return (r as { result: { id: string } }).result.id;
}

/** A consult whose model reads the attachment with attach-read: never the secret, and the secret is not stored either. */
async function attachReadSeesNoSecret(ctx: LinkContext, id: string): Promise<void> {
  ctx.script([{ toolCalls: [{ name: "attach-read", args: { name: "labs.txt" } }] }, { text: "Done." }]);
  const done = await ctx.ask("What should I ask about my labs?", [id]);
  expect(ctx.modelSaw()).not.toContain(CANARY);
  expect(done.text).not.toContain(CANARY);
  expect(dataText(ctx.dataDir, [ctx.dataSecret])).not.toContain(CANARY);
}

/** One workspace-note consult: the approval it asks for, approved; the final answer. */
async function approveNote(ctx: LinkContext, title: string) {
  ctx.script([{ toolCalls: [{ name: "workspace-note", args: { title, content: `# ${title}\n\n- PWNED\n` } }] }, { text: "Done." }]);
  const first = await ctx.ask("Save my visit plan as a note");
  const [request] = ctx.events.of("approval.requested", first.turnId);
  expect(request, "an approval is asked").toBeDefined();
  expect(JSON.stringify(request)).not.toContain(CANARY);
  const decided = await ctx.call("consult.decide", { approvalId: request!.approvalId, decision: "approve" });
  expect(decided.ok).toBe(true);
  const final = await ctx.events.done(first.turnId, 1);
  expect(final.text).not.toContain(CANARY);
  return { request: request!, final };
}

// ---------- user content packs ----------

const contentDir = (ctx: LinkContext) => join(ctx.dataDir, "content");
const BUNDLED_SKILL = join(REPO, "skills", "visit-prep");
const REFERENCE = "after-visit-summary.md";

/** A valid copy of the bundled visit-prep skill, its SKILL.md carrying the canary (what a followed link would serve). */
function canarySkill(at: string): string {
  cpSync(BUNDLED_SKILL, at, { recursive: true });
  const md = join(at, "SKILL.md");
  writeFileSync(md, `${readFileSync(md, "utf8").trimEnd()}\n\nPack code: ${CANARY}\n`);
  return at;
}

async function packs(ctx: LinkContext) {
  const r = await ctx.call("content.packs");
  expect(r.ok).toBe(true);
  return (r as { result: { loaded: { kind: string; id: string }[]; rejected: { kind: string; id: string; why: string[] }[]; notices: string[] } }).result;
}

/** Removes the user content folder and lets the engine see it gone. */
async function clearPacks(ctx: LinkContext): Promise<void> {
  rmSync(contentDir(ctx), { recursive: true, force: true });
  await packs(ctx);
}

async function readSkillFile(ctx: LinkContext, path: string) {
  return consultWithTools(ctx, [{ name: "read_file", args: { file_path: path, limit: 300 } }]);
}

function stdio(): { io: Parameters<typeof runCli>[1]; out(): string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  stdout.on("data", (c: Buffer) => (out += c.toString()));
  stderr.on("data", (c: Buffer) => (out += c.toString()));
  return { io: { stdin: Readable.from([""]), stdout, stderr, cwd: REPO, env: {} }, out: () => out };
}

// ---------- the table ----------

const attacks: Attack<LinkContext>[] = [
  // Links in the notes folder.
  {
    name: "note-symlink-read",
    surface: "notes.read",
    payload: "workspace/notes/Planted.md → a symlink to the secret outside the data folder",
    expected: "invalid_input (Carefold does not open a link); the secret's text is not in the response",
    run: (ctx) =>
      withLinks(ctx, () => [symlinkNote(ctx)], async () => {
        expectError(await ctx.call("notes.read", { name: "Planted.md" }));
      }),
  },
  {
    name: "note-hardlink-read",
    surface: "notes.read",
    payload: "workspace/notes/Hard.md → a hard link to the secret",
    expected: "invalid_input (a hard-linked file is not read); the secret's text is not in the response",
    run: (ctx) =>
      withLinks(ctx, () => [hardlinkNote(ctx)], async () => {
        expectError(await ctx.call("notes.read", { name: "Hard.md" }));
      }),
  },
  {
    name: "note-links-not-listed",
    surface: "notes.list + the consult's note index",
    payload: "a symlink and a hard link to the secret in workspace/notes, then a consult",
    expected: "notes.list leaves both out; the note index the model gets names neither; the canary reaches nothing",
    run: (ctx) =>
      withLinks(ctx, () => [symlinkNote(ctx), hardlinkNote(ctx)], async () => {
        const r = await ctx.call("notes.list");
        expect(r).toEqual({ ok: true, result: [] });
        ctx.script([{ text: "Here is your plan." }]);
        await ctx.ask("Help me prepare for my visit");
        expect(ctx.modelSaw()).not.toContain(CANARY);
        expect(ctx.modelSaw()).not.toContain("Planted.md");
        expect(ctx.modelSaw()).not.toContain("Hard.md");
      }),
  },
  {
    name: "note-read-tool-symlink",
    surface: "note-read tool (model)",
    payload: 'note-read "Planted" and "Planted.md" with workspace/notes/Planted.md a symlink to the secret',
    expected: "no note of that name; the secret never reaches the model",
    run: (ctx) =>
      withLinks(ctx, () => [symlinkNote(ctx)], async () => {
        const { tools, saw } = await consultWithTools(ctx, [
          { name: "note-read", args: { name: "Planted" } },
          { name: "note-read", args: { name: "Planted.md" } },
        ]);
        expect(tools).toContain("No note named");
        expect(saw).not.toContain(CANARY);
      }),
  },
  {
    name: "read-file-note-symlink",
    surface: "read_file tool (model)",
    payload: "/workspace/notes/Planted.md, a symlink to the secret",
    expected: "refused (a link); the secret never reaches the model",
    run: (ctx) =>
      withLinks(ctx, () => [symlinkNote(ctx)], async () => {
        const { tools, saw } = await consultWithTools(ctx, [{ name: "read_file", args: { file_path: "/workspace/notes/Planted.md" } }]);
        expect(tools).toMatch(/Refused path: it is a link/);
        expect(saw).not.toContain(CANARY);
      }),
  },
  {
    name: "read-file-note-hardlink",
    surface: "read_file tool (model)",
    payload: "/workspace/notes/Hard.md, a hard link to the secret",
    expected: "refused (hard-linked); the secret never reaches the model",
    run: (ctx) =>
      withLinks(ctx, () => [hardlinkNote(ctx)], async () => {
        const { tools, saw } = await consultWithTools(ctx, [{ name: "read_file", args: { file_path: "/workspace/notes/Hard.md" } }]);
        expect(tools).toMatch(/Refused path: it is hard-linked/);
        expect(saw).not.toContain(CANARY);
      }),
  },
  {
    name: "note-symlink-write",
    surface: "notes.write",
    payload: "notes.write Planted.md (a symlink to the secret) with new content",
    expected: "invalid_input; the secret is unchanged",
    run: (ctx) =>
      withLinks(ctx, () => [symlinkNote(ctx)], async () => {
        expectError(await ctx.call("notes.write", { name: "Planted.md", content: "PWNED" }));
      }),
  },
  {
    name: "note-hardlink-write",
    surface: "notes.write",
    payload: "notes.write Hard.md (a hard link to the secret) with new content",
    expected: "invalid_input; the secret is unchanged",
    run: (ctx) =>
      withLinks(ctx, () => [hardlinkNote(ctx)], async () => {
        expectError(await ctx.call("notes.write", { name: "Hard.md", content: "PWNED" }));
      }),
  },
  {
    name: "note-symlink-revision-oracle",
    surface: "notes.write expectedRevision",
    payload: "notes.write Planted.md (a symlink to the secret) with expectedRevision = revisionOf(a guess of the secret), right and wrong guesses",
    expected: "the same refusal for a right and a wrong guess: the revision check never reads through the link",
    run: (ctx) =>
      withLinks(ctx, () => [symlinkNote(ctx)], async () => {
        const right = await ctx.call("notes.write", { name: "Planted.md", content: "x", expectedRevision: revisionOf(SECRET_TEXT) });
        const wrong = await ctx.call("notes.write", { name: "Planted.md", content: "x", expectedRevision: revisionOf("a wrong guess") });
        expectError(right);
        expectError(wrong);
        expect(right).toEqual(wrong);
      }),
  },
  {
    name: "note-same-content-oracle",
    surface: "notes.write",
    payload: "notes.write Planted.md (a symlink to the secret) with exactly the secret's text, and with other text",
    expected: "the same refusal either way (the 'already there' comparison never reads through the link)",
    run: (ctx) =>
      withLinks(ctx, () => [symlinkNote(ctx)], async () => {
        const same = await ctx.call("notes.write", { name: "Planted.md", content: SECRET_TEXT });
        const other = await ctx.call("notes.write", { name: "Planted.md", content: "other" });
        expectError(same);
        expect(same).toEqual(other);
      }),
  },
  {
    name: "note-symlink-delete",
    surface: "notes.delete",
    payload: "notes.delete Planted.md (a symlink to the secret)",
    expected: "only the planted link goes; the secret it points to stays",
    run: (ctx) =>
      withLinks(ctx, () => [symlinkNote(ctx)], async () => {
        await ctx.call("notes.delete", { name: "Planted.md" });
        expect(existsSync(ctx.secret)).toBe(true);
      }),
  },
  {
    name: "note-hardlink-delete",
    surface: "notes.delete",
    payload: "notes.delete Hard.md (a hard link to the secret)",
    expected: "only the name in notes/ goes; the secret keeps its text",
    run: (ctx) =>
      withLinks(ctx, () => [hardlinkNote(ctx)], async () => {
        await ctx.call("notes.delete", { name: "Hard.md" });
        expect(readFileSync(ctx.secret, "utf8")).toBe(SECRET_TEXT);
      }),
  },
  {
    name: "approval-diff-through-symlink",
    surface: "workspace-note approval (diff preview, then approve)",
    payload: 'the model saves a note titled "Planted" while workspace/notes/Planted.md is a symlink to the secret',
    expected: "the approval's diff and proposed text never show the secret; approving never writes through the link",
    run: (ctx) =>
      withLinks(ctx, () => [symlinkNote(ctx)], async () => {
        const { request } = await approveNote(ctx, "Planted");
        expect(request.diff).not.toContain(CANARY);
      }),
  },
  {
    name: "approval-diff-through-hardlink",
    surface: "workspace-note approval (diff preview, then approve)",
    payload: 'the model saves a note titled "Hard" while workspace/notes/Hard.md is a hard link to the secret',
    expected: "the diff never shows the secret; approving leaves the secret's text as it was",
    run: (ctx) =>
      withLinks(ctx, () => [hardlinkNote(ctx)], async () => {
        const { request } = await approveNote(ctx, "Hard");
        expect(request.diff).not.toContain(CANARY);
      }),
  },

  // A linked notes folder.
  {
    name: "notes-folder-symlink",
    surface: "notes.list / notes.read / notes.write / notes.delete",
    payload: "workspace/notes replaced by a symlink to a folder outside holding Diary.md",
    expected: "nothing listed; read, write and delete refused (invalid_input); nothing created or removed in the folder outside",
    async run(ctx) {
      const [real] = linkNotesFolder(ctx);
      try {
        const before = files(real!);
        expect(await ctx.call("notes.list")).toEqual({ ok: true, result: [] });
        expectError(await ctx.call("notes.read", { name: "Diary.md" }));
        expectError(await ctx.call("notes.write", { name: "New.md", content: "PWNED" }));
        expectError(await ctx.call("notes.delete", { name: "Diary.md" }));
        expect(files(real!)).toEqual(before);
      } finally {
        restoreNotesFolder(ctx);
        rmSync(real!, { recursive: true, force: true });
      }
    },
  },
  {
    name: "notes-folder-symlink-model",
    surface: "note index, note-read and read_file (model)",
    payload: "workspace/notes is a symlink to a folder outside; the model reads Diary by title and /workspace/notes/Diary.md",
    expected: "no note index entry, no note found, read_file refused: the outside file never reaches the model",
    async run(ctx) {
      const [real] = linkNotesFolder(ctx);
      try {
        const { tools, saw } = await consultWithTools(ctx, [
          { name: "note-read", args: { name: "Diary" } },
          { name: "read_file", args: { file_path: "/workspace/notes/Diary.md" } },
        ]);
        expect(tools).toContain("Refused path");
        expect(saw).not.toContain(CANARY);
      } finally {
        restoreNotesFolder(ctx);
        rmSync(real!, { recursive: true, force: true });
      }
    },
  },
  {
    name: "notes-folder-symlink-approved-write",
    surface: "workspace-note approval (approve)",
    payload: 'workspace/notes is a symlink to a folder outside; the model saves "Visit plan" and the user approves',
    expected: "nothing is written into the folder outside (neither the approved change nor the tool's own write)",
    async run(ctx) {
      const [real] = linkNotesFolder(ctx);
      try {
        const before = files(real!);
        await approveNote(ctx, "Visit plan");
        expect(files(real!)).toEqual(before);
      } finally {
        restoreNotesFolder(ctx);
        rmSync(real!, { recursive: true, force: true });
      }
    },
  },

  // A linked folder in the workspace, through the model's file backend.
  {
    name: "read-file-through-folder-link",
    surface: "read_file tool (model)",
    payload: "/workspace/up/x.md with workspace/up a symlink to a folder outside",
    expected: "refused (not inside its folder); the outside file never reaches the model",
    run: (ctx) =>
      withLinks(ctx, () => [linkUp(ctx)], async () => {
        const { tools, saw } = await consultWithTools(ctx, [{ name: "read_file", args: { file_path: "/workspace/up/x.md" } }]);
        expect(tools).toContain("Refused path");
        expect(saw).not.toContain(CANARY);
      }),
  },
  {
    name: "backend-write-through-folder-link",
    surface: "CarefoldBackend.write (the backend of write_file and of approved changes)",
    payload: "/workspace/up/new.md, a new file under workspace/up → a folder outside",
    expected: "refused; no file appears in the folder outside",
    run: (ctx) =>
      withLinks(ctx, () => [linkUp(ctx)], async () => {
        expect(ctx.engine.backend.write("/workspace/up/new.md", "PWNED").error).toMatch(/Refused path/);
        expect(existsSync(join(ctx.outside, "new.md"))).toBe(false);
      }),
  },
  {
    name: "backend-mkdir-through-folder-link",
    surface: "CarefoldBackend.write",
    payload: "/workspace/up/sub/deeper/new.md (folders the write would create under the link)",
    expected: "refused; no folder is created outside",
    run: (ctx) =>
      withLinks(ctx, () => [linkUp(ctx)], async () => {
        expect(ctx.engine.backend.write("/workspace/up/sub/deeper/new.md", "PWNED").error).toMatch(/Refused path/);
        expect(existsSync(join(ctx.outside, "sub"))).toBe(false);
      }),
  },
  {
    name: "backend-edit-through-folder-link",
    surface: "CarefoldBackend.edit",
    payload: "edit /workspace/up/x.md (an existing file outside, through the link)",
    expected: "refused; the outside file is unchanged",
    run: (ctx) =>
      withLinks(ctx, () => [linkUp(ctx)], async () => {
        expect(ctx.engine.backend.edit("/workspace/up/x.md", "Outside", "PWNED").error).toMatch(/Refused path/);
        expect(readFileSync(join(ctx.outside, "x.md"), "utf8")).toBe(SECRET_TEXT);
      }),
  },
  {
    name: "backend-delete-through-links",
    surface: "CarefoldBackend.delete",
    payload: "delete /workspace/up/x.md (through a folder link) and /workspace/notes/Planted.md (a file link)",
    expected: "both refused; the files outside stay",
    run: (ctx) =>
      withLinks(ctx, () => [linkUp(ctx), symlinkNote(ctx)], async () => {
        expect(ctx.engine.backend.delete("/workspace/up/x.md").error).toMatch(/Refused path/);
        expect(ctx.engine.backend.delete("/workspace/notes/Planted.md").error).toMatch(/Refused path/);
        expect(existsSync(join(ctx.outside, "x.md"))).toBe(true);
      }),
  },
  {
    name: "backend-ls-folder-link",
    surface: "CarefoldBackend.ls",
    payload: "ls /workspace/up/ (a symlink to a folder outside)",
    expected: "refused; no outside file name is listed",
    run: async (ctx) =>
      withLinks(ctx, () => [linkUp(ctx)], async () => {
        const r = await ctx.engine.backend.ls("/workspace/up/");
        expect(r.error).toMatch(/Refused path/);
        expect(JSON.stringify(r)).not.toContain("x.md");
      }),
  },
  {
    name: "backend-glob-through-links",
    surface: "CarefoldBackend.glob",
    payload: 'glob "up/*", "up/x.md" and "**/*" in /workspace/ with workspace/up → outside and notes/Planted.md → the secret',
    expected: "no path through a link is returned (no name, size or date of an outside file)",
    run: (ctx) =>
      withLinks(ctx, () => [linkUp(ctx), symlinkNote(ctx)], async () => {
        for (const pattern of ["up/*", "up/x.md", "**/*", "notes/Planted.md"]) {
          const r = await ctx.engine.backend.glob(pattern, "/workspace/");
          expect(r.files?.map((f) => f.path) ?? [], pattern).toEqual([]);
        }
      }),
  },
  {
    name: "backend-grep-through-links",
    surface: "CarefoldBackend.grep",
    payload: "grep the canary in /workspace/ and in /workspace/up with a folder link and a file link planted",
    expected: "no match (links are not followed); the linked folder itself is refused",
    run: (ctx) =>
      withLinks(ctx, () => [linkUp(ctx), symlinkNote(ctx), hardlinkNote(ctx)], async () => {
        const all = await ctx.engine.backend.grep(CANARY, "/workspace/");
        expect(all.matches ?? []).toEqual([]);
        expect((await ctx.engine.backend.grep(CANARY, "/workspace/up")).error).toMatch(/Refused path/);
        expect(JSON.stringify(all)).not.toContain(CANARY);
      }),
  },

  // The workspace memory.
  {
    name: "memory-file-symlink",
    surface: "workspace memory (workspace/AGENTS.md) in a consult",
    payload: "workspace/AGENTS.md is a symlink to the secret",
    expected: "not in the system prompt, and not copied into the conversation's checkpoint in carefold.db",
    run: (ctx) =>
      withLinks(
        ctx,
        () => {
          symlinkSync(ctx.secret, join(ctx.workspace, "AGENTS.md"));
          return [join(ctx.workspace, "AGENTS.md")];
        },
        async () => {
          ctx.script([{ text: "Here is your plan." }]);
          await ctx.ask("Help me prepare for my visit");
          expect(ctx.modelSaw()).not.toContain(CANARY);
          expect(dataText(ctx.dataDir, [ctx.dataSecret])).not.toContain(CANARY);
        },
      ),
  },
  {
    name: "memory-file-hardlink",
    surface: "workspace memory (workspace/AGENTS.md) in a consult",
    payload: "workspace/AGENTS.md is a hard link to the secret",
    expected: "not in the system prompt, and not copied into carefold.db",
    run: (ctx) =>
      withLinks(
        ctx,
        () => {
          linkSync(ctx.secret, join(ctx.workspace, "AGENTS.md"));
          return [join(ctx.workspace, "AGENTS.md")];
        },
        async () => {
          ctx.script([{ text: "Here is your plan." }]);
          await ctx.ask("Help me prepare for my visit");
          expect(ctx.modelSaw()).not.toContain(CANARY);
          expect(dataText(ctx.dataDir, [ctx.dataSecret, join(ctx.workspace, "AGENTS.md")])).not.toContain(CANARY);
        },
      ),
  },

  // Attachments.
  {
    name: "attachment-text-symlink",
    surface: "attach-read tool (model) + context load",
    payload: "workspace/attachments/<id>/extracted.txt replaced by a symlink to the secret; the attachment sent with a question",
    expected: "attach-read gives no text of the secret; the secret is not stored in carefold.db with the turn",
    async run(ctx) {
      const id = await addAttachment(ctx);
      const text = join(ctx.workspace, "attachments", id, "extracted.txt");
      rmSync(text);
      symlinkSync(ctx.secret, text);
      try {
        await attachReadSeesNoSecret(ctx, id);
      } finally {
        await ctx.call("attachments.remove", { id });
      }
      secretsIntact(ctx);
    },
  },
  {
    name: "attachment-text-hardlink",
    surface: "attach-read tool (model) + context load",
    payload: "workspace/attachments/<id>/extracted.txt replaced by a hard link to the secret",
    expected: "attach-read gives no text of the secret; not stored in carefold.db",
    async run(ctx) {
      const id = await addAttachment(ctx);
      const text = join(ctx.workspace, "attachments", id, "extracted.txt");
      rmSync(text);
      linkSync(ctx.secret, text);
      try {
        ctx.script([{ toolCalls: [{ name: "attach-read", args: { name: "labs.txt" } }] }, { text: "Done." }]);
        await ctx.ask("What should I ask about my labs?", [id]);
        expect(ctx.modelSaw()).not.toContain(CANARY);
        expect(dataText(ctx.dataDir, [ctx.dataSecret, text])).not.toContain(CANARY);
      } finally {
        await ctx.call("attachments.remove", { id });
      }
      secretsIntact(ctx);
    },
  },
  {
    name: "attachment-folder-symlink",
    surface: "attach-read tool (model) + attachments.remove",
    payload: "workspace/attachments/<id>/ replaced by a symlink to a folder outside holding extracted.txt with the canary",
    expected: "attach-read gives no outside text; removing the attachment removes the link only, the outside folder keeps its files",
    async run(ctx) {
      const id = await addAttachment(ctx);
      const folder = join(ctx.workspace, "attachments", id);
      const real = join(ctx.outside, "attachment");
      mkdirSync(real, { recursive: true });
      writeFileSync(join(real, "extracted.txt"), SECRET_TEXT);
      writeFileSync(join(real, "labs.txt"), SECRET_TEXT);
      rmSync(folder, { recursive: true });
      symlinkSync(real, folder);
      try {
        await attachReadSeesNoSecret(ctx, id);
        await ctx.call("attachments.remove", { id });
        expect(existsSync(folder)).toBe(false);
        expect(readdirSync(real).sort()).toEqual(["extracted.txt", "labs.txt"]);
      } finally {
        rmSync(folder, { force: true });
        rmSync(real, { recursive: true, force: true });
      }
    },
  },
  {
    name: "attachment-file-symlink-remove",
    surface: "attachments.remove",
    payload: "the stored attachment file replaced by a symlink to the secret, then the attachment removed",
    expected: "the link is removed with the attachment; the secret stays",
    async run(ctx) {
      const id = await addAttachment(ctx);
      const stored = join(ctx.workspace, "attachments", id, "labs.txt");
      rmSync(stored);
      symlinkSync(ctx.secret, stored);
      expect(await ctx.call("attachments.remove", { id })).toEqual({ ok: true, result: { removed: true } });
      expect(existsSync(join(ctx.workspace, "attachments", id))).toBe(false);
      secretsIntact(ctx);
    },
  },

  // Models folder.
  {
    name: "model-file-symlink-remove",
    surface: "models.remove",
    payload: "<data>/models/evil.gguf is a symlink to the secret; models.remove evil.gguf",
    expected: "the link is removed, never the file it points to",
    async run(ctx) {
      const models = join(ctx.dataDir, "models");
      mkdirSync(models, { recursive: true });
      symlinkSync(ctx.secret, join(models, "evil.gguf"));
      try {
        await ctx.call("models.remove", { file: "evil.gguf" });
        secretsIntact(ctx);
      } finally {
        rmSync(join(models, "evil.gguf"), { force: true });
      }
    },
  },
  {
    name: "model-import-symlink",
    surface: "models.import",
    payload: "path = a .gguf symlink next to the data folder pointing at the (markdown) secret",
    expected: "invalid_input (not a GGUF model); nothing copied into <data>/models",
    async run(ctx) {
      const link = join(ctx.outside, "linked.gguf");
      symlinkSync(ctx.secret, link);
      try {
        expectError(await ctx.call("models.import", { path: link }));
        expect(dataText(join(ctx.dataDir, "models"))).not.toContain(CANARY);
        expect(Object.keys(files(join(ctx.dataDir, "models")))).toEqual([]);
      } finally {
        rmSync(link, { force: true });
      }
    },
  },

  // User content packs (<data>/content).
  {
    name: "user-skill-folder-symlink",
    surface: "user content packs + read_file /skills/ (model)",
    payload: "<data>/content/skills/visit-prep is a symlink to a valid skill folder outside whose SKILL.md carries the canary",
    expected: "the pack is not loaded (a link is not a pack folder); /skills/visit-prep/SKILL.md is the bundled one",
    async run(ctx) {
      const real = canarySkill(join(ctx.outside, "visit-prep"));
      mkdirSync(join(contentDir(ctx), "skills"), { recursive: true });
      symlinkSync(real, join(contentDir(ctx), "skills", "visit-prep"));
      try {
        const report = await packs(ctx);
        expect(report.loaded).toEqual([]);
        expect(report.notices.join("\n")).toContain("visit-prep");
        const { tools, saw } = await readSkillFile(ctx, "/skills/visit-prep/SKILL.md");
        expect(tools).toContain("visit-prep");
        expect(saw).not.toContain(CANARY);
      } finally {
        await clearPacks(ctx);
        rmSync(real, { recursive: true, force: true });
      }
    },
  },
  {
    name: "user-skill-file-symlink",
    surface: "user content packs + read_file /skills/ (model)",
    payload: "a real pack folder <data>/content/skills/visit-prep whose SKILL.md is a symlink to a canary SKILL.md outside",
    expected: "the pack is refused (content files must be regular files); the model reads the bundled skill",
    async run(ctx) {
      const real = canarySkill(join(ctx.outside, "visit-prep"));
      const pack = join(contentDir(ctx), "skills", "visit-prep");
      cpSync(BUNDLED_SKILL, pack, { recursive: true });
      rmSync(join(pack, "SKILL.md"));
      symlinkSync(join(real, "SKILL.md"), join(pack, "SKILL.md"));
      try {
        const report = await packs(ctx);
        expect(report.loaded).toEqual([]);
        expect(report.rejected.map((p) => p.id)).toEqual(["visit-prep"]);
        expect(report.rejected[0]!.why.join("\n")).toMatch(/link/);
        const { saw } = await readSkillFile(ctx, "/skills/visit-prep/SKILL.md");
        expect(saw).not.toContain(CANARY);
      } finally {
        await clearPacks(ctx);
        rmSync(real, { recursive: true, force: true });
      }
    },
  },
  {
    name: "user-skill-reference-symlink",
    surface: "user content packs",
    payload: `a pack whose references/${REFERENCE} is a symlink to the secret`,
    expected: "the pack is refused and names the link; the model reads the bundled reference",
    async run(ctx) {
      const pack = join(contentDir(ctx), "skills", "visit-prep");
      cpSync(BUNDLED_SKILL, pack, { recursive: true });
      rmSync(join(pack, "references", REFERENCE));
      symlinkSync(ctx.secret, join(pack, "references", REFERENCE));
      try {
        const report = await packs(ctx);
        expect(report.rejected.map((p) => p.id)).toEqual(["visit-prep"]);
        expect(report.rejected[0]!.why.join("\n")).toMatch(/link/);
        const { saw } = await readSkillFile(ctx, `/skills/visit-prep/references/${REFERENCE}`);
        expect(saw).not.toContain(CANARY);
      } finally {
        await clearPacks(ctx);
      }
    },
  },
  {
    name: "user-skill-reference-hardlink",
    surface: "read_file /skills/<user pack>/references/ (model) + skill-docs",
    payload: `a loaded user pack whose references/${REFERENCE} is a hard link to a reference-shaped secret outside`,
    expected: "read_file refuses the hard-linked file; the secret's text reaches neither the model nor the skill's docs",
    async run(ctx) {
      const secretRef = join(ctx.outside, "reference.md");
      writeFileSync(secretRef, `${readFileSync(join(BUNDLED_SKILL, "references", REFERENCE), "utf8").trimEnd()}\n\nAccount: ${CANARY}\n`);
      const pack = join(contentDir(ctx), "skills", "visit-prep");
      cpSync(BUNDLED_SKILL, pack, { recursive: true });
      rmSync(join(pack, "references", REFERENCE));
      linkSync(secretRef, join(pack, "references", REFERENCE));
      try {
        const report = await packs(ctx);
        expect(report.loaded.map((p) => `${p.kind}:${p.id}`)).toEqual(["skill:visit-prep"]);
        const { tools, saw } = await consultWithTools(ctx, [
          { name: "read_file", args: { file_path: `/skills/visit-prep/references/${REFERENCE}` } },
          { name: "skill-docs", args: { skill: "visit-prep" } },
        ]);
        expect(tools).toMatch(/Refused path: it is hard-linked/);
        expect(saw).not.toContain(CANARY);
        expect(readFileSync(secretRef, "utf8")).toContain(CANARY);
      } finally {
        await clearPacks(ctx);
        rmSync(secretRef, { force: true });
      }
    },
  },
  {
    name: "user-content-folder-symlink",
    surface: "user content packs",
    payload: "<data>/content itself is a symlink to a folder outside holding a valid canary skill pack",
    expected: "no user pack is loaded; /skills/visit-prep/ is the bundled skill",
    async run(ctx) {
      const real = join(ctx.outside, "content");
      canarySkill(join(real, "skills", "visit-prep"));
      symlinkSync(real, contentDir(ctx));
      try {
        const report = await packs(ctx);
        expect(report.loaded).toEqual([]);
        const { saw } = await readSkillFile(ctx, "/skills/visit-prep/SKILL.md");
        expect(saw).not.toContain(CANARY);
      } finally {
        await clearPacks(ctx);
        rmSync(real, { recursive: true, force: true });
      }
    },
  },
  {
    name: "user-pack-control-real-folder",
    surface: "user content packs + read_file /skills/ (model)",
    payload: "the same canary skill copied as a real folder into <data>/content/skills/visit-prep (the control for the link attacks)",
    expected: "loaded and read: the canary packs above are valid, so refusing their links is what kept them out",
    async run(ctx) {
      canarySkill(join(contentDir(ctx), "skills", "visit-prep"));
      try {
        const report = await packs(ctx);
        expect(report.loaded.map((p) => p.id)).toEqual(["visit-prep"]);
        const { tools } = await readSkillFile(ctx, "/skills/visit-prep/SKILL.md");
        expect(tools).toContain(CANARY);
      } finally {
        await clearPacks(ctx);
      }
    },
  },

  // The CLI's migrate reads a legacy tree: links in it are not followed.
  {
    name: "migrate-legacy-links",
    surface: "carefold migrate (runCli)",
    payload: "a legacy tree with a reference that is a symlink to the secret and an agent folder that is a symlink outside",
    expected: "both reported as links, not followed; no output file holds the secret",
    async run(ctx) {
      const legacy = join(ctx.outside, "legacy");
      const out = join(ctx.outside, "migrated");
      cpSync(join(REPO, "test", "fixtures", "legacy-packs", "well-formed"), legacy, { recursive: true });
      symlinkSync(ctx.secret, join(legacy, "skills", "walk-log", "references", "secret.md"));
      mkdirSync(join(ctx.outside, "agent-elsewhere"), { recursive: true });
      writeFileSync(join(ctx.outside, "agent-elsewhere", "persona.md"), SECRET_TEXT);
      symlinkSync(join(ctx.outside, "agent-elsewhere"), join(legacy, "agents", "linked-agent"));
      try {
        const t = stdio();
        await runCli(["migrate", legacy, "--out", out], t.io);
        expect(t.out()).toMatch(/link/);
        expect(t.out()).not.toContain(CANARY);
        expect(dataText(out)).not.toContain(CANARY);
        expect(existsSync(join(out, "agents", "linked-agent"))).toBe(false);
      } finally {
        rmSync(legacy, { recursive: true, force: true });
        rmSync(out, { recursive: true, force: true });
        rmSync(join(ctx.outside, "agent-elsewhere"), { recursive: true, force: true });
      }
    },
  },

  // Last: erasing everything with every kind of link planted.
  {
    name: "delete-all-keeps-link-targets",
    surface: "data.deleteAll",
    payload: "links planted everywhere (a note symlink, a note hard link, workspace/up → outside, AGENTS.md → the secret), then delete all my data",
    expected: "the workspace is emptied; every file the links pointed to is still there with its text",
    async run(ctx) {
      symlinkNote(ctx);
      hardlinkNote(ctx);
      linkUp(ctx);
      symlinkSync(ctx.secret, join(ctx.workspace, "AGENTS.md"));
      const outsideBefore = files(ctx.outside);
      const erased = await ctx.call("data.deleteAll", { confirm: true });
      expect(erased.ok, JSON.stringify(erased)).toBe(true);
      expect(lstatSync(ctx.workspace, { throwIfNoEntry: false })?.isSymbolicLink() ?? false).toBe(false);
      expect(existsSync(join(ctx.notesDir, "Planted.md"))).toBe(false);
      expect(files(ctx.outside)).toEqual(outsideBefore);
      expect(readFileSync(ctx.secret, "utf8")).toBe(SECRET_TEXT);
    },
  },
];

export const linkEscape = family<LinkContext>("link-escape", attacks);

export const tables = [linkEscape];
