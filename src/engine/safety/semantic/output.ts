/**
 * The output guard's semantic layer (safety.md §2): the subword classifier trained on answers small
 * local models write, sentence by sentence, each read with the sentence shown before it (a label quoted
 * under "Your label says:", a question under "Ask your pharmacist:"). It adds unsafe sentences the rules
 * miss; a rule refusal always stands.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { decodeModel, type SemanticModel } from "./model";
import { createRefusalClassifier, type RefusalClassifier } from "./refusal";

export const OUTPUT_MODEL_FILE = join("resources", "models", "output-subword.bin");

/**
 * Model sentences are short ("Is probably croup.", "Give 5 ml."), and each is read with the one before
 * it, so the classifier reads any sentence with at least this many words in its window.
 */
export const OUTPUT_MIN_WORDS = 2;

/** How far back a list's intro ("Your prep sheet says:") still frames a sentence, in sentences. */
export const INTRO_REACH = 12;

const isIntro = (sentence: string): boolean => /:[\s*_]*$/.test(sentence.trim());

/**
 * The context the classifier reads a sentence in: the intro line of the list it may belong to ("Your
 * label says:", "Questions for the pharmacist:"), then the sentence shown just before it. `before` is
 * the text already shown, one sentence per item, most recent last.
 */
export function outputContext(before: readonly string[]): string {
  const previous = before.length > 0 ? before[before.length - 1] : "";
  let intro = "";
  for (let i = before.length - 2; i >= Math.max(0, before.length - INTRO_REACH); i--) {
    if (isIntro(before[i])) {
      intro = before[i];
      break;
    }
  }
  return intro + previous;
}

export function createOutputClassifier(model: SemanticModel): RefusalClassifier {
  return createRefusalClassifier(model, { minWords: OUTPUT_MIN_WORDS });
}

/** Loads the shipped output classifier from the content folder (once, at engine start). */
export function loadOutputClassifier(contentDir: string): RefusalClassifier {
  const file = join(contentDir, OUTPUT_MODEL_FILE);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new Error(`The output classifier is missing (${file}): ${(err as Error).message}`);
  }
  return createOutputClassifier(decodeModel(bytes));
}
