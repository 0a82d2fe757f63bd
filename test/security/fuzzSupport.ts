/**
 * Contract fuzzing helpers (test/security/contractFuzz.test.ts): mutations of a valid request payload
 * (a key dropped or added, a value of another type, hostile strings, prototype keys, deep nesting, huge
 * arrays, odd numbers, odd roots), random roots, a cheap snapshot of everything the engine stores, and
 * the check that a response is a typed one.
 */
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import type Database from "better-sqlite3";
import { requests, type RequestName } from "../../src/shared/contract";
import { ErrorCodeSchema, RpcErrorSchema, type RpcResponse } from "../../src/shared/rpc";

// ---------- what the engine stores ----------

export interface StoreSnapshot {
  /** Every file under the data dir (relative path → "size:mtimeMs"), the SQLite WAL and SHM included. */
  files: Record<string, string>;
  /** Rows changed through the engine's connection since it opened (inserts, updates, deletes). */
  totalChanges: number;
  /** Row count of every table that holds user data (the catalog, rebuilt from bundled content, aside). */
  rows: Record<string, number>;
}

function listFiles(root: string, dir: string, out: Record<string, string>): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      out[relative(root, path) + "/"] = "dir";
      listFiles(root, path, out);
    } else {
      const s = statSync(path);
      out[relative(root, path)] = `${s.size}:${s.mtimeMs}`;
    }
  }
}

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

function prepared(db: Database.Database, sql: string): Database.Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.prepare(sql)));
  return statement;
}

/** Cheap enough to take around every call (a few stats and COUNT queries on a small data dir). */
export function snapshotStore(dataDir: string, db: Database.Database): StoreSnapshot {
  const files: Record<string, string> = {};
  listFiles(dataDir, dataDir, files);
  const tables = prepared(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'catalog%' AND name NOT LIKE 'sqlite%' ORDER BY name").all() as {
    name: string;
  }[];
  const rows: Record<string, number> = {};
  for (const { name } of tables) rows[name] = (prepared(db, `SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n;
  const totalChanges = (prepared(db, "SELECT total_changes() AS n").get() as { n: number }).n;
  return { files, totalChanges, rows };
}

// ---------- typed responses ----------

/** Why a response is not a typed contract response (null when it is one). */
export function untypedResponse(method: RequestName | null, response: unknown): string | null {
  if (!response || typeof response !== "object") return `response is ${String(response)}`;
  const r = response as RpcResponse;
  try {
    JSON.stringify(r);
    structuredClone(r);
  } catch (err) {
    return `response cannot cross IPC or WebSocket: ${String(err)}`;
  }
  if (r.ok === true) {
    if (!method) return "a successful response for no method";
    const checked = requests[method].output.safeParse(r.result);
    return checked.success ? null : `result does not match the ${method} output schema`;
  }
  if (r.ok !== false) return "response has no ok flag";
  const error = RpcErrorSchema.safeParse(r.error);
  if (!error.success) return `error does not match RpcErrorSchema: ${JSON.stringify(r.error)}`;
  if (!ErrorCodeSchema.safeParse(error.data.code).success) return `unknown error code ${error.data.code}`;
  if (error.data.code === "internal") return `an internal error where a typed one belongs: ${error.data.message}`;
  return null;
}

// ---------- prototype pollution ----------

/** The key every pollution attempt tries to plant on a shared prototype. */
export const POLLUTION_KEY = "carefoldPolluted";

export function prototypeShapes(): Record<string, string[]> {
  return {
    Object: Object.getOwnPropertyNames(Object.prototype).sort(),
    Array: Object.getOwnPropertyNames(Array.prototype).sort(),
    Function: Object.getOwnPropertyNames(Function.prototype).sort(),
    String: Object.getOwnPropertyNames(String.prototype).sort(),
  };
}

export function polluted(): boolean {
  return POLLUTION_KEY in {} || POLLUTION_KEY in [] || POLLUTION_KEY in (() => 0);
}

/** `{"__proto__": …}` as JSON.parse makes it: an own key, not the prototype. */
export function withOwnProtoKey(base: Record<string, unknown>, value: unknown): Record<string, unknown> {
  const out = JSON.parse('{"__proto__": null}') as Record<string, unknown>;
  Object.defineProperty(out, "__proto__", { value, enumerable: true, writable: true, configurable: true });
  for (const k of Object.keys(base)) Object.defineProperty(out, k, { value: base[k], enumerable: true, writable: true, configurable: true });
  return out;
}

const PROTO_BAIT = { [POLLUTION_KEY]: true };

// ---------- hostile values ----------

const char = (code: number) => String.fromCharCode(code);

/** Characters that break or disguise text: NUL, lone surrogates, bidi overrides and isolates, tags. */
export const HOSTILE_CHARS = [
  char(0), // NUL
  char(0xd800), // lone high surrogate
  char(0xdc00), // lone low surrogate
  char(0xdbff),
  "\u202E", // right-to-left override
  "\u202D",
  "\u2066", // left-to-right isolate
  "\u2069",
  "\uDB40\uDC41", // tag LATIN CAPITAL LETTER A
  "\uFEFF", // byte order mark
  "\u200B", // zero-width space
  "\u200D",
  char(0x1b) + "[31m", // terminal escape
  char(7),
  char(0x7f),
  "\r\n",
  "\u2028",
  "\uFFFD",
  "\u{1F9D1}\u200D\u2695\uFE0F",
  "\u0301",
];

const lonelySurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map(char);
const anyUnit = fc.oneof(fc.string({ unit: "binary", minLength: 1, maxLength: 1 }), lonelySurrogate, fc.constantFrom(...HOSTILE_CHARS));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\t\n ",
    "../../../etc/passwd",
    "..\\..\\Windows\\win.ini",
    "/etc/passwd",
    "C:\\Windows\\System32",
    "%2e%2e%2f%2e%2e%2f",
    "\uFF0E\uFF0E\uFF0F",
    "file:///etc/passwd",
    "http://evil.example/",
    // A download from loopback's discard port: refused at once, never a real download.
    "http://127.0.0.1:9/model.gguf",
    "javascript:alert(1)",
    "<script>alert(1)</script>",
    "${7*7}{{7*7}}",
    "'; DROP TABLE threads; --",
    "visit.md",
    "a.md" + char(0) + ".txt",
    "CON",
    "__proto__",
    "constructor",
  ),
  fc.constantFrom(...HOSTILE_CHARS),
  fc.string({ unit: anyUnit, maxLength: 24 }),
  fc.string({ unit: "binary", maxLength: 40 }),
);

/**
 * Lengths around the contract's limits (ids 64, note names 80, titles 120, names 255, paths 4096). The
 * 1 MiB message limit has its own test: a megabyte per run would make every later answer a megabyte.
 */
const LIMIT_LENGTHS = [64, 65, 80, 81, 100, 101, 120, 121, 128, 129, 200, 201, 253, 254, 255, 256, 4096, 4097];

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(NaN, Infinity, -Infinity, -0, 1e308, -1e308, Number.MIN_VALUE, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -1, 0, 0.5, 1.5, 99, 100, 200, 201, 511, 512, 131072, 131073),
  fc.double(),
  fc.integer(),
);

function deepArray(depth: number): unknown {
  let v: unknown = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

function deepObject(depth: number): unknown {
  let v: unknown = {};
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

const nested = fc.constantFrom(8, 1_000, 20_000).chain((depth) => fc.constantFrom(deepArray(depth), deepObject(depth)));

const hugeArray = fc
  .constantFrom(51, 1_000, 100_000)
  .chain((n) => fc.constantFrom("t_abc", 1, null).map((item) => Array.from({ length: n }, () => item)));

const anythingGoes = fc.anything({
  maxDepth: 3,
  maxKeys: 5,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withSparseArray: true,
  withNullPrototype: true,
  withObjectString: true,
  stringUnit: anyUnit,
});

/** A value of any kind, weighted toward the ones that break parsers. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, undefined, true, false, [], {}, [[]], [null], Symbol("fuzz"), () => 1, 10n),
  hostileNumber,
  hostileString,
  nested,
  hugeArray,
  fc.constantFrom(withOwnProtoKey({}, PROTO_BAIT), { constructor: { prototype: PROTO_BAIT } }, { prototype: PROTO_BAIT }),
  anythingGoes,
  fc.jsonValue(),
);

/** Keys no request schema has (every contract key is a plain camelCase identifier). */
const unknownKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty", "", " ", char(0), "Text", "text ", "id\u202E"),
  fc.string({ unit: anyUnit, maxLength: 12 }).map((s) => "~" + s),
);

// ---------- mutations ----------

type Path = (string | number)[];

/** A payload made from a valid one; `mustBeInvalid` when the change alone makes any contract input invalid. */
export interface Mutant {
  label: string;
  payload: unknown;
  mustBeInvalid: boolean;
}

type Kind = "null" | "array" | "object" | "string" | "number" | "boolean" | "bigint" | "symbol" | "function" | "undefined";

function kindOf(v: unknown): Kind {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v as Kind;
}

function isContainer(v: unknown): v is Record<string | number, unknown> {
  return typeof v === "object" && v !== null;
}

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (!isContainer(value)) return [];
  return Object.keys(value).flatMap((k) => {
    const key = Array.isArray(value) ? Number(k) : k;
    const path = [...prefix, key];
    return [path, ...pathsOf((value as Record<string, unknown>)[k], path)];
  });
}

function getAt(value: unknown, path: Path): unknown {
  let v = value;
  for (const k of path) v = isContainer(v) ? (v as Record<string | number, unknown>)[k] : undefined;
  return v;
}

function copy(v: Record<string | number, unknown>): Record<string | number, unknown> {
  if (Array.isArray(v)) return [...v] as unknown as Record<number, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) Object.defineProperty(out, k, { value: v[k], enumerable: true, writable: true, configurable: true });
  return out;
}

/** The value with `edit` applied to the container at `path` (copied along the way; unchanged if absent). */
function editAt(value: unknown, path: Path, edit: (container: Record<string | number, unknown>) => void): unknown {
  if (!isContainer(value)) return value;
  const out = copy(value);
  if (path.length === 0) {
    edit(out);
    return out;
  }
  const [head, ...rest] = path as [string | number, ...Path];
  if (!Object.prototype.hasOwnProperty.call(out, head)) return out;
  const child = editAt(out[head], rest, edit);
  Object.defineProperty(out, head, { value: child, enumerable: true, writable: true, configurable: true });
  return out;
}

const setAt = (value: unknown, path: Path, next: unknown) =>
  editAt(value, path.slice(0, -1), (c) => Object.defineProperty(c, path.at(-1)!, { value: next, enumerable: true, writable: true, configurable: true }));

const dropAt = (value: unknown, path: Path) =>
  editAt(value, path.slice(0, -1), (c) => {
    if (Array.isArray(c)) c.splice(Number(path.at(-1)), 1);
    else delete c[path.at(-1)!];
  });

const show = (path: Path) => (path.length ? path.join(".") : "(root)");

function preview(v: unknown): string {
  if (typeof v === "string") return v.length > 40 ? `string(${v.length}) ${JSON.stringify(v.slice(0, 20))}…` : JSON.stringify(v);
  if (typeof v === "symbol" || typeof v === "function" || typeof v === "bigint") return String(v);
  if (Array.isArray(v) && v.length > 8) return `array(${v.length})`;
  try {
    const text = JSON.stringify(v) ?? String(v);
    return text.length > 60 ? text.slice(0, 60) + "…" : text;
  } catch {
    return Object.prototype.toString.call(v);
  }
}

interface Op {
  label: string;
  invalidating: boolean;
  apply(payload: unknown): unknown;
}

/** String edits: hostile characters spliced in, lengths at and past the limits, whitespace only, path tricks. */
function stringOp(path: Path, original: string): fc.Arbitrary<Op> {
  const at = (s: string, i: number, piece: string) => s.slice(0, i % (s.length + 1)) + piece + s.slice(i % (s.length + 1));
  const with_ = (label: string, next: string): Op => ({ label: `${show(path)}: ${label}`, invalidating: false, apply: (p) => setAt(p, path, next) });
  const seed = original || "a";
  return fc.oneof(
    fc.tuple(fc.constantFrom(...HOSTILE_CHARS), fc.nat()).map(([c, i]) => with_(`insert ${JSON.stringify(c)}`, at(original, i, c))),
    fc.tuple(fc.string({ unit: anyUnit, minLength: 1, maxLength: 8 }), fc.nat()).map(([s, i]) => with_(`insert ${JSON.stringify(s)}`, at(original, i, s))),
    fc.constantFrom(...LIMIT_LENGTHS).map((n) => with_(`length ${n}`, seed.repeat(Math.ceil(n / seed.length)).slice(0, n))),
    fc.constantFrom(" ", "\n\t", "\u00A0\u3000").map((ws) => with_("whitespace only", ws.repeat(3))),
    fc.constantFrom("../", "/", "..\\", "./", "%2e%2e/", "\u202E").map((pre) => with_(`prefix ${JSON.stringify(pre)}`, pre + original)),
    hostileString.map((s) => with_(`replace with ${preview(s)}`, s)),
  );
}

function opsFor(example: unknown): fc.Arbitrary<Op>[] {
  const paths = pathsOf(example);
  const objectPaths: Path[] = [[], ...paths.filter((p) => { const v = getAt(example, p); return isContainer(v) && !Array.isArray(v); })];
  const stringPaths = paths.filter((p) => typeof getAt(example, p) === "string");
  const ops: fc.Arbitrary<Op>[] = [
    fc.tuple(fc.constantFrom(...objectPaths), unknownKey, hostileValue).map(([path, key, value]) => ({
      label: `add unknown key ${JSON.stringify(key)} = ${preview(value)} at ${show(path)}`,
      invalidating: true,
      apply: (p: unknown) => editAt(p, path, (c) => Object.defineProperty(c, key, { value, enumerable: true, writable: true, configurable: true })),
    })),
    fc.constantFrom(...objectPaths).map((path) => ({
      label: `own "__proto__" key at ${show(path)}`,
      invalidating: true,
      apply: (p: unknown) => (path.length === 0 && isContainer(p) ? withOwnProtoKey(p as Record<string, unknown>, PROTO_BAIT) : editAt(p, path, (c) => Object.defineProperty(c, "__proto__", { value: PROTO_BAIT, enumerable: true, writable: true, configurable: true }))),
    })),
    fc.tuple(fc.constantFrom(...objectPaths), fc.constantFrom("constructor", "prototype")).map(([path, key]) => ({
      label: `"${key}" key at ${show(path)}`,
      invalidating: true,
      apply: (p: unknown) => editAt(p, path, (c) => Object.defineProperty(c, key, { value: { prototype: PROTO_BAIT, ...PROTO_BAIT }, enumerable: true, writable: true, configurable: true })),
    })),
  ];
  if (paths.length) {
    ops.push(
      fc.constantFrom(...paths).map((path) => ({ label: `drop ${show(path)}`, invalidating: false, apply: (p: unknown) => dropAt(p, path) })),
      fc.tuple(fc.constantFrom(...paths), hostileValue).map(([path, value]) => {
        const original = getAt(example, path);
        // Another kind of value than the one a valid payload has there is never valid (no contract field takes two kinds).
        const invalidating = value !== undefined && kindOf(value) !== kindOf(original);
        return { label: `${show(path)} := ${preview(value)}`, invalidating, apply: (p: unknown) => setAt(p, path, value) };
      }),
    );
  }
  for (const path of stringPaths) ops.push(stringOp(path, getAt(example, path) as string));
  return ops;
}

/** Whole-payload replacements: nothing, odd roots, the payload in an array, prototype tricks. */
function rootMutants(example: Record<string, unknown>): Mutant[] {
  const inherits = Object.create(example) as Record<string, unknown>;
  const bare = Object.assign(Object.create(null) as Record<string, unknown>, example);
  const mutant = (label: string, payload: unknown, mustBeInvalid: boolean): Mutant => ({ label, payload, mustBeInvalid });
  return [
    mutant("root null", null, false),
    mutant("root undefined", undefined, false),
    mutant("root array of the payload", [example], true),
    mutant("root empty array", [], true),
    mutant("root string", JSON.stringify(example), true),
    mutant("root number", 42, true),
    mutant("root NaN", NaN, true),
    mutant("root true", true, true),
    mutant("root bigint", 7n, true),
    mutant("root symbol", Symbol("root"), true),
    mutant("root function", () => example, true),
    mutant("root Map", new Map(Object.entries(example)), false),
    mutant("root Date", new Date(0), false),
    mutant("root deep array", deepArray(50_000), true),
    mutant("root deep object", deepObject(50_000), true),
    mutant("root huge array", Array.from({ length: 200_000 }, () => example), true),
    mutant("root null-prototype copy", bare, false),
    mutant("root inheriting the payload (no own keys)", inherits, false),
    mutant('root own "__proto__" key', withOwnProtoKey(example, PROTO_BAIT), true),
    mutant('root "constructor.prototype"', { ...example, constructor: { prototype: PROTO_BAIT } }, true),
  ];
}

/** Mutations of one valid payload: one change (often one that alone must be refused), a few changes, or another root. */
export function mutantsOf(example: Record<string, unknown>): fc.Arbitrary<Mutant> {
  const op = fc.oneof(...opsFor(example));
  return fc.oneof(
    { weight: 6, arbitrary: op.map((o) => ({ label: o.label, payload: o.apply(example), mustBeInvalid: o.invalidating })) },
    {
      weight: 2,
      arbitrary: fc.array(op, { minLength: 2, maxLength: 4 }).map((list) => ({
        label: list.map((o) => o.label).join(" + "),
        payload: list.reduce<unknown>((p, o) => o.apply(p), example),
        mustBeInvalid: false,
      })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...rootMutants(example)) },
  );
}

/** A root of any shape for any method, as a careless or hostile client could send. */
export const randomRoot: fc.Arbitrary<unknown> = fc.oneof(
  anythingGoes,
  fc.jsonValue(),
  fc.dictionary(unknownKey, hostileValue, { maxKeys: 4 }),
  fc.constantFrom<unknown>(null, undefined, {}, [], "", 0, NaN, withOwnProtoKey({}, PROTO_BAIT)),
);

export { preview };
