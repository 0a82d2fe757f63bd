/** Turning legacy field values (failsafe YAML: strings, lists, mappings) into canonical ones. */
import { isAbsent, isRecord } from "./legacyText";

/** A scalar as text (trimmed), or null for an absent value, a list or a mapping. */
export function scalarText(value: unknown): string | null {
  if (isAbsent(value)) return null;
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

/** A list of words from a YAML list or a space/comma-separated string; null when it is neither. */
export function wordList(value: unknown): string[] | null {
  if (isAbsent(value)) return [];
  if (Array.isArray(value)) {
    const out: string[] = [];
    for (const item of value) {
      const t = scalarText(item);
      if (t === null) return null;
      out.push(...t.split(/[\s,]+/).filter(Boolean));
    }
    return out;
  }
  const t = scalarText(value);
  return t === null ? null : t.split(/[\s,]+/).filter(Boolean);
}

/** A list of phrases (tags, keywords, care stages): a YAML list, or one comma-separated string. */
export function phraseList(value: unknown): string[] | null {
  if (isAbsent(value)) return [];
  if (Array.isArray(value)) {
    const out: string[] = [];
    for (const item of value) {
      const t = scalarText(item);
      if (t === null) return null;
      if (t) out.push(t);
    }
    return out;
  }
  const t = scalarText(value);
  return t === null ? null : t.split(",").map((s) => s.trim()).filter(Boolean);
}

/** "1" → "1.0.0", "1.2" → "1.2.0", "v1.2.3" → "1.2.3"; anything else unchanged. */
export function normalizeVersion(text: string): string {
  const t = text.trim().replace(/^v(?=\d)/, "");
  if (/^\d+$/.test(t)) return `${t}.0.0`;
  if (/^\d+\.\d+$/.test(t)) return `${t}.0`;
  return t;
}

/** `/skills/cardiology-prep/`, `skills/cardiology-prep` or `cardiology-prep` → `cardiology-prep`. */
export function skillIdOf(ref: string): string {
  return ref.trim().replace(/^\/+/, "").replace(/^skills\//, "").replace(/\/+$/, "").replace(/\/SKILL\.md$/, "");
}

export function describeValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (isRecord(value)) return `a mapping (${Object.keys(value).slice(0, 5).join(", ")})`;
  return String(value);
}
