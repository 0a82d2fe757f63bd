/**
 * The security suite's shape (issue 17): each attack is named, says which surface it hits, with what
 * payload, and what the safe outcome is; attacks are grouped in families, one table per family
 * (test/security/families/*.ts) and one test file per family that runs its table.
 */
import { afterAll, beforeAll, describe, it } from "vitest";

export const FAMILIES = {
  "path-traversal": "Path traversal (encoded, double-encoded, backslash, full-width, absolute, UNC, NUL, URL schemes)",
  "link-escape": "Symlink and hard-link escapes for read and write",
  archive: "Archive members",
  "prompt-injection": "Prompt injection through attachments, notes, skill files and tool results",
  "tool-escalation": "Tool escalation",
  "gate-evasion": "Gate evasion",
  "markup-injection": "Markup and overlay injection",
  "pii-exfiltration": "PII exfiltration",
  unicode: "Unicode tricks",
  "terminal-escapes": "Terminal escapes",
  "contract-abuse": "Contract abuse",
  "resource-exhaustion": "Resource exhaustion",
  "electron-hardening": "Electron hardening",
} as const;

export type Family = keyof typeof FAMILIES;

export interface Attack<C> {
  /** Unique across the suite, kebab-case. */
  name: string;
  /** Where it hits: a contract method, a tool, the web host, a renderer component, the CLI… */
  surface: string;
  /** What is sent, in words (or the literal payload when short). */
  payload: string;
  /** The safe outcome the attack checks. */
  expected: string;
  run(ctx: C): Promise<void> | void;
}

export interface FamilyTable<C> {
  family: Family;
  attacks: Attack<C>[];
}

export function family<C>(name: Family, attacks: Attack<C>[]): FamilyTable<C> {
  return { family: name, attacks };
}

/** Runs one table: a shared context per table (an engine, a host, a temp dir), one test per attack. */
export function runFamily<C>(table: FamilyTable<C>, setup: { start(): Promise<C> | C; stop?(ctx: C): Promise<void> | void }): void {
  describe(`${table.family}: ${FAMILIES[table.family]}`, () => {
    let ctx: C;
    beforeAll(async () => {
      ctx = await setup.start();
    });
    afterAll(async () => {
      if (ctx !== undefined) await setup.stop?.(ctx);
    });
    for (const attack of table.attacks) {
      it(`${attack.name} — ${attack.surface}: ${attack.expected}`, () => attack.run(ctx));
    }
  });
}
