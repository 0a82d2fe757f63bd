/**
 * Turns agents/<id>/ into a Deep Agent: persona + the profile's safety suffix as the system prompt,
 * the model from the ModelProvider, the Carefold backend (/skills/ read-only, /workspace/), only the
 * tools the specialist needs, and the middleware stack in ADR-0003 order:
 * CarefoldSkills → Filesystem → SubAgents → Summarization → PatchToolCalls → LoopGuard → ClinicalSafety → Audit →
 * (one change per turn) → Orchestrator → Memory → HumanInTheLoop.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { createDeepAgent, createFilesystemMiddleware, createSummarizationMiddleware, type FilesystemPermission } from "deepagents";
import type { AuditSink } from "../audit/auditLog";
import type { AgentDef, ContentSet } from "../content";
import type { CheckAnswer, CheckRefusal, SanitizePii } from "../safety/index";
import { createAuditMiddleware } from "./middleware/audit";
import { createCarefoldSkillsMiddleware, type MainSkill } from "./middleware/carefoldSkills";
import { createClinicalSafetyMiddleware } from "./middleware/clinicalSafety";
import { createLoopGuardMiddleware, turnLimitsOf } from "./middleware/loopGuard";
import { createNoSubagentsMiddleware } from "./middleware/noSubagents";
import { createOneChangeAtATimeMiddleware } from "./middleware/oneChangeAtATime";
import { unwrapMarkdown } from "./promptText";
import { createOrchestratorMiddleware, type Briefing } from "./middleware/orchestrator";
import { createWorkspaceMemoryMiddleware } from "./middleware/workspaceMemory";
import type { ToolContext } from "./tools/context";
import { REGISTRY_TOOL_FACTORIES } from "./tools/registryTools";
import { SKILLS_MOUNT, WORKSPACE_MOUNT, type CarefoldBackend } from "./workspaceBackend";

/** Tool calls that change the user's files wait for the user's approval. */
export const INTERRUPT_ON = { write_file: true, edit_file: true, delete: true, "workspace-note": true } as const;
/** The only built-in file tool specialists need: progressive disclosure reads skills and references. */
export const DEFAULT_FILE_TOOLS = ["read_file"] as const;
export const MEMORY_FILE = `${WORKSPACE_MOUNT}AGENTS.md`;
/** The library's read_file description is written for coding agents (~300 tokens); this is what a specialist needs. */
export const READ_FILE_DESCRIPTION =
  "Read a skill or reference file by its full path, e.g. /skills/<skill>/SKILL.md. Pass limit=300 to read a whole SKILL.md; use offset to continue a long file.";

/** The safety folder's ports a specialist's middleware needs. */
export interface SafetyFunctions {
  /** Rules on tool-call arguments. */
  checkRefusal: CheckRefusal;
  /** The output guard on the model's prose. */
  checkAnswer: CheckAnswer;
  sanitizePii: SanitizePii;
}

export interface SpecialistDeps {
  content: ContentSet;
  backend: CarefoldBackend;
  checkpointer: BaseCheckpointSaver;
  safety: SafetyFunctions;
  audit: AuditSink;
}

export interface SpecialistRun {
  /** The consult thread (audit). */
  threadId: string;
  language: "en" | "es";
  briefing: Briefing | null;
  toolContext: ToolContext;
  /** Context window the model was configured with; summarization triggers at ~65 % of it. */
  contextTokens: number;
  /** Extra built-in file tools (tests exercise write_file/edit_file approvals with them). */
  fileTools?: readonly string[];
}

export function systemPromptFor(agent: AgentDef, content: ContentSet): string {
  return unwrapMarkdown(`${agent.persona}\n\n${content.profile?.systemPromptSuffix ?? ""}`);
}

/** The agent's first skill, as its prompt carries it (see carefoldSkills.ts). */
export function mainSkillOf(id: string | undefined, content: ContentSet): MainSkill | undefined {
  const skill = id ? content.skills.find((s) => s.id === id) : undefined;
  return skill ? { name: skill.id, body: unwrapMarkdown(skill.body) } : undefined;
}

export function permissionsFor(skillIds: readonly string[]): FilesystemPermission[] {
  return [
    { operations: ["write"], paths: [`${SKILLS_MOUNT}**`], mode: "deny" },
    ...skillIds.map((id) => ({ operations: ["read"], paths: [`${SKILLS_MOUNT}${id}/**`], mode: "allow" }) as FilesystemPermission),
    { operations: ["read"], paths: [`${SKILLS_MOUNT}**`], mode: "deny" },
    { operations: ["read", "write"], paths: [`${WORKSPACE_MOUNT}**`], mode: "allow" },
  ];
}

export function buildSpecialist(agentId: string, model: BaseChatModel, deps: SpecialistDeps, run: SpecialistRun) {
  const agent = deps.content.agents.find((a) => a.id === agentId && !a.metadata.hidden);
  if (!agent) throw new Error(`Unknown specialist: ${agentId}`);
  const skillIds = agent.runtime.skills.filter((id) => deps.content.skills.some((s) => s.id === id));
  const sources = skillIds.map((id) => `${SKILLS_MOUNT}${id}/`);
  const fileTools = [...DEFAULT_FILE_TOOLS, ...(run.fileTools ?? [])];
  const tools = agent.runtime.tools.flatMap((name) => {
    const factory = REGISTRY_TOOL_FACTORIES[name];
    return factory ? [factory(run.toolContext)] : [];
  });
  const skillTools = Object.fromEntries(skillIds.map((id) => [id, deps.content.skills.find((s) => s.id === id)!.tools]));
  const permissions = permissionsFor(skillIds);

  return createDeepAgent({
    model,
    name: agent.id,
    systemPrompt: systemPromptFor(agent, deps.content),
    backend: deps.backend,
    skills: sources,
    memory: [MEMORY_FILE],
    permissions,
    tools,
    interruptOn: INTERRUPT_ON,
    checkpointer: deps.checkpointer,
    middleware: [
      createCarefoldSkillsMiddleware({ backend: deps.backend, sources, order: skillIds, main: mainSkillOf(skillIds[0], deps.content) }),
      createFilesystemMiddleware({
        backend: deps.backend,
        permissions,
        tools: fileTools as never,
        customToolDescriptions: { read_file: READ_FILE_DESCRIPTION },
      }),
      createNoSubagentsMiddleware(),
      createSummarizationMiddleware({
        backend: deps.backend,
        model,
        trigger: { type: "tokens", value: Math.floor(run.contextTokens * 0.65) },
        keep: { type: "messages", value: 6 },
        historyPathPrefix: `${WORKSPACE_MOUNT}.history`,
      }),
      createLoopGuardMiddleware({ agentId: agent.id, threadId: run.threadId, language: run.language, limits: turnLimitsOf(agent.runtime), audit: deps.audit }),
      createClinicalSafetyMiddleware({
        agentId: agent.id,
        threadId: run.threadId,
        agentTools: agent.runtime.tools,
        fileTools,
        skillTools,
        fallbackRisk: agent.metadata.risk_class,
        language: run.language,
        checkRefusal: deps.safety.checkRefusal,
        checkAnswer: deps.safety.checkAnswer,
        sanitizePii: deps.safety.sanitizePii,
        audit: deps.audit,
        toVirtual: (text) => deps.backend.toVirtual(text),
      }),
      createAuditMiddleware({ agentId: agent.id, threadId: run.threadId, audit: deps.audit }),
      createOneChangeAtATimeMiddleware(Object.keys(INTERRUPT_ON)),
      createOrchestratorMiddleware(run.briefing),
      createWorkspaceMemoryMiddleware({ backend: deps.backend, file: MEMORY_FILE }),
    ],
  });
}

export type Specialist = ReturnType<typeof buildSpecialist>;
