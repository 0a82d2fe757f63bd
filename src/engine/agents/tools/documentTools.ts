/**
 * The tools that read what the user attached to the question (and only that): the text page by page
 * with citations ("lab-report.pdf p.2"), structured data read deterministically and grounded, and a
 * check that values a model proposes really are in the document.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import { present } from "../../documents/structured";
import { extractStructured, validateGrounding, type DocumentKind } from "../../documents/extract";
import { isFreeTextKind } from "../../documents/freeText";
import { MAX_CONTEXT_PAGES } from "../../workspace/attachmentDocument";
import type { ToolContext } from "./context";
import { echo } from "./echo";
import { extractFields, EXTRACTION_KINDS } from "./extractFields";
import { groundValues } from "./groundValues";

export function findAttachment(ctx: ToolContext, name: string) {
  const picked = ctx.attachmentIds.map((id) => ctx.attachments.get(id)).filter((a) => a !== null);
  return picked.find((a) => a.id === name || a.name === name || a.name.toLowerCase() === name.toLowerCase()) ?? null;
}

function notAttached(ctx: ToolContext, name: string): string {
  const names = ctx.attachmentIds.map((id) => ctx.attachments.get(id)?.name).filter(Boolean);
  return names.length ? `No attachment named "${echo(name)}". Attached: ${names.join(", ")}.` : "The user attached no files to this question.";
}

export function attachRead(ctx: ToolContext): StructuredToolInterface {
  return tool(
    async ({ name, page }) => {
      const a = findAttachment(ctx, name);
      if (!a) return notAttached(ctx, name);
      const doc = ctx.attachments.document(a.id);
      if (page !== undefined && doc) {
        const p = doc.pages.find((x) => x.n === page);
        if (!p) return `"${a.name}" has ${doc.pages.length} page(s); there is no page ${page}.`;
        if (!p.read) return `[${a.name} p.${page}] was not read (a limit stopped before it).`;
        return `[${a.name} p.${page}${p.ocr ? ", read with OCR: check numbers against the original" : ""}] (page ${page} of ${doc.pages.length})\n${p.text || "(no text on this page)"}`;
      }
      const text = ctx.attachments.contextText(a.id);
      if (text === null) return `"${a.name}" has no readable text: ${a.problem ?? "unknown format"}.`;
      const total = doc?.pages.length ?? a.pagesTotal ?? 1;
      const more = total > MAX_CONTEXT_PAGES ? `[Showing pages 1–${MAX_CONTEXT_PAGES} of ${total} of "${a.name}"; ask for a page to read it.]\n` : "";
      const notices = doc?.notices.length ? `[${doc.notices.map((n) => n.message).join(" ")}]\n` : "";
      return `${more}${notices}${text}`;
    },
    {
      name: "attach-read",
      description: "Read a file the user attached to this question: its first pages, or one page. Cite values as [file p.N].",
      schema: z.object({ name: z.string().max(255).describe("attachment file name"), page: z.int().min(1).max(1000).optional().describe("page number") }),
    },
  );
}

/** The older paperwork kinds map onto the grounded extractors where one exists. */
const STRUCTURED_KIND: Partial<Record<(typeof EXTRACTION_KINDS)[number], DocumentKind>> = {
  eob: "eob",
  lab_report: "lab_results",
  medication_list: "medication_list",
  bp_log: "bp_log",
  glucose_log: "glucose_log",
};

export function extractStructuredData(ctx: ToolContext): StructuredToolInterface {
  return tool(
    async ({ name, kind }, config?: { signal?: AbortSignal }) => {
      const a = findAttachment(ctx, name);
      const text = a ? ctx.attachments.contextText(a.id) : null;
      if (!a || text === null) return `No readable attachment named "${echo(name)}".`;
      const doc = ctx.attachments.document(a.id);
      const structuredKind = STRUCTURED_KIND[kind];
      let structured = null;
      let byModel: { method: "model"; proposed: number } | { modelProblem: string } | null = null;
      if (doc && structuredKind) {
        const pages = doc.pages.filter((p) => p.read).map((p) => ({ n: p.n, text: p.text }));
        const grounded = validateGrounding(extractStructured(structuredKind, pages, doc.table ?? undefined), pages, doc.table ?? undefined);
        structured = present(grounded.kept, grounded.dropped.length);
        // Nothing a parser could read: free text, which only a model reads (and grounding then checks).
        if (!structured && !doc.table && isFreeTextKind(structuredKind) && ctx.readFreeText) {
          const read = await ctx.readFreeText(structuredKind, pages, config?.signal);
          if (read.status === "read") {
            structured = present(read.kept, read.dropped.length);
            byModel = { method: "model", proposed: read.proposed };
          } else byModel = { modelProblem: read.status === "error" ? "the model could not read it" : "the model recorded nothing" };
        }
      } else if (doc) {
        structured = doc.structured; // what reading the file already found and grounded
      }
      const fields = extractFields(text, kind);
      return JSON.stringify({
        file: a.name,
        fields,
        ...(structured
          ? {
              structured: { kind: structured.kind, columns: structured.columns, rows: structured.rows.map((r) => ({ ...r, source: `${a.name} ${r.source}` })), summary: structured.summary, droppedUngrounded: structured.dropped },
            }
          : {}),
        ...(byModel ?? {}),
        note:
          byModel && "method" in byModel
            ? "Read from free text by the model; each value kept was found on the line it cites. Quote them; never add a value that is not here."
            : "Values are as printed, each with where it was read. Quote them; never add a value that is not here.",
      });
    },
    {
      name: "extract_structured_data",
      description: "Read dates, amounts, codes, lab values, medications or BP/glucose readings from an attached file, each with its page.",
      schema: z.object({ name: z.string().max(255).describe("attachment file name"), kind: z.enum(EXTRACTION_KINDS) }),
    },
  );
}

export function validateGroundingTool(ctx: ToolContext): StructuredToolInterface {
  return tool(
    async ({ name, values }) => {
      const a = findAttachment(ctx, name);
      const doc = a ? ctx.attachments.document(a.id) : null;
      if (!a || !doc) return `No readable attachment named "${echo(name)}".`;
      return JSON.stringify(groundValues(values, doc.pages));
    },
    {
      name: "validate_grounding",
      description: "Check that numbers and dates you plan to state appear in the attached file (on the page you cite). Drop what is not found.",
      schema: z.object({
        name: z.string().max(255).describe("attachment file name"),
        values: z.array(z.object({ value: z.string().max(100), page: z.int().min(1).max(1000).optional() })).max(100),
      }),
    },
  );
}
