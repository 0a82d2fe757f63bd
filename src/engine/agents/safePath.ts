/**
 * Virtual path checks for every file tool (safety.md §5): percent-decode once, NFKC, and refuse
 * traversal, NUL bytes, URLs, backslashes, invisible characters and anything outside the mounts.
 */
export type SafePathResult = { ok: true; path: string } | { ok: false; reason: string };

const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

export function normalizeVirtualPath(raw: unknown, mounts: readonly string[]): SafePathResult {
  if (typeof raw !== "string" || raw.length === 0) return { ok: false, reason: "path is empty" };
  if (raw.length > 1024) return { ok: false, reason: "path is too long" };
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { ok: false, reason: "path has a broken percent-encoding" };
  }
  const path = decoded.normalize("NFKC");
  if (path.includes("\0")) return { ok: false, reason: "path contains a NUL byte" };
  if (INVISIBLE.test(path)) return { ok: false, reason: "path contains invisible characters" };
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return { ok: false, reason: "URLs are not files" };
  if (path.includes("\\")) return { ok: false, reason: "use forward slashes" };
  if (!path.startsWith("/")) return { ok: false, reason: "paths start with one of " + mounts.join(", ") };
  const segments = path.split("/").filter((s) => s.length > 0);
  if (segments.some((s) => s === ".." || s === "." || s.startsWith("~"))) return { ok: false, reason: "path traversal is not allowed" };
  const clean = "/" + segments.join("/") + (path.endsWith("/") && segments.length ? "/" : "");
  const mount = mounts.find((m) => clean === m.replace(/\/$/, "") || clean.startsWith(m));
  if (!mount) return { ok: false, reason: `only ${mounts.join(" and ")} can be used` };
  return { ok: true, path: clean };
}
