/**
 * Carefold's closed tool registry (architecture.md §4), implemented for the tools agents declare.
 * Descriptions are short on purpose: every schema token is paid on every model call.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import { legacyNoteFileName, noteFileFor, noteNameFromTitle } from "../../../shared/noteNames";
import type { ToolContext } from "./context";
import { attachRead, extractStructuredData, validateGroundingTool } from "./documentTools";
import { echo } from "./echo";
import { referencesSection } from "./skillReferences";

export function workspaceNote(ctx: ToolContext): StructuredToolInterface {
  // Human-in-the-loop interrupts before this runs: it executes only after the user approved
  // (possibly editing the content), and the write is atomic.
  return tool(async ({ title, content }) => {
    const file = noteFileFor(title, (name) => ctx.notes.exists(name));
    ctx.notes.write(file, content);
    return `Saved the note "${title}" as ${file}.`;
  }, {
    name: "workspace-note",
    description: "Save a note (e.g. a visit agenda) to the user's notes. The user must approve it first.",
    schema: z.object({ title: z.string().describe("short title"), content: z.string().describe("markdown") }),
  });
}

/** A note is read whole up to this many characters (small context windows); the rest is announced. */
export const NOTE_READ_MAX_CHARS = 6000;
const NOTE_LIST_MAX = 20;

function savedNotesLine(ctx: ToolContext): string {
  const notes = ctx.notes.list();
  if (!notes.length) return "The user has no saved notes.";
  const shown = notes.slice(0, NOTE_LIST_MAX).map((n) => `"${n.title}" (${n.name})`);
  const more = notes.length > NOTE_LIST_MAX ? `, and ${notes.length - NOTE_LIST_MAX} older` : "";
  return `Saved notes: ${shown.join(", ")}${more}.`;
}

/**
 * A note by its title or its file name (case-insensitive), only among the names list() returns, so
 * nothing the model passes ever becomes a path. `path` when the name looks like one (and is no title).
 */
export function findNote(ctx: ToolContext, name: string): { name: string } | "path" | null {
  const wanted = name.trim().toLowerCase();
  const notes = ctx.notes.list();
  const byTitle = notes.find((x) => x.title.trim().toLowerCase() === wanted);
  if (byTitle) return byTitle;
  // Titles may hold "5/12"; a name that is no title and looks like a path is refused, not resolved.
  if (/[/\\\0]|^\.\.|^~/.test(wanted)) return "path";
  const byName = (n: string) => notes.find((x) => x.name.toLowerCase() === n);
  const title = name.trim().replace(/\.md$/i, "");
  const named = noteNameFromTitle(title);
  return byName(wanted) ?? byName(`${wanted}.md`) ?? (named ? byName(named.toLowerCase()) : undefined) ?? byName(legacyNoteFileName(title)) ?? null;
}

export function noteRead(ctx: ToolContext): StructuredToolInterface {
  // Read-only. What it returns is the user's own text: it goes to the model and nowhere else
  // (the audit records only the tool name and outcome).
  return tool(
    async ({ name }) => {
      const found = findNote(ctx, name);
      if (found === "path") return `Note names are plain names like "blood-pressure-log.md" or a note's title, never paths. ${savedNotesLine(ctx)}`;
      if (!found) return `No note named "${echo(name)}". ${savedNotesLine(ctx)}`;
      let note;
      try {
        note = ctx.notes.read(found.name);
      } catch {
        return `No note named "${echo(name)}". ${savedNotesLine(ctx)}`; // deleted meanwhile
      }
      const text = note.content.length > NOTE_READ_MAX_CHARS ? note.content.slice(0, NOTE_READ_MAX_CHARS) : note.content;
      const cut = text.length < note.content.length ? `\n[Showed the first ${text.length} of ${note.content.length} characters.]` : "";
      return `Note "${note.title}" (${note.name}, saved ${note.modifiedAt.slice(0, 10)}):\n${text}${cut}`;
    },
    {
      name: "note-read",
      description: "Read one of the user's saved notes by its title or file name.",
      schema: z.object({ name: z.string().max(255).describe("note title or file name") }),
    },
  );
}

export function skillDocs(ctx: ToolContext): StructuredToolInterface {
  return tool(
    async ({ skill }) => {
      const s = ctx.content.skills.find((x) => x.id === skill);
      if (!s) return `No skill named "${echo(skill)}".`;
      return referencesSection(s);
    },
    {
      name: "skill-docs",
      description: "List a skill's reference documents with their paths and when to read each.",
      schema: z.object({ skill: z.string().max(100).describe("skill name") }),
    },
  );
}

export function sanitizePiiTool(ctx: ToolContext): StructuredToolInterface {
  return tool(async ({ text }) => ctx.sanitizePii(text).text, {
    name: "sanitize_pii",
    description: "Mask personal identifiers (names, addresses, IDs, phone, email) in text before sharing it.",
    schema: z.object({ text: z.string() }),
  });
}

export function listAgents(ctx: ToolContext): StructuredToolInterface {
  return tool(
    async () =>
      ctx.content.agents
        .filter((a) => !a.metadata.hidden)
        .map((a) => `- ${a.metadata.title}: ${a.runtime.description.replace(/\s+/g, " ").trim()}`)
        .join("\n"),
    {
      name: "list_agents",
      description: "List Carefold's specialist guides and what each helps with.",
      schema: z.object({}),
    },
  );
}

/** Registry name → factory. Tools not listed here are not implemented because no agent declares them. */
export const REGISTRY_TOOL_FACTORIES: Record<string, (ctx: ToolContext) => StructuredToolInterface> = {
  "attach-read": attachRead,
  "workspace-note": workspaceNote,
  "note-read": noteRead,
  "skill-docs": skillDocs,
  sanitize_pii: sanitizePiiTool,
  list_agents: listAgents,
  extract_structured_data: extractStructuredData,
  validate_grounding: validateGroundingTool,
};
