/** User-facing engine messages that do not come from content or the safety layer (text: src/engine/i18n). */
import { engineText } from "./i18n";

/** The app's window (desktop or browser) shows a "Set up a model" button under it; the command line gets the commands. */
export function noModelMessage(language: "en" | "es", hostKind: "desktop" | "browser" | "cli" = "cli"): string {
  return engineText(language, hostKind === "cli" ? "turn.noModel" : "turn.noModelWindow");
}

/** Why a specialist stopped before answering (agent.yaml `limits`, or a reply cut off mid-step). */
export type TurnStop = "steps" | "repeated" | "cut_off";

export function turnStopMessage(reason: TurnStop, language: "en" | "es"): string {
  return engineText(language, `turn.stop.${reason}`);
}
