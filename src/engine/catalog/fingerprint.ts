/**
 * The content fingerprint: one sha256 over every loaded agent and skill file hash (plus the index
 * format). Equal fingerprints mean the catalog rows are still exact, so start-up skips re-indexing.
 */
import { createHash } from "node:crypto";
import type { ContentSet } from "../content";
import { INDEX_FORMAT } from "./schema";

export function contentFingerprint(content: Pick<ContentSet, "agents" | "skills">): string {
  const lines: string[] = [`format ${INDEX_FORMAT}`];
  for (const a of content.agents) for (const [file, hash] of Object.entries(a.files)) lines.push(`agent ${a.id} ${file} ${hash}`);
  for (const s of content.skills) for (const [file, hash] of Object.entries(s.files)) lines.push(`skill ${s.id} ${file} ${hash}`);
  // Sorted so load order (directory listing order) cannot change the fingerprint.
  lines.sort();
  return createHash("sha256").update(lines.join("\n")).digest("hex");
}
