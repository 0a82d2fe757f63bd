/**
 * Where the desktop app reads its content from. In an installer the content folders are unpacked next to
 * app.asar (electron-builder.yml asarUnpack), because the specialists' file tools open skills by real
 * path; in development the content is the checkout itself. No `electron` import: unit-tested under Node.
 */
import { join } from "node:path";

export function contentDirFor(appPath: string, isPackaged: boolean, exists: (path: string) => boolean): string {
  if (!isPackaged || !appPath.endsWith(".asar")) return appPath;
  const unpacked = `${appPath}.unpacked`;
  return exists(join(unpacked, "skills")) && exists(join(unpacked, "agents")) ? unpacked : appPath;
}
