/**
 * Archive members (issue 17): Carefold stores attachments opaquely and never extracts archives, and
 * user content packs are folders, never archives. Zip and tar files whose members climb out ("zip
 * slip": ../../evil.txt, absolute paths, backslashes, links) are attached, sent with a question and
 * dropped into the user content folder: no member is ever written anywhere, and no member's text
 * reaches the model.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect } from "vitest";
import { REPO } from "../../support/engineHarness";
import { family, type Attack } from "../attack";
import { CANARY, consultWithTools, dataText, files, outsideWorkspace, toolResults, type PlantedEngine } from "./pathTraversal";

export type ArchiveContext = PlantedEngine;

// ---------- tiny archive writers (store-only zip, ustar) ----------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export interface Member {
  name: string;
  data: string;
  /** A Unix symbolic link (its data is the link target). */
  symlink?: boolean;
}

/** A store-only (uncompressed) zip, as any unzip tool reads it; member names are written as given. */
export function zip(members: Member[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const m of members) {
    const name = Buffer.from(m.name, "utf8");
    const data = Buffer.from(m.data, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x031e, 4); // made by Unix
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((m.symlink ? 0o120777 : 0o100644) << 16) >>> 0, 38); // Unix mode
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A ustar archive; `link` members are hard links ("1") or symbolic links ("2") to `data`. */
export function tar(members: (Member & { hardlink?: boolean })[]): Buffer {
  const blocks: Buffer[] = [];
  const field = (buf: Buffer, text: string, at: number, len: number) => buf.write(text.slice(0, len), at, len, "utf8");
  const octal = (n: number, len: number) => n.toString(8).padStart(len - 1, "0") + "\0";
  for (const m of members) {
    const link = m.symlink ? "2" : m.hardlink ? "1" : "0";
    const data = link === "0" ? Buffer.from(m.data, "utf8") : Buffer.alloc(0);
    const h = Buffer.alloc(512);
    field(h, m.name, 0, 100);
    field(h, octal(0o644, 8), 100, 8);
    field(h, octal(0, 8), 108, 8);
    field(h, octal(0, 8), 116, 8);
    field(h, octal(data.length, 12), 124, 12);
    field(h, octal(0, 12), 136, 12);
    field(h, "        ", 148, 8);
    field(h, link, 156, 1);
    if (link !== "0") field(h, m.data, 157, 100);
    field(h, "ustar\u000000", 257, 8);
    let sum = 0;
    for (const b of h) sum += b;
    field(h, octal(sum, 7) + " ", 148, 8);
    blocks.push(h, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

// ---------- helpers ----------

/** Names a zip-slip member would land on, relative to the attachment's folder (and the data folder). */
function wouldLand(ctx: ArchiveContext, folder: string, member: string): string[] {
  const posix = member.replace(/\\/g, "/");
  return [resolve(folder, posix), resolve(ctx.workspace, posix), resolve(ctx.dataDir, posix)];
}

/**
 * Attaches an archive, sends it with a question whose model calls attach-read and
 * extract_structured_data on it: stored as one opaque file, nothing extracted, no member text seen.
 */
async function attachArchive(ctx: ArchiveContext, name: string, bytes: Buffer, members: string[]): Promise<void> {
  const before = outsideWorkspace(ctx);
  const r = await ctx.call("attachments.add", { name, dataBase64: bytes.toString("base64") });
  expect(r.ok, JSON.stringify(r)).toBe(true);
  const attachment = (r as { result: { id: string; problem: string | null; pagesTotal: number | null } }).result;
  const folder = join(ctx.workspace, "attachments", attachment.id);
  try {
    // Kept whole, byte for byte, as the one file in its folder; no text taken out of it.
    expect(readdirSync(folder)).toHaveLength(1);
    const [stored] = readdirSync(folder) as [string];
    expect(readFileSync(join(folder, stored)).equals(bytes)).toBe(true);
    expect(attachment.problem).not.toBeNull();
    expect(attachment.pagesTotal).toBeNull();
    ctx.script([
      {
        toolCalls: [
          { name: "attach-read", args: { name } },
          { name: "extract_structured_data", args: { name, kind: "bill" } },
        ],
      },
      { text: "Done." },
    ]);
    const done = await ctx.ask("What is in my records?", [attachment.id]);
    expect(ctx.modelSaw()).not.toContain(CANARY);
    expect(done.text).not.toContain(CANARY);
    // No member was written anywhere: not beside the archive, not where its path points.
    expect(readdirSync(folder)).toEqual([stored]);
    for (const m of members) for (const p of wouldLand(ctx, folder, m)) expect(existsSync(p), p).toBe(false);
    expect(outsideWorkspace(ctx)).toBe(before);
    // The canary is in the workspace only as often as inside the stored archive itself.
    expect(dataText(ctx.workspace).split(CANARY).length).toBe(bytes.toString("latin1").split(CANARY).length);
  } finally {
    await ctx.call("attachments.remove", { id: attachment.id });
  }
}

const evil = (name: string): Member => ({ name, data: `${CANARY} from ${name}\n` });

// ---------- the table ----------

const attacks: Attack<ArchiveContext>[] = [
  {
    name: "zip-slip-dot-dot-member",
    surface: "attachments.add + a consult (attach-read, extract_structured_data)",
    payload: 'records.zip with the member "../../evil.txt" (and a harmless labs.txt)',
    expected: "stored whole as one opaque file; no member extracted anywhere; the model gets no member text",
    run: (ctx) => attachArchive(ctx, "records.zip", zip([evil("../../evil.txt"), evil("labs.txt")]), ["../../evil.txt", "labs.txt"]),
  },
  {
    name: "zip-absolute-member",
    surface: "attachments.add + a consult",
    payload: 'records.zip with the member "/tmp/…/evil.txt" (an absolute path next to the data folder)',
    expected: "nothing is written at that absolute path; the model gets no member text",
    async run(ctx) {
      const target = join(ctx.outside, "evil-absolute.txt");
      await attachArchive(ctx, "records.zip", zip([evil(target)]), [target]);
      expect(existsSync(target)).toBe(false);
    },
  },
  {
    name: "zip-backslash-member",
    surface: "attachments.add + a consult",
    payload: 'records.zip with the member "..\\..\\evil.txt" (how a Windows unzip reads it)',
    expected: "no member extracted; the model gets no member text",
    run: (ctx) => attachArchive(ctx, "records.zip", zip([evil("..\\..\\evil.txt")]), ["..\\..\\evil.txt"]),
  },
  {
    name: "zip-symlink-member",
    surface: "attachments.add + a consult",
    payload: 'records.zip with a Unix symlink member "labs.txt" → the secret, then "labs.txt/../../evil.txt"',
    expected: "no link is created and nothing is written through one; the model never sees the secret",
    run: (ctx) =>
      attachArchive(ctx, "records.zip", zip([{ name: "labs.txt", data: ctx.secret, symlink: true }, evil("labs.txt/../../evil.txt")]), ["labs.txt", "labs.txt/../../evil.txt"]),
  },
  {
    name: "zip-disguised-as-text",
    surface: "attachments.add + a consult",
    payload: 'a zip slip archive named "labs.txt" (a text extension), its members stored uncompressed',
    expected: "not read as text (an archive has NUL bytes): no extracted text, nothing unpacked; no member text reaches the model",
    async run(ctx) {
      const bytes = zip([evil("../../evil.txt")]);
      const r = await ctx.call("attachments.add", { name: "labs.txt", dataBase64: bytes.toString("base64") });
      const { id, problem } = (r as { result: { id: string; problem: string | null } }).result;
      try {
        expect(problem, "an archive is not read as text").not.toBeNull();
        expect(readdirSync(join(ctx.workspace, "attachments", id))).toEqual(["labs.txt"]);
        ctx.script([{ toolCalls: [{ name: "attach-read", args: { name: "labs.txt" } }] }, { text: "Done." }]);
        await ctx.ask("Read my labs", [id]);
        expect(toolResults(ctx)).toContain("labs.txt");
        expect(ctx.modelSaw()).not.toContain(CANARY);
      } finally {
        await ctx.call("attachments.remove", { id });
      }
    },
  },
  {
    name: "tar-slip-members",
    surface: "attachments.add + a consult",
    payload: 'records.tar with "../../evil.txt", "/tmp/…/evil.txt", a hard link "h" → the secret and a symlink "s" → the secret',
    expected: "stored whole; no member, hard link or symlink created anywhere; no member text reaches the model",
    async run(ctx) {
      const target = join(ctx.outside, "evil-tar.txt");
      const bytes = tar([evil("../../evil.txt"), evil(target), { name: "h", data: ctx.secret, hardlink: true }, { name: "s", data: ctx.secret, symlink: true }]);
      await attachArchive(ctx, "records.tar", bytes, ["../../evil.txt", target, "h", "s"]);
    },
  },
  {
    name: "zip-slip-name-and-members",
    surface: "attachments.add",
    payload: 'an archive named "../../evil.zip" whose member is "../../../evil.txt"',
    expected: "the archive is stored under a flat safe name inside its attachment folder; no member extracted",
    run: (ctx) => attachArchive(ctx, "../../evil.zip", zip([evil("../../../evil.txt")]), ["../../../evil.txt", "../../evil.zip"]),
  },
  {
    name: "user-pack-zip-not-extracted",
    surface: "user content packs (<data>/content) + catalog",
    payload: "<data>/content/skills/visit-prep.zip: a zip of a valid skill pack with a ../../evil.txt member",
    expected: "ignored with a notice (a pack is a folder, never an archive); nothing extracted into or out of the content folder; the canary is in no skill",
    async run(ctx) {
      const content = join(ctx.dataDir, "content");
      mkdirSync(join(content, "skills"), { recursive: true });
      const skill = readFileSync(join(REPO, "skills", "visit-prep", "SKILL.md"), "utf8");
      writeFileSync(join(content, "skills", "visit-prep.zip"), zip([{ name: "visit-prep/SKILL.md", data: `${skill}\n${CANARY}\n` }, evil("../../evil.txt")]));
      try {
        const r = await ctx.call("content.packs");
        const report = (r as { result: { loaded: unknown[]; notices: string[] } }).result;
        expect(report.loaded).toEqual([]);
        expect(report.notices.join("\n")).toContain("visit-prep.zip");
        expect(Object.keys(files(content)).map((f) => f.slice(content.length + 1))).toEqual(["skills/visit-prep.zip"]);
        for (const p of wouldLand(ctx, join(content, "skills"), "../../evil.txt")) expect(existsSync(p)).toBe(false);
        const { saw } = await consultWithTools(ctx, [{ name: "read_file", args: { file_path: "/skills/visit-prep/SKILL.md", limit: 300 } }]);
        expect(saw).not.toContain(CANARY);
      } finally {
        rmSync(content, { recursive: true, force: true });
        await ctx.call("content.packs");
      }
    },
  },
  {
    name: "user-pack-unpacked-dot-dot-name",
    surface: "user content packs + read_file /skills/ (model)",
    payload: 'a pack folder as a careless unzip leaves it, with references/"..%2f..%2fevil.md" (a dot file the loader skips)',
    expected: "the pack loads without it; reading it by any spelling (plain, %25-encoded) is refused; its text never reaches the model",
    async run(ctx) {
      const pack = join(ctx.dataDir, "content", "skills", "visit-prep");
      cpSync(join(REPO, "skills", "visit-prep"), pack, { recursive: true });
      writeFileSync(join(pack, "references", "..%2f..%2fevil.md"), `# Evil\n\n${CANARY}\n`);
      try {
        const r = await ctx.call("content.packs");
        const report = (r as { result: { loaded: { id: string }[] } }).result;
        expect(report.loaded.map((p) => p.id)).toEqual(["visit-prep"]);
        const { tools, saw } = await consultWithTools(ctx, [
          { name: "read_file", args: { file_path: "/skills/visit-prep/references/..%2f..%2fevil.md" } },
          { name: "read_file", args: { file_path: "/skills/visit-prep/references/..%252f..%252fevil.md" } },
        ]);
        expect(tools.match(/traversal|hidden files are not part of a skill/gi)?.length).toBe(2);
        expect(saw).not.toContain(CANARY);
      } finally {
        rmSync(join(ctx.dataDir, "content"), { recursive: true, force: true });
        await ctx.call("content.packs");
      }
    },
  },
  {
    name: "user-pack-unpacked-encoded-name",
    surface: "user content packs",
    payload: 'a pack folder with references/"%2e%2e%2fevil.md" (a traversal name a zip tool wrote literally)',
    expected: "the pack is refused (reference names are lowercase words and dashes) and not mounted; the model reads the bundled skill only",
    async run(ctx) {
      const pack = join(ctx.dataDir, "content", "skills", "visit-prep");
      cpSync(join(REPO, "skills", "visit-prep"), pack, { recursive: true });
      writeFileSync(join(pack, "references", "%2e%2e%2fevil.md"), `# Evil\n\n${CANARY}\n`);
      try {
        const r = await ctx.call("content.packs");
        const report = (r as { result: { loaded: unknown[]; rejected: { id: string; why: string[] }[] } }).result;
        expect(report.loaded).toEqual([]);
        expect(report.rejected.map((p) => p.id)).toEqual(["visit-prep"]);
        expect(report.rejected[0]!.why.join("\n")).toContain("%2e%2e%2fevil.md");
        const { saw } = await consultWithTools(ctx, [{ name: "read_file", args: { file_path: "/skills/visit-prep/references/%252e%252e%252fevil.md" } }]);
        expect(saw).not.toContain(CANARY);
      } finally {
        rmSync(join(ctx.dataDir, "content"), { recursive: true, force: true });
        await ctx.call("content.packs");
      }
    },
  },
  {
    name: "user-pack-unpacked-hidden-files",
    surface: "user content packs + read_file / ls / glob under /skills/ (the model's file backend)",
    payload: "a pack unzipped with hidden files the loader skips: .DS_Store, .hidden.md and references/.more.md holding the canary",
    expected: "the pack loads (hidden files are ignored, never validated) and none of them is served: read_file refused, ls and glob do not list them",
    async run(ctx) {
      const pack = join(ctx.dataDir, "content", "skills", "visit-prep");
      cpSync(join(REPO, "skills", "visit-prep"), pack, { recursive: true });
      for (const f of [".DS_Store", ".hidden.md", "references/.more.md"]) writeFileSync(join(pack, f), `${CANARY}\n`);
      try {
        const r = await ctx.call("content.packs");
        expect((r as { result: { loaded: { id: string }[] } }).result.loaded.map((p) => p.id)).toEqual(["visit-prep"]);
        const { tools, saw } = await consultWithTools(ctx, [
          { name: "read_file", args: { file_path: "/skills/visit-prep/.hidden.md" } },
          { name: "read_file", args: { file_path: "/skills/visit-prep/references/.more.md" } },
        ]);
        expect(tools.match(/hidden files are not part of a skill/g)?.length).toBe(2);
        expect(saw).not.toContain(CANARY);
        const listed = JSON.stringify([await ctx.engine.backend.ls("/skills/visit-prep/"), await ctx.engine.backend.glob("**/*", "/skills/visit-prep/")]);
        expect(listed).toContain("SKILL.md");
        expect(listed).not.toMatch(/DS_Store|hidden\.md|more\.md/);
      } finally {
        rmSync(join(ctx.dataDir, "content"), { recursive: true, force: true });
        await ctx.call("content.packs");
      }
    },
  },
];

export const archive = family<ArchiveContext>("archive", attacks);

export const tables = [archive];
