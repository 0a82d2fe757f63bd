/**
 * ClinicalSafety: the safety contract enforced inside the agent loop, on every model call and tool
 * call — not just displayed in prompts.
 * - Tool calls must be in the closed registry AND declared by the agent AND by one of its loaded
 *   skills (SKILL.md metadata.tools; `allowed-tools` is display-only in deepagents).
 * - The refusal gate runs on model output and on tool arguments before anything executes.
 * - Personal identifiers in tool arguments are masked unless the tool works on the user's own data.
 * - The specialist's risk class is raised to the highest of its skills.
 */
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { createMiddleware, MiddlewareError, ToolInvocationError } from "langchain";
import { z } from "zod";
import type { AuditSink } from "../../audit/auditLog";
import { KNOWN_RUNTIME_TOOLS, RISK_ORDER } from "../../content";
import type { CheckAnswer, CheckRefusal, SanitizePii } from "../../safety/index";
import type { CatalogSkill } from "./carefoldSkills";

export interface ClinicalSafetyOptions {
  agentId: string;
  threadId: string;
  /** Registry tools the agent declares (agent.yaml). */
  agentTools: readonly string[];
  /** Runtime file tools granted to this specialist (read_file, …). */
  fileTools: readonly string[];
  /** Fallback when state has no skills metadata yet: the tools each declared skill allows. */
  skillTools: Record<string, readonly string[]>;
  language: "en" | "es";
  /** The agent's risk class from content, used until deepagents has loaded the skills metadata. */
  fallbackRisk: string;
  /** Rules on tool-call arguments. */
  checkRefusal: CheckRefusal;
  /** The output guard on the model's prose (the same decision streaming made). */
  checkAnswer: CheckAnswer;
  sanitizePii: SanitizePii;
  audit: AuditSink;
  /** Writes real folders as their virtual paths in tool results (CarefoldBackend.toVirtual). */
  toVirtual?: (text: string) => string;
}

/** Tools whose arguments are the user's own records by design (PII stays). */
const OWN_DATA_TOOLS = new Set(["workspace-note", "note-read", "attach-read", "sanitize_pii", "extract_structured_data", "read_file", "write_file", "edit_file"]);

/**
 * A tool name as the audit may record it. The name comes from the model: one the app does not know
 * could carry what the user or the model wrote (an SSN, a sentence), and one longer than the audit's
 * limit would make the record itself fail. Only known names are kept; any other is recorded as this.
 */
export const UNLISTED_TOOL = "unlisted";
export function auditToolName(name: string, known: ReadonlySet<string>): string {
  return known.has(name) ? name : UNLISTED_TOOL;
}

/** A tool's own failure (bad arguments, a thrown error) under any middleware's wrapping, or null. */
function toolFailureOf(err: unknown): ToolInvocationError | null {
  let e = err;
  while (MiddlewareError.isInstance(e)) e = (e as Error).cause;
  return ToolInvocationError.isInstance(e) ? e : null;
}

/**
 * The text of a tool call's arguments as the refusal rules must read it: each string value on its own
 * (a note's content is prose), then the whole call. Read only as JSON, `{"content":"Take 800 mg…"}`
 * hides the sentence from rules that look for how a sentence starts.
 */
export function argumentTexts(args: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, depth: number) => {
    if (typeof v === "string") out.push(v);
    else if (depth < 8 && Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (depth < 8 && v && typeof v === "object") for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(args, 0);
  out.push(JSON.stringify(args ?? {}));
  return out;
}

export function allowedTools(options: ClinicalSafetyOptions, skills: readonly CatalogSkill[]): Set<string> {
  const fromSkills = new Set<string>();
  if (skills.length) {
    for (const s of skills) for (const t of (s.metadata?.tools ?? "").split(/\s+/).filter(Boolean)) fromSkills.add(t);
  } else {
    for (const tools of Object.values(options.skillTools)) for (const t of tools) fromSkills.add(t);
  }
  const allowed = new Set(options.fileTools);
  for (const t of options.agentTools) if (fromSkills.has(t)) allowed.add(t);
  return allowed;
}

export function highestRiskOf(skills: readonly CatalogSkill[]): string {
  let best = "wellness";
  for (const s of skills) {
    const r = s.metadata?.risk_class ?? "wellness";
    if ((RISK_ORDER as readonly string[]).indexOf(r) > (RISK_ORDER as readonly string[]).indexOf(best)) best = r;
  }
  return best;
}

function textOf(message: BaseMessage): string {
  const c = message.content;
  if (typeof c === "string") return c;
  return c.map((p) => (typeof p === "string" ? p : "text" in p && typeof p.text === "string" ? p.text : "")).join("");
}

function maskArgs(args: Record<string, unknown>, mask: (s: string) => string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, typeof v === "string" ? mask(v) : v]));
}

export function createClinicalSafetyMiddleware(options: ClinicalSafetyOptions) {
  /** A tool result as the model sees it: no real folder paths (an error from the file system names them). */
  const withVirtualPaths = <T>(result: T): T => {
    const scrub = options.toVirtual;
    if (!scrub || !ToolMessage.isInstance(result)) return result;
    const content =
      typeof result.content === "string"
        ? scrub(result.content)
        : result.content.map((b) => (typeof b === "object" && b !== null && "text" in b && typeof b.text === "string" ? { ...b, text: scrub(b.text) } : b));
    if (JSON.stringify(content) === JSON.stringify(result.content)) return result;
    return new ToolMessage({ content, tool_call_id: result.tool_call_id, status: result.status, name: result.name, id: result.id, artifact: result.artifact }) as T;
  };
  /**
   * Runs the tool; a tool's own failure comes back to the model as a short error with virtual paths.
   * The library's message would carry the thrown error's stack: the app's install folder and source
   * files. Anything else (an interrupt, an audit write failure) goes on as before.
   */
  const runTool = async <T>(call: { name: string; id?: string }, run: () => T | Promise<T>): Promise<T | ToolMessage> => {
    try {
      return withVirtualPaths(await run());
    } catch (err) {
      const failure = toolFailureOf(err);
      if (!failure) throw err;
      const reason = (options.toVirtual ?? ((t: string) => t))(failure.toolError.message);
      return new ToolMessage({ content: `The ${call.name} step failed: ${reason}\nFix the arguments and try again.`, tool_call_id: call.id ?? "", name: call.name, status: "error" });
    }
  };
  /** The first refusal any of a call's argument texts gets, or null. */
  const refusalInArguments = (args: unknown) => {
    for (const text of argumentTexts(args)) {
      const r = options.checkRefusal(text, { direction: "output", language: options.language });
      if (r.refuse) return r;
    }
    return null;
  };
  const skillsOf = (state: unknown) => ((state as { skillsMetadata?: CatalogSkill[] } | undefined)?.skillsMetadata ?? []) as CatalogSkill[];
  // deepagents' own tools (execute, task, the file tools) are named too: a call to one is worth seeing.
  const known = new Set<string>([...KNOWN_RUNTIME_TOOLS, "execute", ...options.fileTools, ...options.agentTools]);
  const deny = (tool: string, rule: string) =>
    options.audit.record({ event: "tool", thread: options.threadId, agents: [options.agentId], tool: auditToolName(tool, known), decision: "denied", rule });

  return createMiddleware({
    name: "ClinicalSafetyMiddleware",
    stateSchema: z.object({ carefoldRiskClass: z.string().optional() }),
    beforeModel(state) {
      const loaded = skillsOf(state);
      const risk = loaded.length ? highestRiskOf(loaded) : options.fallbackRisk;
      return (state as { carefoldRiskClass?: string }).carefoldRiskClass === risk ? undefined : { carefoldRiskClass: risk };
    },
    async wrapModelCall(request, handler) {
      const response = await handler(request);
      const message = response as unknown as AIMessage;
      if (!(message instanceof AIMessage)) return response;
      const refusal = options.checkAnswer(textOf(message), options.language);
      const allowed = allowedTools(options, skillsOf(request.state));
      const unsafeCalls = (message.tool_calls ?? []).filter(
        (c) => !allowed.has(c.name) || refusalInArguments(c.args) !== null,
      );
      if (!refusal.refuse && unsafeCalls.length === 0) return response;
      if (refusal.refuse) {
        options.audit.record({ event: "refuse", thread: options.threadId, agents: [options.agentId], decision: refusal.category, rule: refusal.rule, detail: { direction: "output" } });
        // Replace the whole turn: unsafe text is never shown, and its tool calls never run.
        return new AIMessage({ id: message.id, content: refusal.message ?? "" }) as unknown as typeof response;
      }
      for (const c of unsafeCalls) deny(c.name, allowed.has(c.name) ? "refusal_in_arguments" : "tool_not_allowed");
      const kept = (message.tool_calls ?? []).filter((c) => !unsafeCalls.includes(c));
      const note = unsafeCalls.map((c) => `(The ${c.name} step was blocked by Carefold's safety rules.)`).join(" ");
      return new AIMessage({ id: message.id, content: [textOf(message), note].filter(Boolean).join("\n"), tool_calls: kept }) as unknown as typeof response;
    },
    async wrapToolCall(request, handler) {
      const call = request.toolCall;
      const allowed = allowedTools(options, skillsOf(request.state));
      if (!allowed.has(call.name)) {
        deny(call.name, "tool_not_allowed");
        return new ToolMessage({ content: `The ${call.name} tool is not available to this specialist.`, tool_call_id: call.id ?? "", status: "error" });
      }
      const args = (call.args ?? {}) as Record<string, unknown>;
      const refusal = refusalInArguments(args);
      if (refusal) {
        deny(call.name, refusal.rule ?? "refusal_in_arguments");
        return new ToolMessage({ content: refusal.message ?? "Blocked by Carefold's safety rules.", tool_call_id: call.id ?? "", status: "error" });
      }
      if (OWN_DATA_TOOLS.has(call.name)) return runTool(call, () => handler(request));
      let found = 0;
      const masked = maskArgs(args, (s) => {
        const r = options.sanitizePii(s);
        found += r.findings.reduce((n, f) => n + f.count, 0);
        return r.text;
      });
      if (found > 0) {
        options.audit.record({ event: "tool", thread: options.threadId, agents: [options.agentId], tool: call.name, decision: "pii_masked", detail: { identifiers: found } });
      }
      return runTool(call, () => handler(found > 0 ? { ...request, toolCall: { ...call, args: masked } } : request));
    },
  });
}
