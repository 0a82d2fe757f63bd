/** The printable agenda document, note names, crisis numbers and error wording. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AGENDA_DOCUMENT_CSP, buildAgendaDocument, escapeHtml } from "../../src/renderer/lib/agendaDocument";
import { crisisNumbers } from "../../src/renderer/lib/crisisNumbers";
import { errorInfo, errorLeadKey } from "../../src/renderer/lib/errors";
import { noteNameFromTitle } from "../../src/renderer/lib/noteNames";
import { CrisisLocaleSchema, EmergencyActionSchema, NoteNameSchema } from "../../src/shared/contract";
import { RpcCallError } from "../../src/shared/rpc";

describe("agenda document", () => {
  const doc = buildAgendaDocument({
    language: "es",
    title: 'Cita <script>alert("x")</script>',
    dateLine: "Preparada el 4 de marzo de 2025",
    bodyHtml: "<h2>Preguntas</h2><ul><li>¿Qué sigue?</li></ul>",
    footerLines: ["No es un médico & no es emergencias."],
  });

  it("is a standalone page with a no-script CSP first in its head", () => {
    expect(doc.startsWith("<!doctype html>")).toBe(true);
    expect(doc).toContain('<html lang="es">');
    expect(doc.indexOf(AGENDA_DOCUMENT_CSP)).toBeLessThan(doc.indexOf("<title>"));
    expect(AGENDA_DOCUMENT_CSP).toContain("default-src 'none'");
    expect(AGENDA_DOCUMENT_CSP).not.toContain("script");
  });

  it("escapes the title and footer but keeps the rendered agenda", () => {
    expect(doc).not.toContain("<script>");
    expect(doc).toContain("<h1>Cita &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</h1>");
    expect(doc).toContain("<li>¿Qué sigue?</li>");
    expect(doc).toContain("<p>No es un médico &amp; no es emergencias.</p>");
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe("&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;");
  });
});

describe("note names", () => {
  it("turns titles into simple .md names", () => {
    expect(noteNameFromTitle("Questions for Dr Lee")).toBe("Questions for Dr Lee.md");
    expect(noteNameFromTitle("Preguntas: cardiólogo (marzo)")).toBe("Preguntas cardiologo marzo.md");
    expect(noteNameFromTitle("visit.md")).toBe("visit.md");
    expect(noteNameFromTitle("  --- ")).toBeNull();
    expect(noteNameFromTitle("¿?")).toBeNull();
  });

  it("only ever produces names the contract accepts (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (title) => {
        const name = noteNameFromTitle(title);
        if (name !== null) expect(NoteNameSchema.safeParse(name).success).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe("crisis numbers", () => {
  it("reads the emergency number first for the region, in the UI language", () => {
    expect(crisisNumbers("US", "911", "en")[0]).toEqual({ number: "911", kind: "call", href: "tel:911", label: "Emergency services (911)" });
    expect(crisisNumbers("UK", "911", "es")[0]!.number).toBe("999");
    expect(crisisNumbers("EU", "911", "en")[0]!.number).toBe("112");
    expect(crisisNumbers("AU", "911", "en")[0]!.number).toBe("000");
  });

  it("has at least one number for every region and action", () => {
    for (const locale of CrisisLocaleSchema.options) {
      for (const action of EmergencyActionSchema.options) {
        const numbers = crisisNumbers(locale, action, "es");
        expect(numbers.length, `${locale} ${action}`).toBeGreaterThan(0);
        for (const n of numbers) expect(n.href).toMatch(/^(tel|sms):\+?\d+$/);
      }
    }
    expect(crisisNumbers("US", "911", "en", {})).toEqual([]);
  });
});

describe("errors", () => {
  it("keeps the engine's code and message", () => {
    const err = new RpcCallError({ code: "conflict", message: "changed" });
    expect(errorInfo(err)).toEqual({ code: "conflict", message: "changed" });
    expect(errorInfo("boom")).toEqual({ code: "internal", message: "boom" });
    expect(errorInfo(new Error("x"))).toEqual({ code: "internal", message: "x" });
    expect(errorLeadKey("unavailable")).toBe("errors.unavailable");
    expect(errorLeadKey("weird")).toBe("errors.generic");
  });
});
