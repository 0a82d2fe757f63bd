import { tool } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { sanitizeSchema, stripOptionalNulls, toChatModelFunctions, toToolDefinitions } from "../../src/engine/inference/toolSchema";

describe("sanitizeSchema", () => {
  it("rewrites anyOf to oneOf and drops keywords the grammar generator does not know", () => {
    const out = sanitizeSchema({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: {
        when: { anyOf: [{ type: "string", pattern: "^\\d+$", default: "1" }, { type: "number", minimum: 0, maximum: 5 }] },
      },
      required: ["when"],
      additionalProperties: false,
    });
    expect(out).toEqual({
      type: "object",
      properties: { when: { oneOf: [{ type: "string" }, { type: "number" }] } },
      required: ["when"],
    });
    expect(JSON.stringify(out)).not.toMatch(/\$schema|pattern|default|minimum|maximum|anyOf/);
  });

  it("makes optional properties nullable, because the grammar always writes every property", () => {
    const out = sanitizeSchema({
      type: "object",
      properties: { a: { type: "string" }, b: { type: "integer" }, c: { type: ["string", "null"] } },
      required: ["a"],
    }) as unknown as { properties: Record<string, unknown>; required: string[] };
    expect(out.properties.a).toEqual({ type: "string" });
    expect(out.properties.b).toEqual({ oneOf: [{ type: "integer" }, { type: "null" }] });
    // Already nullable: left alone (a string/null union becomes oneOf because strings keep their own shape).
    expect(JSON.stringify(out.properties.c)).toContain("null");
    expect(out.required).toEqual(["a", "b", "c"]);
  });

  it("moves definitions to $defs and rewrites their references", () => {
    const out = sanitizeSchema({
      type: "object",
      properties: { item: { $ref: "#/definitions/Item" } },
      required: ["item"],
      definitions: { Item: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] } },
    }) as Record<string, unknown>;
    expect(out.properties).toEqual({ item: { $ref: "#/$defs/Item" } });
    expect(out.$defs).toEqual({ Item: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] } });
  });

  it("turns unconstrained schemas into any-JSON instead of the generator's silent null", () => {
    const out = sanitizeSchema({ type: "object", properties: { data: {} }, required: ["data"] }) as unknown as {
      properties: { data: { oneOf: unknown[] } };
    };
    expect(out.properties.data.oneOf.length).toBeGreaterThan(1);
    expect(sanitizeSchema({ type: "object" })).toMatchObject({ additionalProperties: true });
  });

  it("keeps enums, consts, supported string formats and length limits", () => {
    expect(sanitizeSchema({ type: "string", enum: ["a", "b"] })).toEqual({ enum: ["a", "b"] });
    expect(sanitizeSchema({ const: 3 })).toEqual({ const: 3 });
    expect(sanitizeSchema({ type: "string", format: "date" })).toEqual({ type: "string", format: "date" });
    expect(sanitizeSchema({ type: "string", format: "email", maxLength: 9 })).toEqual({ type: "string", maxLength: 9 });
    expect(sanitizeSchema({ type: "integer", nullable: true })).toEqual({ type: ["integer", "null"] });
  });
});

describe("tool definitions", () => {
  const lookup = tool(async () => "", {
    name: "lookup_visit",
    description: "Find a visit",
    schema: z.object({
      kind: z.enum(["checkup", "followup"]),
      limit: z.number().int().min(1).max(5).optional(),
      tags: z.array(z.string()).optional(),
      detail: z.union([z.string(), z.object({ note: z.string() })]),
    }),
  });

  it("converts a zod tool into a grammar-safe function definition", () => {
    const [def] = toToolDefinitions([lookup]);
    expect(def!.name).toBe("lookup_visit");
    expect(def!.description).toBe("Find a visit");
    const text = JSON.stringify(def!.params);
    expect(text).not.toMatch(/anyOf|\$schema|minimum|maximum/);
    expect(text).toContain('"oneOf"');
    const functions = toChatModelFunctions([def!]);
    expect(Object.keys(functions)).toEqual(["lookup_visit"]);
  });

  it("rejects two tools with the same name", () => {
    expect(() => toToolDefinitions([lookup, lookup])).toThrow(/unique/);
  });

  it("strips placeholder nulls of optional properties so zod accepts the arguments", () => {
    const [def] = toToolDefinitions([lookup]);
    const args = stripOptionalNulls({ kind: "checkup", limit: null, tags: null, detail: "x" }, def!.schema);
    expect(args).toEqual({ kind: "checkup", detail: "x" });
    expect(lookup.schema.safeParse(args).success).toBe(true);
  });
});
