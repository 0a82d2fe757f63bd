/**
 * The engine's composition root: opens the stores under the data dir, builds the lifecycle, and
 * implements the contract's EngineApi. Hosts (Electron main, `carefold serve`, the CLI, tests) only
 * create it and relay requests and events.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { findContentDir } from "./paths";
import { neutralizeLinks } from "../shared/links";
import { createDocumentReader } from "./workspace/documentReader";
import { structuredDataOf } from "./documents/structured";
import { readFreeText } from "./documents/freeText";
import { withoutInvisible } from "../shared/userText";
import {
  EngineEventSchema,
  type EngineApi,
  type EngineEvent,
  type EngineRequests,
  type EventListener,
  type RequestName,
  type RequestOutput,
  type RequestParsedInput,
} from "../shared/contract";
import { AuditLog, auditLogsDir, type AuditKeyStore } from "./audit/auditLog";
import { auditKeysDir } from "./audit/auditKey";
import { DeepAgentRuntime } from "./agents/deepAgentRunner";
import type { SafetyFunctions } from "./agents/specialistFactory";
import { CarefoldBackend, workspaceRoots } from "./agents/workspaceBackend";
import { ConsultService, type FaultPoint } from "./consult/consultService";
import { removeStaleTemps } from "./storage/atomicWrite";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import type { RuntimePool } from "./inference/runtimePool";
import type { ModelProvider } from "./inference/types";
import { ModelHost } from "./modelHost";
import { runsOnFewCores, scheduleIdlePrewarm, type IdlePrewarm } from "./consult/prewarm";
import { DEFAULT_SEQUENCES } from "./inference/llamaRuntime";
import { FtsCatalog } from "./catalog";
import { createComposer, type Composer } from "./synthesis";
import { agendaMedicines } from "./synthesis/agendaMedicines";
import { createRouter } from "./routing";
import { createDispatcher } from "./lifecycle/dispatch";
import { buildLifecycle, type Lifecycle, type PhaseFn } from "./lifecycle/graph";
import { createContextLoader } from "./lifecycle/loadContext";
import type { OutputGuardFactory } from "./lifecycle/outputGuard";
import { createPlanner, type Router } from "./lifecycle/plan";
import { createSynthesizer } from "./lifecycle/synthesize";
import { noModelMessage } from "./messages";
import { engineText } from "./i18n";
import { needsConsent } from "../shared/consentRule";
import { SettingsStore } from "./settings/settingsStore";
import { openDatabase, type Db } from "./storage/database";
import { FileSealer } from "./storage/sealedFile";
import { sealPlainFiles } from "./storage/sealPlainFiles";
import { tightenDataDir } from "./storage/privateFiles";
import { ThreadStore } from "./threads/threadStore";
import { AttachmentsStore } from "./workspace/attachmentsStore";
import { NotesStore } from "./workspace/notesStore";
import { createGate } from "./lifecycle/gate";
import { checkConsent } from "./lifecycle/consentCheck";
import {
  checkRefusal,
  createConsentStore,
  createEmergencyGate,
  createOutputGuard,
  createRefusalGate,
  crisisResponse,
  loadRefusalClassifier,
  loadOutputClassifier,
  checkAnswer,
  loadSemanticGate,
  sanitizePii,
  maskIdentifiers,
  SEMANTIC_MODEL_FILE,
  type ConsentStore,
  type EmergencyGate,
  type RefusalGate,
  type RefusalClassifier,
  type CheckAnswer,
} from "./safety";
import { ApprovalStore } from "./approvals/approvalStore";
import { appHandlers, type AppDeps, type HostHooks } from "./handlers/app";
import { kioskRestricted } from "./handlers/kiosk";
import { kioskAdminHandlers } from "./handlers/kioskAdmin";
import { DEFAULT_KIOSK_SESSION } from "./kioskMode/setting";
import { profileRefusals } from "./handlers/profiles";
import { consultHandlers } from "./handlers/consult";
import { agentDescription, libraryHandlers } from "./handlers/library";
import { threadHandlers } from "./handlers/threads";
import { workspaceHandlers } from "./handlers/workspace";
import { searchHandlers } from "./handlers/search";
import { SearchIndex } from "./search";
import { Eraser } from "./erasure/eraser";
import { loadLayeredContent, reloadIfChanged, userContentDir, type ContentLayers, type ContentSet, type LayeredContent } from "./content";

/** A free-text extraction reads up to 6,000 characters: about a minute of prompt on a slow laptop CPU. */
const FREE_TEXT_TIMEOUT_MS = 120_000;
export { DEFAULT_KIOSK_SESSION };
export type { HostHooks };

export interface EngineOptions {
  /** Where user data lives (Electron userData, `--data-dir`). */
  dataDir: string;
  /** Where the read-only content lives (agents/, skills/, carefold-profile.yaml). */
  contentDir: string;
  /** A fixed model provider (tests, `carefold ask --model`); otherwise the one the settings select. */
  modelProvider?: ModelProvider;
  /** A host with profiles: the local models its engines share (inference/runtimePool.ts). */
  modelRuntimes?: RuntimePool;
  /** A kiosk visitor's session: consent never persisted, neutral thread titles, the data folder never shown. */
  kiosk?: boolean;
  /** The kiosk's idle timing, given to the app (`app.info`). */
  kioskSession?: { idleSeconds: number; countdownSeconds: number };
  host?: HostHooks;
  /** Which front end runs this engine (shown in settings). */
  hostKind?: "desktop" | "browser" | "cli";
  /** Load the local model and the recent specialists' saved prefixes soon after start (desktop, serve). */
  prewarm?: boolean;
  /**
   * Crash testing only (test/crash): called at each point of decide → write → resume where a test
   * kills the engine. Hosts never pass it; without it nothing happens.
   */
  faultPoint?: (point: FaultPoint) => void;
  /**
   * The plan phase's router, given the catalog router it stands in for. Tests, evals and benches pin
   * the plan with it; hosts never pass it.
   */
  router?: (catalogRouter: Router) => Router;
  /**
   * Real-model tests only (test-models): sees each output guard the engine creates, to record what it
   * let through. It gets the product's guard and must hand back one that decides as it does.
   */
  observeOutputGuard?: (guard: OutputGuardFactory) => OutputGuardFactory;
  /** The user content folder layered over the bundled content (default: `content/` in the data dir; null: none). */
  userContentDir?: string | null;
  /** Where the audit chain's key lives (the desktop app: the OS keychain); default: the 0600 file `<data>/keys/audit.key`. */
  auditKey?: AuditKeyStore;
  /**
   * The data folder's key (storage/dataKey.ts, opened by the host: keychain, PIN or key file): the
   * database and the workspace files are encrypted with it. Null or absent: both stay plain (tests,
   * tools that open a throwaway folder). How it is protected, for the Settings statement.
   */
  dataKey?: Buffer | null;
  dataKeyProtection?: "keychain" | "pin" | "file" | null;
}

/** The contract's methods as the engine offers them in process: a request without required fields may be called without input. */
type EngineMethods = {
  [K in RequestName]: Record<never, never> extends RequestParsedInput<K> ? (input?: RequestParsedInput<K>) => Promise<RequestOutput<K>> : EngineRequests[K];
};

// The request methods come from the handler groups (src/engine/handlers), assembled in the constructor.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface Engine extends EngineMethods {}

/** The engine: its stores and services, wired once; every request method is one handler group's. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Engine implements EngineApi {
  readonly db: Db;
  readonly audit: AuditLog;
  readonly settings: SettingsStore;
  readonly threads: ThreadStore;
  readonly notes: NotesStore;
  /** Search over messages and notes (FTS5 in carefold.db), kept in step with both. */
  readonly search: SearchIndex;
  readonly attachments: AttachmentsStore;
  readonly approvals: ApprovalStore;
  readonly consent: ConsentStore;
  /** Agents, skills and the safety profile, loaded once at start-up (read-only app data). */
  readonly content: ContentSet;
  readonly backend: CarefoldBackend;
  private readonly listeners = new Set<EventListener>();
  private readonly lifecycle: Lifecycle;
  private readonly runtime: DeepAgentRuntime;
  private readonly consult: ConsultService;
  private readonly idlePrewarm: IdlePrewarm | null;
  private readonly models: ModelHost;
  readonly catalog: FtsCatalog;
  private readonly layers: ContentLayers;
  private layered: LayeredContent;
  private readonly composer: Composer;
  private readonly eraser: Eraser;

  constructor(readonly options: EngineOptions) {
    // Owner-only on disk (files 0600, folders 0700): also a folder an older version left readable to others.
    tightenDataDir(options.dataDir);
    this.db = openDatabase(join(options.dataDir, "carefold.db"), { key: options.dataKey ?? null });
    // Notes, attachments, what reading them produced, the agents' memory and files: sealed with the data key.
    const files = new FileSealer(options.dataDir, options.dataKey ?? null);
    // What an older version left plain is sealed now, not when next read; after that a plain file is refused.
    // (cache/ocr holds only the OCR engine's language data, read by it directly: never sealed.)
    sealPlainFiles(files, [join(options.dataDir, "workspace")], auditKeysDir(options.dataDir));
    this.audit = new AuditLog(auditLogsDir(options.dataDir), { key: options.auditKey });
    this.settings = new SettingsStore(this.db);
    // A kiosk visitor is never asked to set up a model: the clinic did.
    if (options.kiosk && !this.settings.get().firstRunDone) this.settings.set({ firstRunDone: true });
    this.threads = new ThreadStore(this.db, options.kiosk ? { titleOf: () => engineText(this.settings.get().language, "kiosk.threadTitle") } : {});
    const workspace = join(options.dataDir, "workspace");
    this.notes = new NotesStore(join(workspace, "notes"), undefined, files);
    this.search = SearchIndex.open(this.db, this.notes);
    this.attachments = new AttachmentsStore(this.db, join(workspace, "attachments"), {
      reader: createDocumentReader({
        emit: (e) => this.emit(e),
        language: () => this.settings.get().language,
        structure: structuredDataOf,
        ocrCacheDir: join(options.dataDir, "cache", "ocr"),
        files,
      }),
      onUpdated: (attachment) => this.emit({ type: "attachment.updated", attachment }),
      files,
    });
    this.approvals = new ApprovalStore(this.db);
    this.consent = createConsentStore(this.db, this.audit, { persist: !options.kiosk });
    this.models = new ModelHost(options.dataDir, this.settings, (e) => this.emit(e), options.modelProvider, options.modelRuntimes);
    this.layers = { bundledDir: options.contentDir, userDir: options.userContentDir === undefined ? userContentDir(options.dataDir) : options.userContentDir };
    this.layered = loadLayeredContent(this.layers);
    this.content = this.layered.content;
    this.catalog = FtsCatalog.open(this.db, this.content);
    this.eraser = new Eraser({ db: this.db, threads: this.threads, approvals: this.approvals, attachments: this.attachments, notes: this.notes, search: this.search, consent: this.consent, audit: this.audit, workspaceDir: workspace });
    // The composer takes titles by id only; one per language keeps the agenda headings in the consult's language.
    const composers = {
      en: createComposer({ titleOf: (id) => this.agentTitle(id, "en") }),
      es: createComposer({ titleOf: (id) => this.agentTitle(id, "es") }),
    };
    this.composer = (outputs, plan, language, question) => composers[language](outputs, plan, language, question);
    this.backend = new CarefoldBackend(workspaceRoots(options.contentDir, options.dataDir), files);
    this.backend.useSkillFolders(userSkillFolders(this.layered));
    // A note an approved file tool wrote or deleted: the search index follows at once (a deleted note's text leaves it).
    this.backend.onChange((path) => path.startsWith("/workspace/notes/") && this.search.syncNotes());
    const checkpointer = new SqliteSaver(this.db);
    this.runtime = new DeepAgentRuntime({
      content: this.content,
      backend: this.backend,
      checkpointer,
      safety: this.safetyFunctions(),
      audit: this.audit,
      provider: this.models.provider,
      approvals: this.approvals,
      guard: this.outputGuard(),
      // Model text as shown: identifiers masked, no bidi overrides or tag characters to misread or hide by,
      // and no link carrying personal details or naming another site (as text too: exports, the terminal).
      maskOutput: (text) => maskIdentifiers(neutralizeLinks(withoutInvisible(text))),
      titleOf: (id) => this.agentTitle(id),
      toolContext: (attachmentIds) => ({
        content: this.content,
        attachments: this.attachments,
        notes: this.notes,
        attachmentIds,
        readFreeText: (kind, pages, signal) => readFreeText(this.provider, kind, pages, { timeoutMs: FREE_TEXT_TIMEOUT_MS, signal }),
        sanitizePii: this.safetyFunctions().sanitizePii,
      }),
    });
    this.lifecycle = buildLifecycle({
      loadContext: createContextLoader({
        threads: this.threads,
        notes: this.notes,
        attachments: this.attachments,
        memoryFile: join(workspace, "AGENTS.md"),
        files,
      }),
      gate: this.gatePhase(),
      plan: createPlanner((text, context) => this.currentRouter(text, context), [
        // Nothing can answer without a model: say so before asking for consent.
        (plan, state) =>
          this.provider.describe() === null
            ? { result: { outcome: "no_model", text: noModelMessage(state.language, this.options.hostKind), agents: plan.agents, topology: plan.topology, chips: [], why: plan.why } }
            : null,
        (plan, state) =>
          checkConsent(plan, { turnId: state.turnId, threadId: state.threadId }, state.language, {
            hasConsent: (id) => this.consent.hasConsent(id),
            wasAsked: (threadId, id) => this.consent.wasAsked(threadId, id),
            markAsked: (threadId, ids) => this.consent.markAsked(threadId, ids),
            needsConsent: (id) => {
              const a = this.content.agents.find((x) => x.id === id);
              return !!a && needsConsent({ riskClass: a.metadata.risk_class, domain: a.metadata.domain });
            },
            describe: (id) => {
              const a = this.content.agents.find((x) => x.id === id);
              return { title: this.agentTitle(id, state.language), description: a ? agentDescription(a, state.language) : "" };
            },
          }),
      ]),
      dispatch: createDispatcher({ runSpecialist: this.runtime.runner(), oneAtATime: () => runsOnFewCores(this.provider) }),
      synthesize: createSynthesizer({
        compose: this.composer,
        checkOutput: this.answerCheck,
        onBlocked: (rule, category, turn) =>
          this.audit.record({ event: "refuse", thread: turn.threadId, agents: turn.agents, decision: category, rule, detail: { direction: "synthesis" } }),
        onConflicts: (rules, turn) =>
          this.audit.record({ event: "synthesis", thread: turn.threadId, agents: turn.agents, decision: "composed", rule: rules.join(",") || null }),
      }),
    }, { checkpointer });
    this.consult = new ConsultService({
      lifecycle: this.lifecycle,
      threads: this.threads,
      attachments: this.attachments,
      approvals: this.approvals,
      settings: this.settings,
      audit: this.audit,
      checkOutput: this.answerCheck,
      backend: this.backend,
      ...(options.faultPoint ? { faultPoint: options.faultPoint } : {}),
      emit: (e) => this.emit(e),
    });
    // Idle pre-warm of the recent specialists' saved prefixes (issue 14); never in a kiosk visitor's engine.
    this.idlePrewarm = options.prewarm && !options.kiosk ? scheduleIdlePrewarm(this.provider, () => this.threads.recentAgents(DEFAULT_SEQUENCES)) : null;
    const handlers: EngineRequests = {
      ...consultHandlers(this.consult, () => this.refreshContent()),
      ...workspaceHandlers(this.attachments, this.notes, () => this.settings.get().language),
      ...threadHandlers(this.threads, this.consult, this.eraser, () => this.settings.get().language, (threadId) =>
        agendaMedicines({
          questions: this.threads.messages(threadId).filter((m) => m.role === "user").map((m) => m.text),
          // Only files read as a medication list are opened (the row says what reading found).
          attachments: this.threads.attachmentsOf(threadId).map((id) => (this.attachments.get(id)?.structured === "medication_list" ? this.attachments.document(id)?.structured : null)),
        }),
      ),
      ...searchHandlers(this.search),
      ...libraryHandlers({
        content: this.content,
        settings: this.settings,
        consent: this.consent,
        models: this.models,
        agentTitle: (id, language) => this.agentTitle(id, language),
        packs: () => {
          this.refreshContent();
          return this.layered.user;
        },
      }),
      ...profileRefusals(options.kiosk ?? false, () => this.settings.get().language),
      ...kioskAdminHandlers({ admin: options.host?.kioskAdmin, kiosk: options.kiosk ?? false, language: () => this.settings.get().language }),
      ...appHandlers({ dataDir: options.dataDir, contentDir: options.contentDir, hostKind: options.hostKind ?? "cli", kiosk: options.kiosk ?? false, session: options.kiosk ? (options.kioskSession ?? DEFAULT_KIOSK_SESSION) : null, host: options.host ?? {}, storage: storageFacts(options), language: () => this.settings.get().language }),
    };
    Object.assign(this, options.kiosk ? kioskRestricted(handlers, () => this.settings.get().language) : handlers);
    this.recover(workspace);
  }

  /**
   * Start-up recovery after a crash: delete the temp files a killed atomic write left (notes, the
   * workspace, each attachment's folder, the audit head), then complete decided approvals and
   * continue their runs (in the background, like any turn).
   */
  private recover(workspace: string): void {
    const attachmentDirs = existsSync(this.attachments.dir)
      ? readdirSync(this.attachments.dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(this.attachments.dir, e.name))
      : [];
    for (const dir of [this.notes.dir, workspace, auditLogsDir(this.options.dataDir), ...attachmentDirs]) removeStaleTemps(dir);
    this.consult.recover();
    this.attachments.resumeReading();
  }

  // ----- wiring -----

  private gatePhase(): PhaseFn {
    const gate = this.emergencyGate;
    const refusal = this.refusalGate;
    return createGate({ safety: { detectEmergency: (text, sources) => gate.detect(text, sources), checkRefusal: (text, options) => refusal.check(text, options), crisisResponse }, audit: this.audit });
  }

  /** Rules ∪ the semantic classifier, loaded once here (the classifier ships in resources/models). */
  private get emergencyGate(): EmergencyGate {
    this.gateInstance ??= createEmergencyGate({ semantic: loadSemanticGate(this.modelsDir) });
    return this.gateInstance;
  }
  private gateInstance: EmergencyGate | null = null;

  /** Input refusals: rules ∪ the refusal classifier (also shipped in resources/models). */
  private get refusalGate(): RefusalGate {
    this.refusalInstance ??= createRefusalGate({ semantic: loadRefusalClassifier(this.modelsDir) });
    return this.refusalInstance;
  }
  private refusalInstance: RefusalGate | null = null;

  /** Whole model prose through the output guard: every check after streaming decides as streaming did. */
  private readonly answerCheck: CheckAnswer = (text, language) => checkAnswer(text, { language, semantic: this.outputClassifier });

  /** The output guard's classifier (resources/models too), loaded on the first answer. */
  private get outputClassifier(): RefusalClassifier {
    this.outputInstance ??= loadOutputClassifier(this.modelsDir);
    return this.outputInstance;
  }
  private outputInstance: RefusalClassifier | null = null;

  /** The classifiers ship with the app, not with a content folder: a test or user content folder
   * without resources/ uses the bundled ones. */
  private get modelsDir(): string {
    return existsSync(join(this.options.contentDir, SEMANTIC_MODEL_FILE)) ? this.options.contentDir : findContentDir();
  }

  private router(): Router {
    const catalogRouter = createRouter({ catalog: this.catalog, content: this.content, modelProvider: this.provider });
    return this.options.router ? this.options.router(catalogRouter) : catalogRouter;
  }
  private routerInstance: Router | null = null;
  private get currentRouter(): Router {
    this.routerInstance ??= this.router();
    return this.routerInstance;
  }

  /**
   * Picks up user content packs added, changed or removed since the last look (no restart): the
   * content every part holds is updated in place, then the catalog, the /skills/ mounts and the
   * router follow. Checked before each consult and when the app lists the packs.
   */
  refreshContent(): boolean {
    const next = reloadIfChanged(this.layers, this.layered);
    if (!next) return false;
    Object.assign(this.content, next.content);
    this.layered = { ...next, content: this.content };
    this.catalog.sync(this.content);
    this.backend.useSkillFolders(userSkillFolders(this.layered));
    this.routerInstance = null;
    this.audit.record({ event: "content", decision: "user_packs", detail: { loaded: next.user.loaded.length, rejected: next.user.rejected.length } });
    return true;
  }

  /** The active model provider (follows the settings unless the host fixed one). */
  get provider(): ModelProvider {
    return this.models.provider;
  }

  private outputGuard(): OutputGuardFactory {
    const guard: OutputGuardFactory = (language) => createOutputGuard({ language, semantic: this.outputClassifier });
    return this.options.observeOutputGuard ? this.options.observeOutputGuard(guard) : guard;
  }

  private safetyFunctions(): SafetyFunctions {
    return { checkRefusal, checkAnswer: this.answerCheck, sanitizePii };
  }

  agentTitle(agentId: string, language: "en" | "es" = "en"): string {
    const metadata = this.content.agents.find((a) => a.id === agentId)?.metadata;
    if (!metadata) return agentId;
    return (language === "es" ? metadata.es?.title : undefined) ?? metadata.title;
  }

  // ----- events -----

  onEvent(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: EngineEvent): void {
    // Validate every event: a malformed one is an engine bug and must not reach a renderer.
    const checked = EngineEventSchema.safeParse(event);
    const out: EngineEvent = checked.success
      ? checked.data
      : {
          type: "error",
          turnId: null,
          threadId: null,
          code: "internal",
          message: `engine produced an invalid ${event.type} event`,
        };
    for (const l of this.listeners) {
      try {
        l(out);
      } catch {
        // A failing listener (closed socket) must not break the turn or other listeners.
      }
    }
  }

  /** Wait for running turns to finish (after cancelling them), then close the database. */
  async close(): Promise<void> {
    this.idlePrewarm?.cancel();
    await this.consult.close();
    await this.attachments.close();
    await this.models.close();
    this.listeners.clear();
    this.search.close();
    this.db.close();
  }
}

export function createEngine(options: EngineOptions): Engine {
  return new Engine(options);
}

/** The user skill packs in use, by id → folder (mounted over the bundled /skills/). */
function userSkillFolders(layered: LayeredContent): Map<string, string> {
  return new Map(layered.user.loaded.filter((p) => p.kind === "skill").map((p) => [p.id, p.dir]));
}

/** What the Settings statement says of this data folder: encrypted or not, and where the key is kept. */
function storageFacts(options: EngineOptions): NonNullable<AppDeps["storage"]> {
  const encrypted = options.dataKey ? "encrypted" : "plain";
  const key = !options.dataKey ? "none" : options.kiosk ? "session" : (options.dataKeyProtection ?? "file");
  return { database: encrypted, workspaceFiles: encrypted, key };
}
