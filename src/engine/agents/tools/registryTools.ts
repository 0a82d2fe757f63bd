/**
 * Carefold's closed tool registry (architecture.md §4), implemented for the tools agents declare.
 * Descriptions are short on purpose: every schema token is paid on every model call.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import { noteFileName, type ToolContext } from "./context";
import { extractFields, EXTRACTION_KINDS } from "./extractFields";
import { referencesSection } from "./skillReferences";

function findAttachment(ctx: ToolContext, name: string) {
  const picked = ctx.attachmentIds.map((id) => ctx.attachments.get(id)).filter((a) => a !== null);
  return picked.find((a) => a.id === name || a.name === name || a.name.toLowerCase() === name.toLowerCase()) ?? null;
}

export function attachRead(ctx: ToolContext): StructuredToolInterface {
  return tool(
    async ({ name }) => {
      const a = findAttachment(ctx, name);
      if (!a) {
        const names = ctx.attachmentIds.map((id) => ctx.attachments.get(id)?.name).filter(Boolean);
        return names.length ? `No attachment named "${name}". Attached: ${names.join(", ")}.` : "The user attached no files to this question.";
      }
      const text = ctx.attachments.contextText(a.id);
      if (text === null) return `"${a.name}" has no readable text: ${a.problem ?? "unknown format"}.`;
      const truncated = a.pagesRead !== null && a.pagesTotal !== null && a.pagesRead < a.pagesTotal;
      return `${truncated ? `[Read ${a.pagesRead} of ${a.pagesTotal} pages of "${a.name}".]\n` : ""}${text}`;
    },
    {
      name: "attach-read",
      description: "Read the text of a file the user attached to this question.",
      schema: z.object({ name: z.string().describe("attachment file name") }),
    },
  );
}

export function workspaceNote(ctx: ToolContext): StructuredToolInterface {
  // Human-in-the-loop interrupts before this runs: it executes only after the user approved
  // (possibly editing the content), and the write is atomic.
  return tool(async ({ title, content }) => {
    const file = noteFileName(title);
    ctx.notes.write(file, content);
    return `Saved the note "${title}" as ${file}.`;
  }, {
    name: "workspace-note",
    description: "Save a note (e.g. a visit agenda) to the user's notes. The user must approve it first.",
    schema: z.object({ title: z.string().describe("short title"), content: z.string().describe("markdown") }),
  });
}

export function skillDocs(ctx: ToolContext): StructuredToolInterface {
  return tool(
    async ({ skill }) => {
      const s = ctx.content.skills.find((x) => x.id === skill);
      if (!s) return `No skill named "${skill}".`;
      return referencesSection(s);
    },
    {
      name: "skill-docs",
      description: "List a skill's reference documents with their paths and when to read each.",
      schema: z.object({ skill: z.string().describe("skill name") }),
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

export function extractStructuredData(ctx: ToolContext): StructuredToolInterface {
  return tool(
    async ({ name, kind }) => {
      const a = findAttachment(ctx, name);
      const text = a ? ctx.attachments.contextText(a.id) : null;
      if (!a || text === null) return `No readable attachment named "${name}".`;
      return JSON.stringify(extractFields(text, kind));
    },
    {
      name: "extract_structured_data",
      description: "Pull dates, amounts, codes and reference numbers out of an attached bill, EOB, denial letter or form.",
      schema: z.object({ name: z.string().describe("attachment file name"), kind: z.enum(EXTRACTION_KINDS) }),
    },
  );
}

/** Registry name → factory. Tools not listed here are not implemented because no agent declares them. */
export const REGISTRY_TOOL_FACTORIES: Record<string, (ctx: ToolContext) => StructuredToolInterface> = {
  "attach-read": attachRead,
  "workspace-note": workspaceNote,
  "skill-docs": skillDocs,
  sanitize_pii: sanitizePiiTool,
  list_agents: listAgents,
  extract_structured_data: extractStructuredData,
};
