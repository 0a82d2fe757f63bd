/** Reading preferences: the text-size steps and how each language is named. */
import type { Settings } from "../../shared/contract";

export const TEXT_SCALE_MIN = 100;
export const TEXT_SCALE_MAX = 200;
export const TEXT_SCALE_STEP = 10;

/** Each language is named in itself (an autonym), whatever the UI language, so people can find theirs. */
export const LANGUAGE_NAMES: Record<Settings["language"], string> = { en: "English", es: "Español" };

export function clampScale(value: number): number {
  const stepped = Math.round(value / TEXT_SCALE_STEP) * TEXT_SCALE_STEP;
  return Math.max(TEXT_SCALE_MIN, Math.min(TEXT_SCALE_MAX, stepped));
}
