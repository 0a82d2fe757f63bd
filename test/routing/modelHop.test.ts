/**
 * The model step of hop 1, driven by the scripted chat model: asked only when the deterministic
 * classifier is unsure, always with a forced tool call over an enum of visible agent ids, and never
 * trusted beyond that enum.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { SystemMessage } from "@langchain/core/messages";
import { FtsCatalog } from "../../src/engine/catalog";
import { loadContent, type ContentSet } from "../../src/engine/content";
import type { ModelProvider } from "../../src/engine/inference/types";
import { createRouter, createRouting, MODEL_CONFIDENCE, ROUTER_MODEL_KEY, ROUTER_TOOL_NAME, routerTool } from "../../src/engine/routing";
import { openDatabase, type Db } from "../../src/engine/storage/database";
import { scriptedProvider, type Script } from "../support/scriptedChatModel";
import { copyContent, hideAgent, repoContent } from "../catalog/contentCopy";

const UNSURE = "I spend too much time on my phone before bed and want to cut back";
const GIBBERISH = "qwerty asdf";
const CLEAR = "my cardiologist wants an echo but insurance needs prior approval";

describe("model fallback in hop 1", () => {
  let db: Db;
  let catalog: FtsCatalog;
  let content: ContentSet;
  beforeAll(() => {
    db = openDatabase(":memory:");
    content = repoContent();
    catalog = FtsCatalog.open(db, content);
  });
  afterAll(() => db.close());
  afterEach(() => vi.restoreAllMocks());

  const withModel = (script: Script, extra: { modelTimeoutMs?: number } = {}) => {
    const provider = scriptedProvider(script);
    const bindTools = vi.spyOn(provider.model, "bindTools");
    const routing = createRouting({ catalog, content, modelProvider: provider, ...extra });
    return { provider, bindTools, routing };
  };

  it("asks the model with a forced tool call when confidence is low, and follows a valid answer", async () => {
    const { provider, bindTools, routing } = withModel([{ toolCalls: [{ name: ROUTER_TOOL_NAME, args: { agent: "habit-companion" } }] }]);
    expect(routing.route(UNSURE).plan.confidence).toBeLessThan(0.5);

    const d = await routing.decide(UNSURE);
    expect(provider.model.calls).toHaveLength(1);
    expect(provider.keys).toEqual([ROUTER_MODEL_KEY]);
    // Forced: one tool, tool_choice naming it, its only parameter an enum of the visible agents.
    expect(bindTools).toHaveBeenCalledTimes(1);
    // The scripted model declares only the tools parameter; the router passes kwargs too.
    const [tools, kwargs] = bindTools.mock.calls[0] as unknown as [unknown[], unknown];
    expect(kwargs).toEqual({ tool_choice: ROUTER_TOOL_NAME });
    expect(tools).toEqual([routerTool(routing.options)]);
    const schema = (tools[0] as ReturnType<typeof routerTool>).function.parameters;
    expect(schema.required).toEqual(["agent"]);
    expect(schema.properties.agent.enum).toEqual(content.agents.map((a) => a.id));
    // The prompt lists every guide and carries the user's message.
    const [system, human] = provider.model.calls[0]!.messages;
    expect(String((system as SystemMessage).content)).toContain("- habit-companion: Habit Companion.");
    expect(String(human!.content)).toBe(UNSURE);

    expect(d.model).toBe("chosen");
    expect(d.plan).toMatchObject({ agents: ["habit-companion"], topology: "single", tasks: [{ agent: "habit-companion", dependsOn: [] }] });
    expect(d.plan.confidence).toBeGreaterThanOrEqual(MODEL_CONFIDENCE);
    expect(d.plan.why).toBe("Chosen with help from the local model. The Habit Companion fits your message best.");
  });

  it("makes no model call when hop 1 is confident", async () => {
    const { provider, routing } = withModel([]);
    const d = await routing.decide(CLEAR);
    expect(provider.model.calls).toHaveLength(0);
    expect(d.model).toBe("not-needed");
    expect(d.plan.agents).toEqual(["cardiology-guide", "prior-auth-navigator"]);
  });

  it("falls back safely when the model names an agent that does not exist", async () => {
    const { provider, routing } = withModel([{ toolCalls: [{ name: ROUTER_TOOL_NAME, args: { agent: "dr-house-diagnostics" } }] }]);
    const d = await routing.decide(GIBBERISH);
    expect(provider.model.calls).toHaveLength(1);
    expect(d.model).toBe("invalid");
    expect(d.plan).toEqual(routing.route(GIBBERISH).plan);
    expect(d.plan.agents).toEqual(["visit-steward"]);
  });

  it.each<[string, Script]>([
    ["a text reply instead of a tool call", [{ text: "You should see the heart guide." }]],
    ["a call to another tool", [{ toolCalls: [{ name: "delegate_to_agent", args: { agent: "cardiology-guide" } }] }]],
    ["a non-string argument", [{ toolCalls: [{ name: ROUTER_TOOL_NAME, args: { agent: ["cardiology-guide"] } }] }]],
    ["a missing argument", [{ toolCalls: [{ name: ROUTER_TOOL_NAME, args: {} }] }]],
    ["an error", [{ error: "model crashed" }]],
  ])("falls back to the deterministic plan on %s", async (_label, script) => {
    const { routing } = withModel(script);
    const d = await routing.decide(UNSURE);
    expect(["no-call", "invalid", "error"]).toContain(d.model);
    expect(d.plan).toEqual(routing.route(UNSURE).plan);
  });

  it("gives up on a model that takes too long", async () => {
    const { routing } = withModel([{ text: "thinking...", delayMs: 5_000 }], { modelTimeoutMs: 50 });
    const started = performance.now();
    const d = await routing.decide(GIBBERISH);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(d.model).toBe("error");
    expect(d.plan.agents).toEqual(["visit-steward"]);
  });

  it("does not ask a provider that describes no configured model", async () => {
    const getChatModel = vi.fn();
    const none: ModelProvider = { describe: () => null, getChatModel };
    const routing = createRouting({ catalog, content, modelProvider: none });
    const d = await routing.decide(GIBBERISH);
    expect(getChatModel).not.toHaveBeenCalled();
    expect(d.model).toBe("not-configured");
  });

  it("respects a custom threshold", async () => {
    const provider = scriptedProvider([{ toolCalls: [{ name: ROUTER_TOOL_NAME, args: { agent: "vascular-guide" } }] }]);
    const text = "my legs hurt when I walk a block and the pain goes away when I rest";
    const lenient = createRouting({ catalog, content, modelProvider: provider, threshold: 0 });
    expect((await lenient.decide(text)).model).toBe("not-needed");
    const strict = createRouting({ catalog, content, modelProvider: provider, threshold: 0.99 });
    const d = await strict.decide(text);
    expect(provider.model.calls).toHaveLength(1);
    expect(d.plan.agents[0]).toBe("vascular-guide");
  });

  it("is a lifecycle Router: (text, context) → Plan", async () => {
    const router = createRouter({ catalog, content });
    const plan = await router("my kidney numbers dropped", null);
    expect(plan).toMatchObject({ agents: ["nephrology-guide"], topology: "single" });
  });
});

describe("model fallback with hidden agents", () => {
  it("never offers a hidden agent to the model and rejects it if named anyway", async () => {
    const copy = copyContent();
    try {
      hideAgent(copy.dir, "habit-companion");
      const content = loadContent(copy.dir);
      const db = openDatabase(":memory:");
      const provider = scriptedProvider([{ toolCalls: [{ name: ROUTER_TOOL_NAME, args: { agent: "habit-companion" } }] }]);
      const bindTools = vi.spyOn(provider.model, "bindTools");
      const routing = createRouting({ catalog: FtsCatalog.open(db, content), content, modelProvider: provider });
      const d = await routing.decide(UNSURE);
      const tool = bindTools.mock.calls[0]![0][0] as ReturnType<typeof routerTool>;
      expect(tool.function.parameters.properties.agent.enum).not.toContain("habit-companion");
      expect(tool.function.parameters.properties.agent.enum).toHaveLength(22);
      expect(d.model).toBe("invalid");
      expect(d.plan.agents).not.toContain("habit-companion");
      db.close();
    } finally {
      copy.cleanup();
    }
  });
});
