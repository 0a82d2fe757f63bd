/**
 * Suggestion chips (resources/synthesis/chips.json): 2–3 short next steps, chosen deterministically from
 * the plan and who answered. The text of a chip is sent as the user's next message, so every chip is a
 * navigation request (print, save, prepare, track, paperwork), never a request for a diagnosis or a dose.
 */
import { z } from "zod";
import raw from "../../../resources/synthesis/chips.json";

export const MAX_CHIP_LENGTH = 40;
const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const ChipText = z.string().min(3).max(MAX_CHIP_LENGTH);

export const ChipsFileSchema = z
  .strictObject({
    $comment: z.string().optional(),
    version: z.literal(1),
    chips: z.record(z.string().regex(ID), z.strictObject({ en: ChipText, es: ChipText })),
    agents: z.record(z.string().regex(ID), z.string().regex(ID)),
  })
  .refine((f) => Object.values(f.agents).every((id) => id in f.chips), "an agent names an unknown chip")
  .refine((f) => ["print-agenda", "save-note", "save-questions", "what-to-bring", "symptom-diary"].every((id) => id in f.chips), "a built-in chip is missing");

export type ChipsFile = z.infer<typeof ChipsFileSchema>;

export function parseChips(data: unknown): ChipsFile {
  return ChipsFileSchema.parse(data);
}

export const DEFAULT_CHIPS: ChipsFile = parseChips(raw);

export interface ChipInput {
  topology: "single" | "parallel" | "pipeline";
  /** Specialists that answered, in task order. */
  answered: readonly string[];
  /** Whether the answer is a multi-specialist agenda. */
  agenda: boolean;
  /** Whether conflict questions were added. */
  conflicts: boolean;
}

/**
 * First the step that fits the shape of the answer (print an agenda / what to bring), then saving it,
 * then the chip of the specialist whose work comes next — in a pipeline that is the last step (the
 * navigator), otherwise the first specialist.
 */
export function suggestChips(input: ChipInput, language: "en" | "es", file: ChipsFile = DEFAULT_CHIPS): string[] {
  const ids: string[] = [];
  const add = (id: string | undefined) => {
    if (id && id in file.chips && !ids.includes(id) && ids.length < 3) ids.push(id);
  };
  if (input.answered.length === 0) {
    add("what-to-bring");
    add("symptom-diary");
  } else {
    add(input.agenda ? "print-agenda" : "what-to-bring");
    add(input.conflicts ? "save-questions" : "save-note");
    const order = input.topology === "pipeline" ? [...input.answered].reverse() : input.answered;
    for (const agent of order) {
      const before = ids.length;
      add(file.agents[agent]);
      if (ids.length > before) break;
    }
  }
  return ids.map((id) => file.chips[id]![language]);
}
