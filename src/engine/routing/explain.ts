/**
 * The one plain-English line that explains a plan (shown as a trace in the UI). Built from agent
 * titles only, never from the user's words, so it is safe to log beside zero-body audit events.
 */
import type { Topology } from "../../shared/contract";
import type { RankStep } from "./rank";
import type { Candidate } from "./topology";

export interface ExplainNotes {
  /** The local model picked the primary specialist. */
  model?: boolean;
  /** The message was routed on the earlier topic of the conversation. */
  followUp?: boolean;
}

const ROLE_SUFFIX = /\s+(visit guide|guide|navigator|coordinator|companion|steward)$/i;

/** "Heart Visit Guide" → "heart"; "Prior Authorization Navigator" → "prior authorization". */
export function areaOf(title: string): string {
  const area = title.replace(ROLE_SUFFIX, "").trim();
  return (area || title).toLowerCase();
}

export function explainPlan(agents: readonly Candidate[], topology: Topology, notes: ExplainNotes = {}): string {
  const line = body(agents, topology);
  const prefix = notes.followUp ? "Continuing your earlier topic. " : notes.model ? "Chosen with help from the local model. " : "";
  return prefix + line;
}

function body(agents: readonly Candidate[], topology: Topology): string {
  const titles = (list: readonly Candidate[]) => list.map((a) => `the ${a.title}`);
  if (topology === "parallel") {
    return `${capitalize(joinList(agents.map((a) => areaOf(a.title))))} concerns: ${joinList(titles(agents))} will each prepare part of your agenda.`;
  }
  if (topology === "pipeline") {
    const doctors = agents.filter((a) => a.kind === "clinical");
    const navigators = agents.filter((a) => a.kind !== "clinical");
    const care = joinList(doctors.map((a) => areaOf(a.title)));
    const paperwork = joinList(navigators.map((a) => areaOf(a.title)));
    const careLabel = /\bcare$/.test(care) ? care : `${care} care`;
    return (
      `${capitalize(careLabel)}, then ${paperwork}: ${joinList(titles(doctors))} ${doctors.length > 1 ? "prepare" : "prepares"} the medical details first, ` +
      `then ${joinList(titles(navigators))} ${navigators.length > 1 ? "use" : "uses"} them for the paperwork.`
    );
  }
  const only = agents[0]!;
  return singleLine(only, only.step);
}

function singleLine(agent: Candidate, step: RankStep): string {
  switch (step) {
    case "default":
      return `No specialist fits clearly, so the ${agent.title} will help you prepare.`;
    case "fulltext":
      return `Closest match in the catalog: the ${agent.title} will help you.`;
    case "domain":
      return `No exact match, so the closest ${agent.domain === "clinical" ? "medical" : agent.domain} guide, the ${agent.title}, will help you.`;
    case "category":
      if (agent.kind === "clinical") return `${capitalize(areaOf(agent.title))} concern: the ${agent.title} will help you prepare.`;
      if (agent.kind === "admin") return `${capitalize(areaOf(agent.title))} paperwork: the ${agent.title} will walk you through it.`;
      return `The ${agent.title} fits your message best.`;
  }
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
