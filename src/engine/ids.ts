/** Random, URL-safe ids for threads, turns, approvals and attachments (match IdSchema). */
import { randomBytes } from "node:crypto";

export function newId(prefix = ""): string {
  return prefix + randomBytes(12).toString("base64url");
}
