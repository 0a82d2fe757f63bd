/** Model files on the desktop: a dropped .gguf becomes a path to import; anything else is explained. */
import { describe, expect, it } from "vitest";
import { desktopBridge, modelFromDrop } from "../../src/renderer/lib/modelFiles";
import type { CarefoldBridge } from "../../src/shared/methods";

const pathFor = (file: unknown) => ((file as { name: string }).name === "nowhere.gguf" ? null : `/home/me/${(file as { name: string }).name}`);

describe("dropping a model file", () => {
  it("imports one .gguf file by its real path", () => {
    expect(modelFromDrop([{ name: "Qwen2.5-1.5B.Q4_K_M.GGUF" }], pathFor)).toEqual({ path: "/home/me/Qwen2.5-1.5B.Q4_K_M.GGUF" });
  });

  it("explains an empty drop, several files, a file of another kind, and a file without a path", () => {
    expect(modelFromDrop([], pathFor)).toEqual({ problem: "none" });
    expect(modelFromDrop([{ name: "a.gguf" }, { name: "b.gguf" }], pathFor)).toEqual({ problem: "many" });
    expect(modelFromDrop([{ name: "labs.pdf" }], pathFor)).toEqual({ problem: "notGguf" });
    expect(modelFromDrop([{ name: "nowhere.gguf" }], pathFor)).toEqual({ problem: "noPath" });
  });
});

describe("desktop bridge", () => {
  it("is there inside Electron (window.carefold with pathForFile) and absent in a browser", () => {
    const bridge = { pathForFile: () => null } as unknown as CarefoldBridge;
    expect(desktopBridge({ carefold: bridge })).toBe(bridge);
    expect(desktopBridge({})).toBeNull();
    expect(desktopBridge({ carefold: {} as CarefoldBridge })).toBeNull();
  });
});
