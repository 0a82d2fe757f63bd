/**
 * Who needs the user's OK before answering (safety.md §3, issue 18): the health specialists — clinical
 * domain, clinical_assist. A navigation-only specialist (the visit steward: agendas, checklists, "hello")
 * carries the shared emergency and safety skills, which make it clinical_assist, but it is not a health
 * specialist and never asks. One rule for the engine's consent check, the app and the command line.
 */
export function needsConsent(agent: { riskClass: string; domain: string }): boolean {
  return agent.riskClass === "clinical_assist" && agent.domain === "clinical";
}
