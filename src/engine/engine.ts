/**
 * The engine's composition root: opens the stores under the data dir, builds the lifecycle, and
 * implements the contract's EngineApi. Hosts (Electron main, `carefold serve`, the CLI, tests) only
 * create it and relay requests and events.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { findContentDir } from "./paths";
import {
  EngineEventSchema,
  type EngineApi,
  type EngineEvent,
  type EventListener,
  type RequestOutput,
  type RequestParsedInput,
} from "../shared/contract";
import { EngineError } from "../shared/rpc";
import { slugify } from "../shared/text";
import { AuditLog, auditLogsDir } from "./audit/auditLog";
import { DeepAgentRuntime } from "./agents/deepAgentRunner";
import type { SafetyFunctions } from "./agents/specialistFactory";
import { CarefoldBackend, workspaceRoots } from "./agents/workspaceBackend";
import { ConsultService, type FaultPoint } from "./consult/consultService";
import { removeStaleTemps } from "./storage/atomicWrite";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import type { ModelProvider } from "./inference/types";
import { ModelHost } from "./modelHost";
import { FtsCatalog } from "./catalog";
import { createComposer, type Composer } from "./synthesis";
import { createRouter } from "./routing";
import { createDispatcher } from "./lifecycle/dispatch";
import { buildLifecycle, type Lifecycle, type PhaseFn } from "./lifecycle/graph";
import { createContextLoader } from "./lifecycle/loadContext";
import type { OutputGuardFactory } from "./lifecycle/outputGuard";
import { createPlanner, type Router } from "./lifecycle/plan";
import { createSynthesizer } from "./lifecycle/synthesize";
import { noModelMessage } from "./messages";
import { APP_VERSION } from "./version";
import { readLicenses } from "./licenses";
import { SettingsStore } from "./settings/settingsStore";
import { openDatabase, type Db } from "./storage/database";
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
  SEMANTIC_MODEL_FILE,
  type ConsentStore,
  type EmergencyGate,
  type RefusalGate,
  type RefusalClassifier,
  type CheckAnswer,
} from "./safety";
import { ApprovalStore } from "./approvals/approvalStore";
import { Eraser } from "./erasure/eraser";
import { loadContent, type AgentDef, type ContentSet } from "./content";

/** Capabilities only some hosts have (the desktop shell can print to PDF). */
export interface HostHooks {
  printToPdf?(html: string, fileName: string): Promise<{ saved: boolean; path: string | null }>;
  /** The system's file picker for a model file (the desktop shell). */
  pickModelFile?(): Promise<string | null>;
}

export interface EngineOptions {
  /** Where user data lives (Electron userData, `--data-dir`). */
  dataDir: string;
  /** Where the read-only content lives (agents/, skills/, carefold-profile.yaml). */
  contentDir: string;
  /** A fixed model provider (tests, `carefold ask --model`); otherwise the one the settings select. */
  modelProvider?: ModelProvider;
  /** Kiosk sessions never persist consent. */
  kiosk?: boolean;
  host?: HostHooks;
  /** Which front end runs this engine (shown in settings). */
  hostKind?: "desktop" | "browser" | "cli";
  /**
   * Crash testing only (test/crash): called at each point of decide → write → resume where a test
   * kills the engine. Hosts never pass it; without it nothing happens.
   */
  faultPoint?: (point: FaultPoint) => void;
}

export class Engine implements EngineApi {
  readonly db: Db;
  readonly audit: AuditLog;
  readonly settings: SettingsStore;
  readonly threads: ThreadStore;
  readonly notes: NotesStore;
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
  private readonly models: ModelHost;
  readonly catalog: FtsCatalog;
  private readonly composer: Composer;
  private readonly eraser: Eraser;

  constructor(readonly options: EngineOptions) {
    this.db = openDatabase(join(options.dataDir, "carefold.db"));
    this.audit = new AuditLog(auditLogsDir(options.dataDir));
    this.settings = new SettingsStore(this.db);
    this.threads = new ThreadStore(this.db);
    const workspace = join(options.dataDir, "workspace");
    this.notes = new NotesStore(join(workspace, "notes"));
    this.attachments = new AttachmentsStore(this.db, join(workspace, "attachments"));
    this.approvals = new ApprovalStore(this.db);
    this.consent = createConsentStore(this.db, this.audit, { persist: !options.kiosk });
    this.models = new ModelHost(options.dataDir, this.settings, (e) => this.emit(e), options.modelProvider);
    this.content = loadContent(options.contentDir);
    this.catalog = FtsCatalog.open(this.db, this.content);
    this.eraser = new Eraser({ db: this.db, threads: this.threads, approvals: this.approvals, attachments: this.attachments, notes: this.notes, consent: this.consent, audit: this.audit, workspaceDir: workspace });
    // The composer takes titles by id only; one per language keeps the agenda headings in the consult's language.
    const composers = {
      en: createComposer({ titleOf: (id) => this.agentTitle(id, "en") }),
      es: createComposer({ titleOf: (id) => this.agentTitle(id, "es") }),
    };
    this.composer = (outputs, plan, language, question) => composers[language](outputs, plan, language, question);
    this.backend = new CarefoldBackend(workspaceRoots(options.contentDir, options.dataDir));
    this.runtime = new DeepAgentRuntime({
      content: this.content,
      backend: this.backend,
      checkpointer: new SqliteSaver(this.db),
      safety: this.safetyFunctions(),
      audit: this.audit,
      provider: this.models.provider,
      approvals: this.approvals,
      guard: this.outputGuard(),
      titleOf: (id) => this.agentTitle(id),
      toolContext: (attachmentIds) => ({
        content: this.content,
        attachments: this.attachments,
        notes: this.notes,
        attachmentIds,
        sanitizePii: this.safetyFunctions().sanitizePii,
      }),
    });
    this.lifecycle = buildLifecycle({
      loadContext: createContextLoader({
        threads: this.threads,
        notes: this.notes,
        attachments: this.attachments,
        memoryFile: join(workspace, "AGENTS.md"),
      }),
      gate: this.gatePhase(),
      plan: createPlanner(this.router(), [
        // Nothing can answer without a model: say so before asking for consent.
        (plan, state) =>
          this.provider.describe() === null
            ? { result: { outcome: "no_model", text: noModelMessage(state.language), agents: plan.agents, topology: plan.topology, chips: [], why: plan.why } }
            : null,
        (plan, state) =>
          checkConsent(plan, { turnId: state.turnId, threadId: state.threadId }, state.language, {
            hasConsent: (id) => this.consent.hasConsent(id),
            riskOf: (id) => this.content.agents.find((a) => a.id === id)?.metadata.risk_class ?? null,
            describe: (id) => {
              const a = this.content.agents.find((x) => x.id === id);
              return { title: this.agentTitle(id, state.language), description: a ? agentDescription(a, state.language) : "" };
            },
          }),
      ]),
      dispatch: createDispatcher({ runSpecialist: this.runtime.runner() }),
      synthesize: createSynthesizer({
        compose: this.composer,
        checkOutput: this.answerCheck,
        onBlocked: (rule, category, turn) =>
          this.audit.record({ event: "refuse", thread: turn.threadId, agents: turn.agents, decision: category, rule, detail: { direction: "synthesis" } }),
        onConflicts: (rules, turn) =>
          this.audit.record({ event: "synthesis", thread: turn.threadId, agents: turn.agents, decision: "composed", rule: rules.join(",") || null }),
      }),
    });
    this.consult = new ConsultService({
      lifecycle: this.lifecycle,
      threads: this.threads,
      attachments: this.attachments,
      approvals: this.approvals,
      settings: this.settings,
      audit: this.audit,
      runtime: this.runtime,
      compose: this.composer,
      checkOutput: this.answerCheck,
      backend: this.backend,
      ...(options.faultPoint ? { faultPoint: options.faultPoint } : {}),
      emit: (e) => this.emit(e),
    });
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
  }

  // ----- wiring points (each later issue replaces one of these) -----

  protected gatePhase(): PhaseFn {
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

  protected router(): Router {
    return createRouter({ catalog: this.catalog, content: this.content, modelProvider: this.provider });
  }

  /** The active model provider (follows the settings unless the host fixed one). */
  get provider(): ModelProvider {
    return this.models.provider;
  }

  protected outputGuard(): OutputGuardFactory {
    return (language) => createOutputGuard({ language, semantic: this.outputClassifier });
  }

  protected safetyFunctions(): SafetyFunctions {
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

  // ----- consult -----

  async "consult.ask"(input: RequestParsedInput<"consult.ask">): Promise<RequestOutput<"consult.ask">> {
    return this.consult.ask(input);
  }

  async "consult.cancel"(input: RequestParsedInput<"consult.cancel">): Promise<RequestOutput<"consult.cancel">> {
    return { cancelled: this.consult.cancel(input.turnId) };
  }

  async "consult.decide"(input: RequestParsedInput<"consult.decide">): Promise<RequestOutput<"consult.decide">> {
    return this.consult.decide(input);
  }

  // ----- attachments and notes -----

  async "attachments.add"(input: RequestParsedInput<"attachments.add">): Promise<RequestOutput<"attachments.add">> {
    return this.attachments.add(input.name, input.dataBase64, input.mime);
  }
  async "attachments.list"(): Promise<RequestOutput<"attachments.list">> {
    return this.attachments.list();
  }
  async "attachments.remove"(input: RequestParsedInput<"attachments.remove">): Promise<RequestOutput<"attachments.remove">> {
    return { removed: this.attachments.remove(input.id) };
  }
  async "notes.list"(): Promise<RequestOutput<"notes.list">> {
    return this.notes.list();
  }
  async "notes.read"(input: RequestParsedInput<"notes.read">): Promise<RequestOutput<"notes.read">> {
    return this.notes.read(input.name);
  }
  async "notes.write"(input: RequestParsedInput<"notes.write">): Promise<RequestOutput<"notes.write">> {
    return this.notes.write(input.name, input.content, input.expectedRevision);
  }
  async "notes.delete"(input: RequestParsedInput<"notes.delete">): Promise<RequestOutput<"notes.delete">> {
    return { deleted: this.notes.delete(input.name) };
  }

  // ----- catalog, settings, models -----

  async "catalog.agents"(): Promise<RequestOutput<"catalog.agents">> {
    const language = this.settings.get().language;
    return this.content.agents
      .filter((a) => !a.metadata.hidden)
      .map((a) => ({
        id: a.id,
        title: this.agentTitle(a.id, language),
        description: agentDescription(a, language),
        domain: a.metadata.domain,
        category: a.metadata.category,
        riskClass: a.metadata.risk_class,
        starters: a.starters[language].length ? a.starters[language] : a.starters.en,
        icon: a.metadata.icon ?? null,
      }))
      .sort((x, y) => x.title.localeCompare(y.title));
  }
  async "settings.get"(): Promise<RequestOutput<"settings.get">> {
    return this.settings.get();
  }
  async "settings.set"(input: RequestParsedInput<"settings.set">): Promise<RequestOutput<"settings.set">> {
    return this.settings.set(input);
  }
  async "models.list"(): Promise<RequestOutput<"models.list">> {
    return this.models.list();
  }

  async "models.pull"(input: RequestParsedInput<"models.pull">): Promise<RequestOutput<"models.pull">> {
    return this.models.pull(input.id);
  }
  async "models.import"(input: RequestParsedInput<"models.import">): Promise<RequestOutput<"models.import">> {
    return this.models.import(input.path);
  }
  async "models.remove"(input: RequestParsedInput<"models.remove">): Promise<RequestOutput<"models.remove">> {
    return this.models.remove(input.file);
  }

  // ----- threads -----

  async "threads.list"(): Promise<RequestOutput<"threads.list">> {
    return this.threads.list();
  }
  private threadOrThrow(threadId: string) {
    const thread = this.threads.summary(threadId);
    if (!thread) throw new EngineError("not_found", `No conversation with id ${threadId}`);
    return thread;
  }
  async "threads.get"(input: RequestParsedInput<"threads.get">): Promise<RequestOutput<"threads.get">> {
    return { thread: this.threadOrThrow(input.threadId), messages: this.threads.messages(input.threadId) };
  }
  async "threads.rename"(input: RequestParsedInput<"threads.rename">): Promise<RequestOutput<"threads.rename">> {
    this.threadOrThrow(input.threadId);
    this.threads.rename(input.threadId, input.title);
    return this.threadOrThrow(input.threadId);
  }
  async "threads.delete"(input: RequestParsedInput<"threads.delete">): Promise<RequestOutput<"threads.delete">> {
    // A running turn would write checkpoints again after the delete: stop it first.
    await this.consult.stopTurns(input.threadId);
    return { deleted: this.eraser.eraseThread(input.threadId) };
  }
  async "data.deleteAll"(_input: RequestParsedInput<"data.deleteAll">): Promise<RequestOutput<"data.deleteAll">> {
    await this.consult.stopTurns(null);
    return this.eraser.eraseAll();
  }

  // ----- consent, approvals, agenda, host -----

  async "consent.get"(): Promise<RequestOutput<"consent.get">> {
    return { ...this.consent.list(), persistent: this.consent.persistent };
  }
  async "consent.set"(input: RequestParsedInput<"consent.set">): Promise<RequestOutput<"consent.set">> {
    if (input.scope === "global") {
      if (input.granted) this.consent.grantGlobal();
      else this.consent.withdrawGlobal();
    } else {
      const agent = this.content.agents.find((a) => a.id === input.agentId && !a.metadata.hidden);
      if (!agent) throw new EngineError("not_found", `No specialist named ${input.agentId}`);
      if (input.granted) this.consent.grantAgent(agent.id);
      else this.consent.withdrawAgent(agent.id);
    }
    return this["consent.get"]();
  }
  async "approvals.list"(): Promise<RequestOutput<"approvals.list">> {
    return this.consult.pendingApprovals().map((r) => r.event);
  }
  async "agenda.export"(input: RequestParsedInput<"agenda.export">): Promise<RequestOutput<"agenda.export">> {
    const thread = this.threadOrThrow(input.threadId);
    const answers = this.threads
      .messages(input.threadId)
      .filter((m) => m.role === "assistant" && (m.outcome === "answered" || m.outcome === null))
      .filter((m) => !input.turnId || m.turnId === input.turnId);
    const answer = answers.at(-1);
    if (!answer) throw new EngineError("not_found", "There is no answer to export in this conversation yet");
    const day = answer.createdAt.slice(0, 10);
    // The title and the Markdown keep every letter; the file name is an ASCII slug of the title with
    // accents folded ("Cita del corazón" → "…-cita-del-corazon"), safe on every file system and in Save as PDF.
    const slug = slugify(thread.title, 40) || "visit";
    return { fileName: `carefold-agenda-${day}-${slug}`, title: thread.title, markdown: answer.text };
  }
  async "app.info"(): Promise<RequestOutput<"app.info">> {
    return {
      version: APP_VERSION,
      dataDir: this.options.dataDir,
      host: this.options.hostKind ?? "cli",
      kiosk: this.options.kiosk ?? false,
      locales: ["US", "EU", "UK", "AU"],
    };
  }
  async "app.licenses"(): Promise<RequestOutput<"app.licenses">> {
    return readLicenses(this.options.contentDir);
  }
  async "host.pickModelFile"(): Promise<RequestOutput<"host.pickModelFile">> {
    if (!this.options.host?.pickModelFile) {
      throw new EngineError("unavailable", "Choosing a file is done by typing its path here: paste the full path of the .gguf file");
    }
    return { path: await this.options.host.pickModelFile() };
  }
  async "host.printToPdf"(input: RequestParsedInput<"host.printToPdf">): Promise<RequestOutput<"host.printToPdf">> {
    if (!this.options.host?.printToPdf) {
      throw new EngineError("unavailable", "Saving as PDF is done by your browser here: use Print, then Save as PDF");
    }
    return this.options.host.printToPdf(input.html, input.fileName);
  }

  /** Wait for running turns to finish (after cancelling them), then close the database. */
  async close(): Promise<void> {
    await this.consult.close();
    await this.models.close();
    this.listeners.clear();
    this.db.close();
  }
}

/** One-line description for the catalog and consent: the Spanish one when asked and present. */
function agentDescription(agent: AgentDef, language: "en" | "es"): string {
  const text = (language === "es" ? agent.metadata.es?.description : undefined) ?? agent.runtime.description;
  return text.replace(/\s+/g, " ").trim();
}

export function createEngine(options: EngineOptions): Engine {
  return new Engine(options);
}
