/**
 * The third-party licenses list for the About screen: resources/third-party-licenses.json, written at
 * build time by scripts/package/licenses.ts (so it describes exactly the dependency tree that shipped).
 * A development checkout may not have it yet: then the answer says so instead of failing.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { requests, type RequestOutput } from "../shared/contract";

export const LICENSES_PATH = join("resources", "third-party-licenses.json");

export function readLicenses(contentDir: string): RequestOutput<"app.licenses"> {
  const file = join(contentDir, LICENSES_PATH);
  const none = { available: false, generatedAt: null, packages: [], texts: {} };
  if (!existsSync(file)) return none;
  try {
    const raw = JSON.parse(readFileSync(file, "utf8")) as { generatedAt?: unknown; packages?: unknown; texts?: unknown };
    const parsed = requests["app.licenses"].output.safeParse({
      available: true,
      generatedAt: typeof raw.generatedAt === "string" ? raw.generatedAt : null,
      packages: raw.packages,
      texts: raw.texts,
    });
    return parsed.success ? parsed.data : none;
  } catch {
    return none;
  }
}
