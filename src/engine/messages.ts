/** User-facing engine messages that do not come from content or the safety layer (text: src/engine/i18n). */
import { engineText } from "./i18n";

export function noModelMessage(language: "en" | "es"): string {
  return engineText(language, "turn.noModel");
}

/** Why a specialist stopped before answering (agent.yaml `limits`, or a reply cut off mid-step). */
export type TurnStop = "steps" | "repeated" | "cut_off";

export function turnStopMessage(reason: TurnStop, language: "en" | "es"): string {
  return engineText(language, `turn.stop.${reason}`);
}
