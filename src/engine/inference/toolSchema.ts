/**
 * LangChain tools → node-llama-cpp function definitions. The JSON schemas LangChain produces (from zod or
 * plain JSON schema) use keywords the GBNF grammar generator does not understand, and it silently turns an
 * unknown shape into `null`. So we rewrite: `anyOf` → `oneOf`, `definitions` → `$defs`, drop unsupported
 * keywords (`$schema`, `pattern`, `default`, `minimum`, …), and make optional properties nullable because the
 * grammar always emits every listed property (nulls are stripped again from the parsed arguments).
 */
import type { BindToolsInput } from "@langchain/core/language_models/chat_models";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import type { ChatModelFunctions, GbnfJsonSchema } from "node-llama-cpp";

export interface ToolDefinition {
  name: string;
  description?: string;
  /** The tool's original JSON schema (used to strip placeholder nulls from arguments). */
  schema: JsonSchema | undefined;
  /** The grammar-safe schema. */
  params: GbnfJsonSchema | undefined;
}

// JSON schema objects arrive untyped from LangChain; this module is where they are made safe.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonSchema = Record<string, any> | boolean;

type Schema = Record<string, unknown>;
const IMMUTABLE_TYPES = new Set(["string", "number", "integer", "boolean", "null"]);
const STRING_FORMATS = new Set(["date-time", "time", "date"]);
const NULL_SCHEMA: Schema = { type: "null" };
/** What an unconstrained schema (`{}` or `true`) becomes: any JSON value. */
const ANY_SCHEMA: Schema = {
  oneOf: [
    { type: ["string", "number", "boolean", "null"] },
    { type: "object", additionalProperties: true },
    { type: "array", items: { type: ["string", "number", "boolean", "null"] } },
  ],
};

const isObject = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);

function withDescription(out: Schema, source: Schema): Schema {
  return typeof source.description === "string" && out.description === undefined && !("$ref" in out)
    ? { ...out, description: source.description }
    : out;
}

function allowsNull(schema: Schema): boolean {
  if (schema.type === "null") return true;
  if (Array.isArray(schema.type) && schema.type.includes("null")) return true;
  if (Array.isArray(schema.oneOf)) return schema.oneOf.some((s) => isObject(s) && allowsNull(s));
  if (Array.isArray(schema.enum)) return schema.enum.includes(null);
  return "const" in schema && schema.const === null;
}

function rewriteRef(ref: string): string | null {
  if (ref.startsWith("#/$defs/")) return ref;
  if (ref.startsWith("#/definitions/")) return `#/$defs/${ref.slice("#/definitions/".length)}`;
  return null; // e.g. "#" (recursive root): not expressible, falls back to any JSON
}

function sanitizeDefs(node: Schema): Schema | undefined {
  const defs = { ...(isObject(node.definitions) ? node.definitions : {}), ...(isObject(node.$defs) ? node.$defs : {}) };
  const names = Object.keys(defs);
  if (names.length === 0) return undefined;
  return Object.fromEntries(names.map((name) => [name, sanitizeSchema(defs[name] as JsonSchema)]));
}

function sanitizeObject(node: Schema): Schema {
  const properties = isObject(node.properties) ? node.properties : {};
  const required = new Set(Array.isArray(node.required) ? node.required.filter((k) => typeof k === "string") : []);
  const outProps: Schema = {};
  for (const [key, value] of Object.entries(properties)) {
    const clean = sanitizeSchema(value as JsonSchema);
    outProps[key] = required.has(key) || allowsNull(clean) ? clean : { oneOf: [clean, NULL_SCHEMA] };
  }
  const out: Schema = { type: "object", properties: outProps };
  const additional = node.additionalProperties;
  if (isObject(additional)) out.additionalProperties = sanitizeSchema(additional);
  else if (additional === true || (additional === undefined && Object.keys(outProps).length === 0)) {
    // A free-form object (e.g. a record) — otherwise the grammar would only allow `{}`.
    out.additionalProperties = true;
  }
  if (typeof node.minProperties === "number") out.minProperties = node.minProperties;
  if (typeof node.maxProperties === "number") out.maxProperties = node.maxProperties;
  out.required = Object.keys(outProps);
  return out;
}

function sanitizeArray(node: Schema): Schema {
  const out: Schema = { type: "array" };
  if (Array.isArray(node.items)) out.prefixItems = node.items.map((s) => sanitizeSchema(s as JsonSchema));
  else if (node.items !== undefined) out.items = sanitizeSchema(node.items as JsonSchema);
  if (Array.isArray(node.prefixItems)) out.prefixItems = node.prefixItems.map((s) => sanitizeSchema(s as JsonSchema));
  if (out.items === undefined && out.prefixItems === undefined) out.items = ANY_SCHEMA;
  if (typeof node.minItems === "number") out.minItems = node.minItems;
  if (typeof node.maxItems === "number") out.maxItems = node.maxItems;
  return out;
}

function sanitizeString(node: Schema): Schema {
  if (typeof node.format === "string" && STRING_FORMATS.has(node.format)) return { type: "string", format: node.format };
  const out: Schema = { type: "string" };
  if (typeof node.minLength === "number") out.minLength = node.minLength;
  if (typeof node.maxLength === "number") out.maxLength = node.maxLength;
  return out;
}

function sanitizeTyped(node: Schema, type: string): Schema {
  switch (type) {
    case "object":
      return sanitizeObject(node);
    case "array":
      return sanitizeArray(node);
    case "string":
      return sanitizeString(node);
    default:
      return { type: IMMUTABLE_TYPES.has(type) ? type : "null" };
  }
}

function inferTypes(node: Schema): string[] {
  const types = Array.isArray(node.type) ? node.type.filter((t): t is string => typeof t === "string") : [];
  if (typeof node.type === "string") types.push(node.type);
  if (types.length === 0) {
    if (isObject(node.properties) || node.additionalProperties !== undefined) types.push("object");
    else if (node.items !== undefined || node.prefixItems !== undefined) types.push("array");
  }
  if (node.nullable === true && !types.includes("null")) types.push("null");
  return types;
}

/** Rewrites one JSON schema (recursively) into the subset node-llama-cpp's grammar generator supports. */
export function sanitizeSchema(schema: JsonSchema): GbnfJsonSchema {
  return sanitizeNode(schema) as GbnfJsonSchema;
}

function sanitizeNode(schema: JsonSchema): Schema {
  if (schema === true || schema === undefined) return ANY_SCHEMA;
  if (schema === false) return NULL_SCHEMA;
  const node = schema as Schema;
  let out: Schema;

  if (typeof node.$ref === "string") {
    const ref = rewriteRef(node.$ref);
    out = ref ? { $ref: ref } : ANY_SCHEMA;
  } else if ("const" in node) {
    out = { const: node.const };
  } else if (Array.isArray(node.enum)) {
    const values = node.enum.filter((v) => v === null || ["string", "number", "boolean"].includes(typeof v));
    out = values.length > 0 ? { enum: values } : ANY_SCHEMA;
  } else if (Array.isArray(node.anyOf) || Array.isArray(node.oneOf)) {
    const alternatives = ((node.anyOf ?? node.oneOf) as JsonSchema[]).map(sanitizeNode);
    out = alternatives.length === 1 ? alternatives[0]! : { oneOf: alternatives };
    if (node.nullable === true && !allowsNull(out)) out = { oneOf: [out, NULL_SCHEMA] };
  } else if (Array.isArray(node.allOf) && node.allOf.length > 0) {
    // Only the common "wrapper" use is supported: merge the parts into one schema.
    const { allOf, ...rest } = node;
    const merged = (allOf as JsonSchema[]).reduce<Schema>(
      (acc, part) => (isObject(part) ? { ...acc, ...part } : acc),
      rest,
    );
    out = sanitizeNode(merged);
  } else {
    const types = inferTypes(node);
    if (types.length === 0) out = ANY_SCHEMA;
    else if (types.length === 1) out = sanitizeTyped(node, types[0]!);
    else if (types.every((t) => IMMUTABLE_TYPES.has(t) && t !== "string")) out = { type: types };
    else out = { oneOf: types.map((t) => sanitizeTyped(node, t)) };
  }

  const defs = sanitizeDefs(node);
  if (defs) out = { ...out, $defs: defs };
  return withDescription(out, node);
}

/** Converts LangChain tool inputs to named definitions with grammar-safe parameter schemas. */
export function toToolDefinitions(tools: readonly BindToolsInput[]): ToolDefinition[] {
  const seen = new Set<string>();
  return tools.map((tool) => {
    const { function: fn } = convertToOpenAITool(tool);
    if (seen.has(fn.name)) throw new Error(`Two tools are named "${fn.name}"; tool names must be unique.`);
    seen.add(fn.name);
    const schema = fn.parameters as JsonSchema | undefined;
    const params = schema === undefined ? undefined : sanitizeSchema(schema);
    return { name: fn.name, description: fn.description, schema, params };
  });
}

export function toChatModelFunctions(definitions: readonly ToolDefinition[]): ChatModelFunctions {
  return Object.fromEntries(
    definitions.map((d) => [d.name, { description: d.description, params: d.params ?? undefined }]),
  );
}

/** Removes the `null` placeholders the grammar emitted for optional properties the schema does not make nullable. */
export function stripOptionalNulls(value: unknown, schema: JsonSchema | undefined): unknown {
  if (!isObject(value) || !isObject(schema) || !isObject(schema.properties)) return value;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const out: Schema = {};
  for (const [key, item] of Object.entries(value)) {
    const propSchema = schema.properties[key] as JsonSchema | undefined;
    if (item === null && !required.has(key) && !(isObject(propSchema) && allowsNull(sanitizeNode(propSchema)))) continue;
    out[key] = stripOptionalNulls(item, propSchema);
  }
  return out;
}
