/**
 * Contract fuzzing (issue 17): every request schema, on a real engine, through `dispatchRequest` (the
 * path IPC and the WebSocket host take) and through the WebSocket host itself. Mutated valid payloads
 * and random ones never crash the host, never write when refused, and always get a typed answer.
 *
 * Failures print fast-check's seed and path; replay with CAREFOLD_FUZZ_SEED=<seed> (and scale the
 * runs with CAREFOLD_FUZZ_RUNS=<factor>, e.g. 10 for a long local session).
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createEngine } from "../../src/engine/engine";
import { startWebHost, type WebHost } from "../../src/engine/host/webHost";
import { REQUEST_NAMES, SettingsSchema, isRequestName, requests, type EngineEvent, type RequestInput, type RequestName } from "../../src/shared/contract";
import { METHODS } from "../../src/shared/methods";
import { dispatchRequest, RequestFrameSchema, type RpcResponse } from "../../src/shared/rpc";
import { REPO } from "../support/engineHarness";
import { scriptedProvider } from "../support/scriptedChatModel";
import { tempDir } from "../support/tempDir";
import { mutantsOf, polluted, preview, prototypeShapes, randomRoot, snapshotStore, untypedResponse, withOwnProtoKey, type StoreSnapshot } from "./fuzzSupport";

const SCALE = Number(process.env.CAREFOLD_FUZZ_RUNS ?? 1) || 1;
const SEED = process.env.CAREFOLD_FUZZ_SEED ? Number(process.env.CAREFOLD_FUZZ_SEED) : undefined;
/** Per method: mutated valid payloads, and random roots. */
const MUTATION_RUNS = Math.round(200 * SCALE);
const RANDOM_RUNS = Math.round(100 * SCALE);
const WS_RUNS = Math.round(300 * SCALE);
/** Fewer where each valid payload starts slow work that must end before the next snapshot (reading a file in a worker). */
const MUTATION_RUNS_FOR: Partial<Record<RequestName, number>> = { "attachments.add": Math.round(60 * SCALE) };
const params = (numRuns: number): fc.Parameters<unknown> => ({ numRuns, ...(SEED === undefined ? {} : { seed: SEED }) });

const prototypesAtStart = prototypeShapes();

/** A test engine: a scripted model, a temp data dir, and finished turns and downloads remembered. */
function startEngine() {
  const tmp = tempDir("carefold-fuzz-");
  const engine = createEngine({
    dataDir: tmp.dir,
    contentDir: REPO,
    modelProvider: scriptedProvider(() => ({ text: "Here is a short visit checklist: bring your medication list." })),
  });
  /** Finished turns and downloads: work a valid request starts in the background, awaited before the next snapshot. */
  const finished = new Set<string>();
  engine.onEvent((e: EngineEvent) => {
    if (e.type === "done") finished.add(e.turnId);
    if (e.type === "model.progress" && (e.state === "done" || e.state === "failed")) finished.add(e.downloadId);
  });
  const waitDone = async (id: string) => {
    const started = Date.now();
    while (!finished.has(id)) {
      if (Date.now() - started > 30_000) throw new Error(`${id} never finished`);
      await new Promise((r) => setTimeout(r, 2));
    }
  };
  return { tmp, engine, waitDone };
}

interface Fixtures {
  threadId: string;
  turnId: string;
  attachmentId: string;
  /** Files outside the data dir that are not models; the first two only look like GGUF at first. */
  junkModels: string[];
}

/** Hand-written valid inputs, method by method, over the fixtures (a conversation with an answer, an attachment, a note). */
function validExamples(fx: Fixtures): { [K in RequestName]: RequestInput<K>[] } {
  return {
    "consult.ask": [{ text: "Help me prepare for my visit" }, { threadId: fx.threadId, text: "What should I bring?", attachmentIds: [fx.attachmentId] }],
    "consult.cancel": [{ turnId: fx.turnId }],
    "consult.decide": [
      { approvalId: "a_missing", decision: "approve" },
      { approvalId: "a_missing2", decision: "edit", editedContent: "# Visit\n- bring the list" },
    ],
    "attachments.add": [{ name: "bp-log.txt", mime: "text/plain", dataBase64: Buffer.from("120/80 on Monday").toString("base64") }],
    "attachments.list": [{}],
    "attachments.read": [{ id: fx.attachmentId }, { id: "att_missing" }],
    "attachments.remove": [{ id: "att_missing" }],
    "notes.list": [{}],
    "notes.read": [{ name: "visit.md" }],
    "notes.write": [{ name: "visit.md", content: "# Visit\n- bring the medication list" }, { name: "questions.md", content: "Ask about sleep", expectedRevision: "rev-0" }],
    "notes.delete": [{ name: "no-such-note.md" }],
    "catalog.agents": [{}],
    "content.packs": [{}],
    "settings.get": [{}],
    "settings.set": [
      { language: "en" },
      { textScale: 120, highContrast: false, crisisLocale: "US", firstRunDone: true },
      { model: { provider: "ollama", ollamaModel: "qwen2.5:3b", ollamaBaseUrl: "http://127.0.0.1:11434", contextSize: 4096 } },
      { model: { provider: "openai-compatible", serverUrl: "http://clinic.example:8080/v1", serverModel: "m" }, confirmRemoteHost: "clinic.example" },
    ],
    "models.list": [{}],
    "models.pull": [{ id: "no-such-model" }],
    "models.import": fx.junkModels.map((path) => ({ path })),
    "models.remove": [{ file: "missing.gguf" }],
    "threads.list": [{}],
    "threads.get": [{ threadId: fx.threadId }],
    "threads.rename": [{ threadId: fx.threadId, title: "Cardiology visit" }],
    "threads.delete": [{ threadId: "t_missing" }],
    "search.run": [{ query: "cardiology" }, { query: "visit medic" }, { query: 'NEAR("a" b) AND ^c* OR col:"' }],
    "data.deleteAll": [{ confirm: true }],
    "consent.get": [{}],
    "consent.set": [
      { scope: "global", granted: false },
      { scope: "agent", agentId: "visit-steward", granted: false },
    ],
    "approvals.list": [{}],
    "agenda.export": [{ threadId: fx.threadId }, { threadId: fx.threadId, turnId: fx.turnId }],
    "app.info": [{}],
    "session.end": [{}],
    "app.licenses": [{}],
    "host.pickModelFile": [{}],
    "host.printToPdf": [{ html: "<h1>Visit agenda</h1><p>Bring the list.</p>", fileName: "agenda.pdf" }],
    // An engine by itself has no profiles (they are answered above it): typed refusals, nothing written.
    "profiles.list": [{}],
    "profiles.create": [{ name: "Mum", pin: "1234" }],
    "profiles.open": [{ id: "first", pin: "1234" }],
    "profiles.lock": [{}],
    "profiles.rename": [{ id: "first", name: "Me" }],
    "profiles.setPin": [{ pin: "1234" }],
    "profiles.remove": [{ id: "pAbc", confirm: true }],
    "profiles.export": [{}],
    "profiles.configure": [{ relockMinutes: 5 }],
    // Nor has it the host's kiosk setting: typed refusals, nothing written.
    "kiosk.status": [{}],
    "kiosk.enable": [{ adminPin: "2468", idleSeconds: 240 }],
    "kiosk.disable": [{ adminPin: "2468" }],
  };
}

const sameStore = (after: StoreSnapshot, before: StoreSnapshot) => expect(after, "a refused request changed what the engine stores").toEqual(before);

describe("contract fuzzing through dispatchRequest on a real engine", () => {
  let ctx: ReturnType<typeof startEngine>;
  let fx: Fixtures | null = null;
  const elsewhere = tempDir("carefold-fuzz-files-");

  beforeAll(() => {
    ctx = startEngine();
    // "GGUF" and then text; "GGUF" v3 claiming 2^64-1 tensors: both once kept the GGUF parser reading zeros past the end for ever.
    writeFileSync(join(elsewhere.dir, "text.gguf"), "GGUF? no, just text");
    writeFileSync(join(elsewhere.dir, "counts.gguf"), Buffer.concat([Buffer.from("GGUF"), Buffer.from([3, 0, 0, 0]), Buffer.alloc(16, 0xff)]));
    writeFileSync(join(elsewhere.dir, "notes.gguf"), "Visit notes: ask about the rash.");
  });
  afterAll(async () => {
    await ctx.engine.close();
    ctx.tmp.cleanup();
    elsewhere.cleanup();
  });

  /** The conversation, attachment and note the examples name, (re)made when a fuzzed request removed them. */
  async function ensureFixtures(): Promise<Fixtures> {
    const { engine, waitDone } = ctx;
    if (!fx || !engine.threads.summary(fx.threadId)) {
      engine.consent.grantGlobal();
      const { threadId, turnId } = await engine["consult.ask"]({ text: "Help me prepare for my cardiology visit" });
      await waitDone(turnId);
      const junkModels = ["text.gguf", "counts.gguf", "notes.gguf", "missing.gguf"].map((f) => join(elsewhere.dir, f));
      fx = { threadId, turnId, attachmentId: fx?.attachmentId ?? "", junkModels };
    }
    if (!engine.attachments.get(fx.attachmentId)) {
      fx.attachmentId = (await engine["attachments.add"]({ name: "letter.txt", dataBase64: Buffer.from("Referral letter").toString("base64") })).id;
      await engine.attachments.whenRead(fx.attachmentId);
    }
    // What earlier fuzzing added goes, so the data dir (and its snapshot) stays small.
    for (const a of engine.attachments.list()) if (a.id !== fx.attachmentId) engine.attachments.remove(a.id);
    for (const n of engine.notes.list()) if (n.name !== "visit.md") engine.notes.delete(n.name);
    await engine["notes.write"]({ name: "visit.md", content: "# Visit\n" });
    // Without consent a fuzzed question stops before the model: turns stay quick.
    engine.consent.withdrawGlobal();
    for (const agent of engine.consent.list().agents) engine.consent.withdrawAgent(agent);
    return fx;
  }

  /** One request: it resolves to a typed answer; a refused one is invalid_input with issues and writes nothing. */
  async function check(method: RequestName, payload: unknown, label: string, mustBeInvalid: boolean): Promise<void> {
    const { engine, tmp, waitDone } = ctx;
    const valid = requests[method].input.safeParse(payload ?? {}).success;
    if (mustBeInvalid) expect(valid, `the ${method} schema accepted ${label}`).toBe(false);
    const before = snapshotStore(tmp.dir, engine.db);
    let response: RpcResponse;
    try {
      response = await dispatchRequest(engine, method, payload);
    } catch (err) {
      throw new Error(`dispatchRequest(${method}) threw for ${label}: ${String(err)}`, { cause: err });
    }
    expect(untypedResponse(method, response), `${method} with ${label}`).toBeNull();
    expect(polluted(), `${method} with ${label} polluted a prototype`).toBe(false);
    if (!valid) {
      expect(response.ok).toBe(false);
      if (response.ok) return;
      expect(response.error.code, `${method} with ${label}: ${response.error.message}`).toBe("invalid_input");
      expect(response.error.issues?.length ?? 0).toBeGreaterThan(0);
      sameStore(snapshotStore(tmp.dir, engine.db), before);
    } else if (method === "consult.ask" && response.ok) {
      await waitDone((response.result as { turnId: string }).turnId);
    } else if (method === "models.pull" && response.ok) {
      await waitDone((response.result as { downloadId: string }).downloadId);
    } else if (method === "attachments.add" && response.ok) {
      await engine.attachments.whenRead((response.result as { id: string }).id);
    }
  }

  it("has hand-written valid examples for exactly the contract's methods, each accepted by its schema", async () => {
    expect([...REQUEST_NAMES].sort()).toEqual([...METHODS].sort());
    const examples = validExamples(await ensureFixtures());
    expect(Object.keys(examples).sort()).toEqual([...REQUEST_NAMES].sort());
    for (const method of REQUEST_NAMES) {
      const list = examples[method] as readonly unknown[];
      expect(list.length, method).toBeGreaterThan(0);
      for (const example of list) expect(requests[method].input.safeParse(example).success, `${method} ${JSON.stringify(example)}`).toBe(true);
    }
  });

  for (const method of REQUEST_NAMES) {
    it(`${method}: mutated valid payloads get typed answers, and refused ones are invalid_input and write nothing`, async () => {
      const examples = validExamples(await ensureFixtures())[method] as readonly Record<string, unknown>[] | undefined;
      if (!examples?.length) throw new Error(`no fuzz examples for ${method}: add valid ones to validExamples()`);
      for (const example of examples) await check(method, example, "the valid example", false);
      const mutant = fc.oneof(...examples.map((example) => mutantsOf(example)));
      await fc.assert(
        fc.asyncProperty(mutant, (m) => check(method, m.payload, m.label, m.mustBeInvalid)),
        params(MUTATION_RUNS_FOR[method] ?? MUTATION_RUNS),
      );
    });

    it(`${method}: random roots get typed answers and write nothing when refused`, async () => {
      await ensureFixtures();
      await fc.assert(
        fc.asyncProperty(randomRoot, (root) => check(method, root, preview(root), false)),
        params(RANDOM_RUNS),
      );
    });
  }

  it("answers unknown_method for any other method name, and writes nothing", async () => {
    const { engine, tmp } = ctx;
    const name = fc.oneof(
      fc.string(),
      fc.string({ unit: "binary", maxLength: 300 }),
      fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "CONSULT.ASK", "consult.ask ", "consult.ask\u0000", "consult", "", "x".repeat(10_000)),
      fc.anything(),
    ).filter((m) => !isRequestName(m));
    await fc.assert(
      fc.asyncProperty(name, randomRoot, async (method, payload) => {
        const before = snapshotStore(tmp.dir, engine.db);
        const response = await dispatchRequest(engine, method, payload);
        expect(untypedResponse(null, response)).toBeNull();
        expect(response).toMatchObject({ ok: false, error: { code: "unknown_method" } });
        if (!response.ok) expect(response.error.message.length).toBeLessThan(200);
        sameStore(snapshotStore(tmp.dir, engine.db), before);
      }),
      params(200),
    );
  });

  it("settings.set takes a key given as undefined (IPC keeps such keys) as not given, not as an internal error", async () => {
    const { engine } = ctx;
    const before = engine.settings.get();
    const response = await dispatchRequest(engine, "settings.set", { textScale: undefined, model: undefined, highContrast: before.highContrast });
    expect(untypedResponse("settings.set", response)).toBeNull();
    expect(response).toMatchObject({ ok: true, result: { textScale: before.textScale, model: before.model } });
  });

  it("answers models.import and models.list promptly for files that only look like GGUF (the magic, then garbage)", async () => {
    const { engine, tmp } = ctx;
    const within = async <T>(work: Promise<T>, what: string): Promise<T> => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not answer within 10 s`)), 10_000)));
      try {
        return await Promise.race([work, late]);
      } finally {
        clearTimeout(timer);
      }
    };
    for (const file of ["text.gguf", "counts.gguf"]) {
      const response = await within(dispatchRequest(engine, "models.import", { path: join(elsewhere.dir, file) }), `models.import of ${file}`);
      expect(response, file).toMatchObject({ ok: false, error: { code: "invalid_input" } });
    }
    const models = join(tmp.dir, "models");
    mkdirSync(models, { recursive: true });
    for (const file of ["text.gguf", "counts.gguf"]) copyFileSync(join(elsewhere.dir, file), join(models, file));
    try {
      const response = await within(dispatchRequest(engine, "models.list", {}), "models.list");
      expect(untypedResponse("models.list", response)).toBeNull();
      const local = response.ok ? (response.result as { local: { file: string; architecture: string | null }[] }).local : [];
      expect(local.filter((m) => m.file.startsWith("text") || m.file.startsWith("counts"))).toEqual([
        expect.objectContaining({ file: "counts.gguf", architecture: null }),
        expect.objectContaining({ file: "text.gguf", architecture: null }),
      ]);
    } finally {
      rmSync(models, { recursive: true, force: true });
    }
  });

  it("refuses an attachment over 20 MiB and a message or note over 1 MiB without writing, and takes a message of exactly 1 MiB", async () => {
    await ensureFixtures();
    await check("attachments.add", { name: "scan.txt", dataBase64: "A".repeat(28_000_000) }, "a 28 MB base64 payload", true);
    await check("consult.ask", { text: "a".repeat(1_048_577) }, "a message one character over 1 MiB", true);
    await check("notes.write", { name: "big.md", content: "b".repeat(1_048_577) }, "a note one character over 1 MiB", true);
    await check("consult.ask", { text: "a ".repeat(524_288) }, "a message of exactly 1 MiB", false);
  });
});

// ---------- the WebSocket host ----------

/** A client that queues the host's answers (events aside) so each frame's answer can be awaited in turn. */
class Client {
  private readonly queue: Record<string, unknown>[] = [];
  private waiting: ((m: Record<string, unknown>) => void) | null = null;
  closed: Promise<number>;

  constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const message = JSON.parse(data.toString()) as Record<string, unknown>;
      if ("event" in message) return;
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = null;
        w(message);
      } else this.queue.push(message);
    });
    this.closed = new Promise((resolve) => ws.once("close", (code) => resolve(code)));
  }

  static async open(host: WebHost): Promise<Client> {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/rpc?token=${host.token}`);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    return new Client(ws);
  }

  next(timeoutMs = 10_000): Promise<Record<string, unknown>> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no answer from the host")), timeoutMs);
      this.waiting = (m) => {
        clearTimeout(timer);
        resolve(m);
      };
    });
  }

  async request(frame: unknown): Promise<Record<string, unknown>> {
    this.ws.send(JSON.stringify(frame));
    return this.next();
  }
}

type WireFrame = { kind: "text"; data: string; label: string } | { kind: "binary"; data: Buffer; label: string };

const text = (data: string, label = preview(data)): WireFrame => ({ kind: "text", data, label });

const notJson = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.constantFrom("", " ", "{", "}", "[", "undefined", "NaN", "Infinity", "{'id':1}", "{id:1}", '{"id":1,}', "\uFEFF{}", "\u0000", "1e", "--1", '"unterminated'),
).filter((s) => {
  try {
    JSON.parse(s);
    return false;
  } catch {
    return true;
  }
});

const someId = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 80 }),
  fc.double(),
  fc.constantFrom<unknown>(null, true, [], {}, [1], { id: 1 }, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, -1, 0, 1e300, "x".repeat(65)),
);
const someMethod = fc.oneof(fc.constantFrom(...REQUEST_NAMES), fc.string({ maxLength: 120 }), fc.jsonValue({ maxDepth: 2 }));
const frameObject = fc.record(
  { id: someId, method: someMethod, params: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom({}, null, withOwnProtoKey({}, { carefoldPolluted: true }))), extra: fc.jsonValue({ maxDepth: 1 }) },
  { requiredKeys: [] },
);

/** Raw frames JSON.stringify would never write: numbers past a double, duplicate keys, own "__proto__", deep nesting. */
const RAW_FRAMES = [
  '{"id":1e400,"method":"settings.get"}',
  '{"id":-1e400,"method":"settings.get"}',
  '{"id":123456789012345678901234567890,"method":"settings.get"}',
  '{"id":-0,"method":"settings.get"}',
  '{"id":1.5,"method":"settings.get"}',
  `{"id":"${"i".repeat(65)}","method":"settings.get"}`,
  `{"id":"${"i".repeat(200_000)}","method":"settings.get"}`,
  `{"id":1,"method":"${"m".repeat(101)}"}`,
  '{"id":1,"id":"two","method":"settings.get"}',
  '{"id":1,"method":"settings.get","method":"data.deleteAll","params":{"confirm":"yes"}}',
  '{"__proto__":{"carefoldPolluted":true},"id":1,"method":"settings.get"}',
  '{"id":1,"method":"settings.set","params":{"__proto__":{"carefoldPolluted":true}}}',
  '{"id":1,"method":"settings.set","params":{"constructor":{"prototype":{"carefoldPolluted":true}}}}',
  '{"id":1,"method":"notes.write","params":{"name":"a.md","content":"\\u0000"}}',
  '{"id":1,"method":"threads.rename","params":{"threadId":"t_1","title":"\\ud800"}}',
  '{"id":1,"method":"data.deleteAll","params":{"confirm":"true"}}',
  '{"id":1,"method":"settings.get","params":' + "[".repeat(20_000) + "]".repeat(20_000) + "}",
  "[".repeat(50_000) + "]".repeat(50_000),
  '{"id":1,"method":"settings.get","params":[' + "0,".repeat(100_000) + "0]}",
  '{"method":"settings.get"}',
  '{"id":1}',
  '{"id":1,"method":null}',
  '{"id":{"$gt":0},"method":"settings.get"}',
  "null",
  "[]",
  '"settings.get"',
];

const wireFrame: fc.Arbitrary<WireFrame> = fc.oneof(
  notJson.map((s) => text(s)),
  fc.uint8Array({ maxLength: 64 }).map((b): WireFrame => ({ kind: "binary", data: Buffer.from(b), label: `binary(${b.length})` })),
  fc.jsonValue().map((v) => text(JSON.stringify(v))),
  frameObject.map((o) => text(JSON.stringify(o))),
  fc.constantFrom(...RAW_FRAMES).map((s) => text(s)),
);

describe("contract fuzzing through the WebSocket host", () => {
  let ctx: ReturnType<typeof startEngine>;
  let host: WebHost;
  const staticDir = tempDir("carefold-fuzz-static-");

  beforeAll(async () => {
    ctx = startEngine();
    mkdirSync(join(staticDir.dir, "assets"));
    writeFileSync(join(staticDir.dir, "index.html"), "<!doctype html><title>Carefold</title>");
    host = await startWebHost({ engine: ctx.engine, staticDir: staticDir.dir, token: "fuzz-token-0123456789abcdefghijklmnop", maxPayload: 2 * 1024 * 1024 });
  });
  afterAll(async () => {
    await host.close();
    await ctx.engine.close();
    ctx.tmp.cleanup();
    staticDir.cleanup();
  });

  async function settingsStillServed(client: Client): Promise<void> {
    const answer = await client.request({ id: "after", method: "settings.get" });
    expect(answer).toMatchObject({ id: "after", ok: true });
    expect(SettingsSchema.safeParse(answer.result).success).toBe(true);
  }

  /**
   * What the host must answer to one frame, judged from the frame alone. `background`: the work a
   * valid frame started (a turn, a download, reading an attachment), awaited before the next snapshot.
   */
  function expectAnswer(frame: WireFrame, answer: Record<string, unknown>): { refused: boolean; background: Promise<void> | null } {
    const label = frame.label;
    const invalidMessage = (id: unknown) => {
      expect(answer, label).toMatchObject({ ok: false, error: { code: "invalid_message" } });
      expect(answer.id, label).toEqual(JSON.parse(JSON.stringify(id ?? null)));
      return { refused: true, background: null };
    };
    if (answer.ok !== true) expect(untypedResponse(null, { ok: false, error: answer.error }), `${label}: ${JSON.stringify(answer).slice(0, 300)}`).toBeNull();
    if (frame.kind === "binary") return invalidMessage(null);
    let raw: unknown;
    try {
      raw = JSON.parse(frame.data);
    } catch {
      return invalidMessage(null);
    }
    const parsed = RequestFrameSchema.safeParse(raw);
    if (!parsed.success) {
      const id = raw && typeof raw === "object" && "id" in raw ? (raw as { id: unknown }).id : null;
      // The host echoes an id only when it could have been a valid one (a string of at most 64 characters, or a number).
      return invalidMessage((typeof id === "string" && id.length <= 64) || typeof id === "number" ? id : null);
    }
    const { id, method, params: input } = parsed.data;
    expect(answer.id, label).toEqual(JSON.parse(JSON.stringify(id)));
    const response = { ok: answer.ok, ...(answer.ok ? { result: answer.result } : { error: answer.error }) };
    if (!isRequestName(method)) {
      expect(response, label).toMatchObject({ ok: false, error: { code: "unknown_method" } });
      return { refused: true, background: null };
    }
    expect(untypedResponse(method, response), label).toBeNull();
    const code = (answer.error as { code?: string } | undefined)?.code;
    if (code === "rate_limited") return { refused: true, background: null };
    if (!requests[method].input.safeParse(input ?? {}).success) {
      expect(code, label).toBe("invalid_input");
      return { refused: true, background: null };
    }
    const result = (answer.ok ? answer.result : {}) as { turnId?: string; downloadId?: string; id?: string };
    if (method === "consult.ask" && result.turnId) return { refused: false, background: ctx.waitDone(result.turnId) };
    if (method === "models.pull" && result.downloadId) return { refused: false, background: ctx.waitDone(result.downloadId) };
    if (method === "attachments.add" && result.id) return { refused: false, background: ctx.engine.attachments.whenRead(result.id) };
    return { refused: false, background: null };
  }

  it("answers random and malformed frames with typed errors, writes nothing for them, and keeps serving", async () => {
    const client = await Client.open(host);
    const { engine, tmp } = ctx;
    await fc.assert(
      fc.asyncProperty(wireFrame, async (frame) => {
        const before = snapshotStore(tmp.dir, engine.db);
        client.ws.send(frame.data, { binary: frame.kind === "binary" });
        const answer = await client.next();
        const { refused, background } = expectAnswer(frame, answer);
        expect(polluted(), `${frame.label} polluted a prototype`).toBe(false);
        if (refused) sameStore(snapshotStore(tmp.dir, engine.db), before);
        await background;
      }),
      params(WS_RUNS),
    );
    await settingsStillServed(client);
    await settingsStillServed(await Client.open(host));
    client.ws.close();
  });

  it("answers every frame of a burst of bad frames sent without waiting, in any order", async () => {
    const client = await Client.open(host);
    const frames = fc.sample(fc.oneof(notJson.map((s) => text(s)), frameObject.map((o) => text(JSON.stringify(o)))), { numRuns: 300, ...(SEED === undefined ? {} : { seed: SEED }) });
    for (const f of frames) client.ws.send(f.data);
    for (let i = 0; i < frames.length; i++) {
      const answer = await client.next();
      if (answer.ok !== true) expect(untypedResponse(null, { ok: false, error: answer.error }), JSON.stringify(answer).slice(0, 300)).toBeNull();
    }
    await settingsStillServed(client);
    client.ws.close();
  });

  it("closes only the socket that sends a text frame that is not UTF-8, or one over the size limit; the host keeps serving", async () => {
    const bystander = await Client.open(host);
    const badUtf8 = await Client.open(host);
    badUtf8.ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    expect(await badUtf8.closed).toBe(1007);
    const oversized = await Client.open(host);
    oversized.ws.send(JSON.stringify({ id: 1, method: "notes.write", params: { name: "big.md", content: "x".repeat(2 * 1024 * 1024) } }));
    expect(await oversized.closed).toBe(1009);
    expect(ctx.engine.notes.list().map((n) => n.name)).not.toContain("big.md");
    await settingsStillServed(bystander);
    await settingsStillServed(await Client.open(host));
    bystander.ws.close();
  });
});

it("leaves Object, Array, Function and String prototypes as they were after all the fuzzing", () => {
  expect(polluted()).toBe(false);
  expect(prototypeShapes()).toEqual(prototypesAtStart);
});
