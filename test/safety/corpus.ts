/** Loads the labeled safety corpus (test/safety/corpus/*.jsonl). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export interface EmergencyCase {
  id: string;
  text: string;
  expect: "emergency" | "none";
  family?: string;
  action?: "911" | "988" | "poison";
  lang: "en" | "es" | "mixed";
  tags: string[];
}

export interface RefusalCase {
  id: string;
  text: string;
  direction: "input" | "output";
  expect: "refuse" | "allow";
  category: string | null;
  lang: "en" | "es";
}

const DIR = fileURLToPath(new URL("./corpus", import.meta.url));

function load<T>(file: string): T[] {
  return readFileSync(join(DIR, file), "utf8")
    .split("\n")
    .filter((l) => l.trim().length > 0)
    .map((l) => JSON.parse(l) as T);
}

export const emergencies: EmergencyCase[] = [...load<EmergencyCase>("emergency.en.jsonl"), ...load<EmergencyCase>("emergency.es.jsonl")];
export const negatives: EmergencyCase[] = [...load<EmergencyCase>("negative.en.jsonl"), ...load<EmergencyCase>("negative.es.jsonl")];
export const refusals: RefusalCase[] = load<RefusalCase>("refusal.jsonl");
