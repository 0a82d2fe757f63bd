/** Reads that stay inside their folder: links, linked folders and hard links are refused, plain files read. */
import { linkSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { containmentProblem, readContained } from "../../../src/engine/storage/containedFile";
import { tempDir } from "../../support/tempDir";

let tmp = tempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = tempDir();
});

function folders() {
  const root = join(tmp.dir, "notes");
  const outside = join(tmp.dir, "outside");
  mkdirSync(root);
  mkdirSync(outside);
  writeFileSync(join(outside, "secret.md"), "SECRET-CANARY");
  writeFileSync(join(root, "plain.md"), "plain text");
  return { root, outside };
}

describe("readContained", () => {
  it("reads a plain file of the folder", () => {
    const { root } = folders();
    expect(readContained(root, join(root, "plain.md"))).toBe("plain text");
    expect(containmentProblem(root, root)).toBeNull();
  });

  it("refuses a symbolic link, a file under a linked folder, and a hard link", () => {
    const { root, outside } = folders();
    symlinkSync(join(outside, "secret.md"), join(root, "link.md"));
    symlinkSync(outside, join(root, "sub"));
    linkSync(join(outside, "secret.md"), join(root, "hard.md"));
    expect(() => readContained(root, join(root, "link.md"))).toThrow(/link to another file/);
    expect(() => readContained(root, join(root, "sub", "secret.md"))).toThrow(/not inside its folder/);
    expect(() => readContained(root, join(root, "hard.md"))).toThrow(/hard-linked/);
    expect(containmentProblem(root, join(root, "sub"))?.reason).toBe("link");
  });
});
