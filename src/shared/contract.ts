/**
 * The one contract between the engine and every front end (Electron IPC, the WebSocket host, the CLI).
 * Every request is name → zod input → zod output; every engine event is a zod schema.
 * Pure data: no I/O, importable from the renderer, preload, main, engine and CLI alike.
 */
import { z } from "zod";
import type { MethodName } from "./methods";
import { userTextProblem, withoutInvisible } from "./userText";
import { profileLockedEventSchema, profileRequests } from "./profileSchemas";
import { kioskRequests } from "./kioskSchemas";

/**
 * A string a person gave (a message, a note, a file or conversation name): refused with a clear error
 * when it holds NUL or a lone surrogate, and stripped of bidi overrides and tag characters.
 */
function userText(schema: z.ZodString) {
  return schema
    .superRefine((s, ctx) => {
      const problem = userTextProblem(s);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform(withoutInvisible);
}

// ---------- shared value schemas ----------

/** Ids the engine hands out (threads, turns, approvals, attachments). */
export const IdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1–64 letters, digits, '-' or '_'");

/** A note file name: one flat markdown file under workspace/notes, never a path. */
export const NoteNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _-]{0,79}\.md$/, "must be a simple name ending in .md (letters, digits, space, '-', '_')");

export const LanguageSchema = z.enum(["en", "es"]);
/** Crisis-number region (resources/crisis-numbers.json). */
export const CrisisLocaleSchema = z.enum(["US", "EU", "UK", "AU"]);
export const RiskClassSchema = z.enum(["wellness", "admin", "clinical_assist"]);
export const PhaseSchema = z.enum(["loadContext", "gate", "plan", "dispatch", "synthesize"]);
export const EmergencyActionSchema = z.enum(["911", "988", "poison"]);
export const TopologySchema = z.enum(["single", "parallel", "pipeline"]);

export const ModelProviderKindSchema = z.enum(["none", "llama-cpp", "ollama", "openai-compatible"]);

export const ModelSettingsSchema = z.strictObject({
  provider: ModelProviderKindSchema,
  /** llama-cpp: a GGUF file (absolute path or a file name inside <data>/models). */
  modelPath: z.string().max(4096).optional(),
  /** ollama: model tag, e.g. "qwen2.5:3b". */
  ollamaModel: z.string().max(200).optional(),
  ollamaBaseUrl: z.url({ protocol: /^https?$/ }).max(2048).optional(),
  /** openai-compatible clinic server. */
  serverUrl: z.url({ protocol: /^https?$/ }).max(2048).optional(),
  serverModel: z.string().max(200).optional(),
  /** Context window the engine plans for (tokens). */
  contextSize: z.int().min(512).max(131072).optional(),
});

export const SettingsSchema = z.strictObject({
  language: LanguageSchema,
  crisisLocale: CrisisLocaleSchema,
  /** Text size in percent. */
  textScale: z.int().min(100).max(200),
  highContrast: z.boolean(),
  model: ModelSettingsSchema,
  firstRunDone: z.boolean(),
});

export const DEFAULT_SETTINGS: Settings = {
  language: "en",
  crisisLocale: "US",
  textScale: 100,
  highContrast: false,
  model: { provider: "none" },
  firstRunDone: false,
};

export const SettingsPatchSchema = z.strictObject({
  language: LanguageSchema.optional(),
  crisisLocale: CrisisLocaleSchema.optional(),
  textScale: z.int().min(100).max(200).optional(),
  highContrast: z.boolean().optional(),
  model: ModelSettingsSchema.optional(),
  firstRunDone: z.boolean().optional(),
  /** The host of a new model server off this computer, as the user confirmed it (src/shared/modelHosts). */
  confirmRemoteHost: z.string().max(253).optional(),
});

export const AttachmentSchema = z.strictObject({
  id: IdSchema,
  name: z.string(),
  mime: z.string(),
  size: z.int().nonnegative(),
  addedAt: z.string(),
  /** Pages (or sections) read into context, and how many there are; equal when nothing was truncated. */
  pagesRead: z.int().nonnegative().nullable(),
  pagesTotal: z.int().nonnegative().nullable(),
  /** Why text could not be extracted, when it could not. */
  problem: z.string().nullable(),
  /** Reading runs after the file is saved (PDF pages, OCR): "reading" until it is done. */
  status: z.enum(["reading", "ready", "failed"]),
  /** What the file really is, from its bytes (pdf, image, docx, csv, tsv, html, text, markdown, json); null until read or unknown. */
  kind: z.string().nullable(),
  /** Pages read with OCR (scans and photos). */
  ocrPages: z.int().nonnegative(),
  /** Structured data found in it (a blood-pressure or glucose log, a medication list, lab results, an EOB), or null. */
  structured: z.enum(["bp_log", "glucose_log", "medication_list", "lab_results", "eob"]).nullable(),
});

export const DocumentPageSchema = z.strictObject({
  n: z.int().positive(),
  text: z.string(),
  /** Read with OCR (a scan or a photo). */
  ocr: z.boolean(),
  /** No text on this page, even after OCR. */
  empty: z.boolean(),
  /** False when a limit stopped before this page (e.g. scanned pages past the OCR limit). */
  read: z.boolean(),
});

/**
 * Structured data read from a document, deterministically, every value checked against the page it came
 * from (values that could not be found there are dropped and counted). Column, series and summary keys
 * are words the app translates (date, time, systolic, diastolic, pulse, value, unit, test, …).
 */
export const StructuredDataSchema = z.strictObject({
  kind: z.enum(["bp_log", "glucose_log", "medication_list", "lab_results", "eob"]),
  columns: z.array(z.string()),
  /** One row per record, its cells as printed, with where it was read ("p.2"). */
  rows: z.array(z.strictObject({ cells: z.array(z.string()), source: z.string() })),
  /** Readings over time for a trend chart (blood-pressure and glucose logs), else null. */
  trend: z
    .strictObject({
      unit: z.string(),
      series: z.array(z.string()),
      points: z.array(z.strictObject({ label: z.string(), date: z.string().nullable(), values: z.array(z.number().nullable()), source: z.string() })),
    })
    .nullable(),
  summary: z.array(z.strictObject({ key: z.string(), value: z.string() })),
  /** Values dropped because they could not be found on the page they were cited on. */
  dropped: z.int().nonnegative(),
});
export type StructuredData = z.infer<typeof StructuredDataSchema>;
export type DocumentPage = z.infer<typeof DocumentPageSchema>;

export const NoteSummarySchema = z.strictObject({
  name: NoteNameSchema,
  title: z.string(),
  size: z.int().nonnegative(),
  modifiedAt: z.string(),
  /** Opaque revision (content hash) for optimistic concurrency on write. */
  revision: z.string(),
});

export const NoteSchema = NoteSummarySchema.extend({ content: z.string() });

export const AgentSummarySchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  domain: z.string(),
  category: z.string(),
  riskClass: RiskClassSchema,
  starters: z.array(z.string()),
  icon: z.string().nullable(),
});

export const ModelInfoSchema = z.strictObject({
  provider: ModelProviderKindSchema.exclude(["none"]).or(z.literal("scripted")),
  model: z.string(),
  contextSize: z.int().positive().nullable(),
});

export const LocalModelSchema = z.strictObject({
  file: z.string(),
  sizeBytes: z.int().nonnegative(),
  architecture: z.string().nullable(),
  parameters: z.string().nullable(),
});

export const RecommendedModelSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  uri: z.string(),
  sizeBytes: z.int().nonnegative(),
  ramBytes: z.int().nonnegative(),
  notes: z.string(),
});

export const ModelsListSchema = z.strictObject({
  active: ModelInfoSchema.nullable(),
  local: z.array(LocalModelSchema),
  recommended: z.array(RecommendedModelSchema),
  ollama: z.strictObject({
    reachable: z.boolean(),
    baseUrl: z.string(),
    models: z.array(z.string()),
    problem: z.string().nullable(),
  }),
});

export const ThreadSummarySchema = z.strictObject({
  id: IdSchema,
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messageCount: z.int().nonnegative(),
});

export const CrisisNumberSchema = z.strictObject({
  label: z.string(),
  number: z.string(),
  kind: z.enum(["call", "text"]),
  href: z.string(),
});

/** Set when the emergency flag was found in an attachment or note sent with the message, not the message. */
export const EmergencySourceSchema = z.strictObject({ kind: z.enum(["note", "attachment"]), name: z.string().max(255) });

/** What a turn the emergency gate stopped keeps, so the conversation shows its numbers again (reload, history). */
export const EmergencyNoticeSchema = z.strictObject({
  family: z.string(),
  action: EmergencyActionSchema,
  locale: CrisisLocaleSchema,
  headline: z.string(),
  numbers: z.array(CrisisNumberSchema).min(1),
  source: EmergencySourceSchema.nullable(),
});

export const ThreadMessageSchema = z.strictObject({
  role: z.enum(["user", "assistant"]),
  text: z.string(),
  turnId: IdSchema,
  createdAt: z.string(),
  outcome: z.string().nullable(),
  agents: z.array(z.string()),
  chips: z.array(z.string()),
  /** The crisis numbers of a turn the emergency gate stopped (assistant messages only). */
  emergency: EmergencyNoticeSchema.nullable(),
  /** One-line explanation of who answered and why, as shown with the answer (assistant messages only). */
  why: z.string().nullable(),
  /** The user stopped this answer: `text` is what had been shown (guarded) when they did. */
  stopped: z.boolean(),
  /** The files a question was sent with (user messages only; the name as it was then). */
  attachments: z.array(z.strictObject({ id: IdSchema, name: z.string() })),
});

export const ConsentStateSchema = z.strictObject({
  /** Consent for every clinical_assist specialist. */
  global: z.boolean(),
  /** Specialists consented to one by one. */
  agents: z.array(z.string()),
  /** Kiosk sessions keep consent in memory only. */
  persistent: z.boolean(),
});

const Empty = z.strictObject({});

const PackKindSchema = z.enum(["agent", "skill"]);
export const UserPacksSchema = z.strictObject({
  /** The user content folder (null: none configured). */
  folder: z.string().nullable(),
  loaded: z.array(z.strictObject({ kind: PackKindSchema, id: z.string(), overrides: z.boolean() })),
  rejected: z.array(z.strictObject({ kind: PackKindSchema, id: z.string(), why: z.array(z.string()) })),
  /** Things in the folder that are not packs, and problems no single pack is to blame for. */
  notices: z.array(z.string()),
});

/** One search result: a conversation (by id) or a note (by file name); the snippet is plain text. */
export const SearchResultSchema = z.strictObject({
  kind: z.enum(["thread", "note"]),
  id: z.string(),
  title: z.string(),
  snippet: z.string(),
  updatedAt: z.string(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** Attachment payloads travel base64-encoded; 20 MiB of file at most. */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
/** A consult message may be long (pasted records); the gate scans all of it. */
export const MAX_MESSAGE_CHARS = 1_048_576;

// ---------- requests ----------

export const requests = {
  "consult.ask": {
    input: z.strictObject({
      threadId: IdSchema.optional(),
      text: userText(z.string().min(1, "message is empty").max(MAX_MESSAGE_CHARS)).refine((s) => s.trim().length > 0, "message is empty"),
      attachmentIds: z.array(IdSchema).max(50).optional(),
    }),
    output: z.strictObject({ threadId: IdSchema, turnId: IdSchema }),
  },
  "consult.cancel": {
    input: z.strictObject({ turnId: IdSchema }),
    output: z.strictObject({ cancelled: z.boolean() }),
  },
  "consult.decide": {
    input: z.strictObject({
      approvalId: IdSchema,
      decision: z.enum(["approve", "edit", "reject"]),
      /** The user's edited content, required with decision "edit". */
      editedContent: z.string().max(MAX_MESSAGE_CHARS).optional(),
    }),
    output: z.strictObject({ status: z.enum(["applied", "rejected", "expired"]) }),
  },
  "attachments.add": {
    input: z.strictObject({
      name: userText(z.string().min(1).max(255)),
      mime: z.string().max(200).optional(),
      dataBase64: z
        .string()
        .max(Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + 4, "attachment is larger than 20 MiB")
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, "must be base64"),
    }),
    output: AttachmentSchema,
  },
  "attachments.list": { input: Empty, output: z.array(AttachmentSchema) },
  /** What reading a file found: its pages' text, its table (CSV/TSV) and its structured data. */
  "attachments.read": {
    input: z.strictObject({ id: IdSchema }),
    output: z.strictObject({
      attachment: AttachmentSchema,
      pages: z.array(DocumentPageSchema),
      table: z.strictObject({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) }).nullable(),
      structured: StructuredDataSchema.nullable(),
      /** What the reader wants the user to know (pages not read, text cut, a blank page), in their language. */
      notices: z.array(z.string()),
    }),
  },
  "attachments.remove": {
    input: z.strictObject({ id: IdSchema }),
    output: z.strictObject({ removed: z.boolean() }),
  },
  "notes.list": { input: Empty, output: z.array(NoteSummarySchema) },
  "notes.read": { input: z.strictObject({ name: NoteNameSchema }), output: NoteSchema },
  "notes.write": {
    input: z.strictObject({
      name: NoteNameSchema,
      content: userText(z.string().max(MAX_MESSAGE_CHARS)),
      /** When given, the write fails if the note changed since this revision. */
      expectedRevision: z.string().max(128).optional(),
    }),
    output: NoteSummarySchema,
  },
  "notes.delete": {
    input: z.strictObject({ name: NoteNameSchema }),
    output: z.strictObject({ deleted: z.boolean() }),
  },
  "catalog.agents": { input: Empty, output: z.array(AgentSummarySchema) },
  "content.packs": {
    /**
     * The user content folder's packs (agents and skills layered over the bundled ones): which are in
     * use, which were refused and why. Asking checks the folder again, so new packs are picked up.
     */
    input: Empty,
    output: UserPacksSchema,
  },
  "settings.get": { input: Empty, output: SettingsSchema },
  "settings.set": { input: SettingsPatchSchema, output: SettingsSchema },
  "models.list": { input: Empty, output: ModelsListSchema },
  "models.pull": {
    input: z.strictObject({
      /** A recommended model's id, or a `hf:`/`https:` URI. */
      id: z.string().min(1).max(2048),
      /** The download host the user confirmed, needed when it is not the default source or this computer. */
      confirmSourceHost: z.string().max(253).optional(),
    }),
    output: z.strictObject({ downloadId: IdSchema }),
  },
  "models.import": {
    /** A GGUF file on this computer (e.g. a USB stick); copied into the models folder after validation. */
    input: z.strictObject({ path: z.string().min(1).max(4096) }),
    output: LocalModelSchema,
  },
  "models.remove": {
    input: z.strictObject({ file: z.string().min(1).max(255) }),
    output: z.strictObject({ removed: z.boolean() }),
  },
  "threads.list": { input: Empty, output: z.array(ThreadSummarySchema) },
  "threads.get": {
    input: z.strictObject({ threadId: IdSchema }),
    output: z.strictObject({ thread: ThreadSummarySchema, messages: z.array(ThreadMessageSchema) }),
  },
  "threads.rename": {
    input: z.strictObject({ threadId: IdSchema, title: userText(z.string().trim().min(1).max(120)) }),
    output: ThreadSummarySchema,
  },
  "threads.delete": {
    input: z.strictObject({ threadId: IdSchema }),
    output: z.strictObject({ deleted: z.boolean() }),
  },
  "search.run": {
    /** The user's conversations (questions and answers) and notes: case and accents ignored, the last word a prefix; best first. */
    input: z.strictObject({ query: userText(z.string().min(1).max(200)) }),
    output: z.strictObject({ results: z.array(SearchResultSchema).max(30) }),
  },
  "data.deleteAll": {
    /** Every conversation, attachment, note and workspace file, and consent; settings and models stay. */
    input: z.strictObject({ confirm: z.literal(true) }),
    output: z.strictObject({
      threads: z.int().nonnegative(),
      attachments: z.int().nonnegative(),
      notes: z.int().nonnegative(),
      /** False when another Carefold process kept the database's WAL file from being emptied. */
      walCleared: z.boolean(),
    }),
  },
  "consent.get": { input: Empty, output: ConsentStateSchema },
  "consent.set": {
    input: z.union([
      z.strictObject({ scope: z.literal("global"), granted: z.boolean() }),
      z.strictObject({ scope: z.literal("agent"), agentId: z.string().min(1).max(100), granted: z.boolean() }),
    ]),
    output: ConsentStateSchema,
  },
  "approvals.list": {
    /** Pending approvals (they survive restarts); each as its approval.requested event. */
    input: Empty,
    output: z.array(z.lazy(() => eventSchemas["approval.requested"])),
  },
  "agenda.export": {
    /** The visit agenda of one answer (default: the thread's latest answer), as Markdown. */
    input: z.strictObject({ threadId: IdSchema, turnId: IdSchema.optional() }),
    output: z.strictObject({
      fileName: z.string(),
      title: z.string(),
      markdown: z.string(),
      /** The medicines the user listed or attached in this conversation, each as written (never interpreted). */
      medicines: z.array(z.string()).max(20),
    }),
  },
  "app.info": {
    input: Empty,
    output: z.strictObject({
      version: z.string(),
      dataDir: z.string(),
      /** "desktop" (Electron) or "browser" (carefold serve). */
      host: z.enum(["desktop", "browser", "cli"]),
      kiosk: z.boolean(),
      /**
       * A kiosk visitor's session: after `idleSeconds` without input the app asks "Are you still here?"
       * for `countdownSeconds`, then erases everything of the session. Null outside a kiosk.
       */
      session: z.strictObject({ idleSeconds: z.int().min(30), countdownSeconds: z.int().min(20) }).nullable(),
      locales: z.array(CrisisLocaleSchema),
      /**
       * How this data folder is protected on disk, for the Settings statement (its words are the
       * renderer's): the database and the workspace files encrypted or not, and where their key is kept —
       * the OS keychain, wrapped by a PIN, a 0600 key file, or (a kiosk visitor) in memory for the session.
       */
      storage: z
        .strictObject({
          database: z.enum(["encrypted", "plain"]),
          workspaceFiles: z.enum(["encrypted", "plain"]),
          key: z.enum(["keychain", "pin", "file", "session", "none"]),
        })
        .optional(),
    }),
  },
  "app.licenses": {
    /** Third-party licenses of what ships (resources/third-party-licenses.json, made at build time). */
    input: Empty,
    output: z.strictObject({
      /** False where the list was not generated (a development checkout before `npm run licenses`). */
      available: z.boolean(),
      generatedAt: z.string().nullable(),
      packages: z.array(
        z.strictObject({
          name: z.string(),
          version: z.string(),
          license: z.string(),
          repository: z.string().nullable(),
          textId: z.string().nullable(),
        }),
      ),
      /** License texts by id (identical texts once). */
      texts: z.record(z.string(), z.string()),
    }),
  },
  "host.pickModelFile": {
    /** Desktop only: the system's file picker for a .gguf file; the path chosen, or null if cancelled. */
    input: Empty,
    output: z.strictObject({ path: z.string().max(4096).nullable() }),
  },
  "host.printToPdf": {
    /** Desktop only: save the given printable HTML as a PDF where the user chooses. */
    input: z.strictObject({ html: z.string().min(1).max(MAX_MESSAGE_CHARS), fileName: z.string().min(1).max(200) }),
    output: z.strictObject({ saved: z.boolean(), path: z.string().nullable() }),
  },
  "session.end": {
    /** Kiosk only: erase this visitor's session (conversations, notes, files, consent) now. */
    input: Empty,
    output: z.strictObject({ ended: z.boolean() }),
  },
  ...profileRequests,
  ...kioskRequests,
} as const;

export type RequestName = keyof typeof requests;
export type RequestInput<K extends RequestName> = z.input<(typeof requests)[K]["input"]>;
export type RequestParsedInput<K extends RequestName> = z.output<(typeof requests)[K]["input"]>;
export type RequestOutput<K extends RequestName> = z.output<(typeof requests)[K]["output"]>;
export const REQUEST_NAMES = Object.keys(requests) as RequestName[];

export function isRequestName(name: unknown): name is RequestName {
  return typeof name === "string" && Object.prototype.hasOwnProperty.call(requests, name);
}

// ---------- events ----------

const TurnRef = { turnId: IdSchema, threadId: IdSchema };

export const eventSchemas = {
  token: z.strictObject({ type: z.literal("token"), ...TurnRef, text: z.string() }),
  trace: z.strictObject({
    type: z.literal("trace"),
    ...TurnRef,
    stage: z.enum(["start", "end", "info"]),
    /** Tool name, or "plan" for routing explanations. */
    tool: z.string(),
    /** Human-readable line ("Reading cardiology visit checklist…"). */
    label: z.string(),
    agent: z.string().nullable(),
    ok: z.boolean().nullable(),
    durationMs: z.number().nonnegative().nullable(),
  }),
  emergency: z.strictObject({
    type: z.literal("emergency"),
    ...TurnRef,
    family: z.string(),
    action: EmergencyActionSchema,
    rule: z.string(),
    locale: CrisisLocaleSchema,
    headline: z.string(),
    numbers: z.array(CrisisNumberSchema).min(1),
    source: EmergencySourceSchema.nullable().optional(),
  }),
  "approval.requested": z.strictObject({
    type: z.literal("approval.requested"),
    approvalId: IdSchema,
    ...TurnRef,
    agent: z.string().nullable(),
    tool: z.string(),
    /** Target path inside the workspace, e.g. "/workspace/notes/visit.md". */
    path: z.string(),
    operation: z.enum(["create", "modify", "delete"]),
    /** Unified diff of the change. */
    diff: z.string(),
    /** Full proposed content (for "edit"), null for deletes. */
    proposed: z.string().nullable(),
    requestedAt: z.string(),
  }),
  progress: z.strictObject({ type: z.literal("progress"), ...TurnRef, phase: PhaseSchema, message: z.string() }),
  /** Reading an attachment: page n of m, by its text layer or by OCR. */
  "attachment.progress": z.strictObject({
    type: z.literal("attachment.progress"),
    attachmentId: IdSchema,
    page: z.int().nonnegative(),
    pages: z.int().nonnegative(),
    stage: z.enum(["text", "ocr"]),
  }),
  /** An attachment finished reading (or failed): its new state. */
  "attachment.updated": z.strictObject({ type: z.literal("attachment.updated"), attachment: AttachmentSchema }),
  done: z.strictObject({
    type: z.literal("done"),
    ...TurnRef,
    outcome: z.enum(["answered", "emergency", "refused", "needs_consent", "no_model", "cancelled", "awaiting_approval", "failed"]),
    /** The final, guarded text shown to the user. */
    text: z.string(),
    agents: z.array(z.string()),
    topology: TopologySchema.nullable(),
    chips: z.array(z.string()),
    /** One-line explanation of who answered and why. */
    why: z.string().nullable(),
  }),
  "consent.required": z.strictObject({
    type: z.literal("consent.required"),
    ...TurnRef,
    /** The clinical_assist specialists this question needs, and what each does. */
    agents: z.array(z.strictObject({ id: z.string(), title: z.string(), description: z.string() })).min(1),
    /**
     * Already asked in this conversation and not allowed ("Not now"): the turn went on without them.
     * Offer a way to turn them on; do not ask again (issue 18, item 4).
     */
    askedBefore: z.boolean().optional(),
  }),
  "approval.resolved": z.strictObject({
    type: z.literal("approval.resolved"),
    approvalId: IdSchema,
    ...TurnRef,
    status: z.enum(["applied", "rejected", "expired"]),
  }),
  "model.progress": z.strictObject({
    type: z.literal("model.progress"),
    downloadId: IdSchema,
    model: z.string(),
    receivedBytes: z.int().nonnegative(),
    totalBytes: z.int().nonnegative().nullable(),
    state: z.enum(["downloading", "verifying", "done", "failed"]),
    message: z.string().nullable(),
  }),
  error: z.strictObject({
    type: z.literal("error"),
    turnId: IdSchema.nullable(),
    threadId: IdSchema.nullable(),
    code: z.string(),
    message: z.string(),
  }),
  "profiles.locked": profileLockedEventSchema,
} as const;

export const EngineEventSchema = z.discriminatedUnion("type", [
  eventSchemas["profiles.locked"],
  eventSchemas.token,
  eventSchemas.trace,
  eventSchemas.emergency,
  eventSchemas["approval.requested"],
  eventSchemas.progress,
  eventSchemas.done,
  eventSchemas["consent.required"],
  eventSchemas["approval.resolved"],
  eventSchemas["model.progress"],
  eventSchemas["attachment.progress"],
  eventSchemas["attachment.updated"],
  eventSchemas.error,
]);
export type EngineEvent = z.infer<typeof EngineEventSchema>;
export type EngineEventType = EngineEvent["type"];
export type EventOf<T extends EngineEventType> = Extract<EngineEvent, { type: T }>;

// ---------- the API ----------

export type Settings = z.infer<typeof SettingsSchema>;
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;
export type ModelSettings = z.infer<typeof ModelSettingsSchema>;
export type Attachment = z.infer<typeof AttachmentSchema>;
export type NoteSummary = z.infer<typeof NoteSummarySchema>;
export type Note = z.infer<typeof NoteSchema>;
export type AgentSummary = z.infer<typeof AgentSummarySchema>;
export type ModelInfo = z.infer<typeof ModelInfoSchema>;
export type ModelsList = z.infer<typeof ModelsListSchema>;
export type CrisisNumber = z.infer<typeof CrisisNumberSchema>;
export type EmergencySource = z.infer<typeof EmergencySourceSchema>;
export type EmergencyNotice = z.infer<typeof EmergencyNoticeSchema>;
export type ThreadSummary = z.infer<typeof ThreadSummarySchema>;
export type ThreadMessageView = z.infer<typeof ThreadMessageSchema>;
export type ConsentState = z.infer<typeof ConsentStateSchema>;
export type CrisisLocale = z.infer<typeof CrisisLocaleSchema>;
export type RiskClass = z.infer<typeof RiskClassSchema>;
export type Phase = z.infer<typeof PhaseSchema>;
export type Topology = z.infer<typeof TopologySchema>;
export type EmergencyAction = z.infer<typeof EmergencyActionSchema>;

export type EventListener = (event: EngineEvent) => void;

/** What the engine implements and what every transport exposes, method by method. */
export type EngineRequests = {
  [K in RequestName]: (input: RequestParsedInput<K>) => Promise<RequestOutput<K>>;
};

export interface EngineApi extends EngineRequests {
  /** Subscribe to engine events; returns the unsubscribe function. */
  onEvent(listener: EventListener): () => void;
}

/** The client-side view (renderer): same methods, inputs before parsing. */
export type ClientApi = {
  [K in RequestName]: (input: RequestInput<K>) => Promise<RequestOutput<K>>;
} & { onEvent(listener: EventListener): () => void };

// The dependency-free method list (used by preload) must match the request table exactly.
type _MethodsMatch = [RequestName] extends [MethodName]
  ? [MethodName] extends [RequestName]
    ? true
    : never
  : never;
export const METHODS_MATCH: _MethodsMatch = true;
