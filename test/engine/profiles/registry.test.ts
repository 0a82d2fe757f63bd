/**
 * The profiles registry and the migration of an installation from before profiles: its data folder
 * becomes the first profile with nothing moved or lost; the registry is 0600 and holds no secrets.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FIRST_PROFILE_ID, ProfileRegistry } from "../../../src/engine/profiles/registry";
import { tempDir } from "../../support/tempDir";
import { filesUnder } from "../host/kioskHost";
import { b64, holder, profileEngine, startManager } from "./profileHarness";

const dirs: { cleanup(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));
const fresh = () => {
  const d = tempDir("carefold-registry-");
  dirs.push(d);
  return d.dir;
};

describe("profiles registry", () => {
  it("an existing data folder becomes the first profile, with every conversation, note, file and consent kept in place", async () => {
    const root = fresh();
    // An installation from before profiles, used as it was.
    const old = profileEngine(root);
    old.consent.grantGlobal();
    old["notes.write"]({ name: "Old.md", content: "OLDNOTE-CANARY" });
    const file = old.attachments.add("old.txt", b64("OLDFILE-CANARY"));
    const { threadId, turnId } = await old["consult.ask"]({ text: "OLDASK-CANARY help me prepare" });
    await new Promise<void>((resolve) => {
      const off = old.onEvent((e) => e.type === "done" && e.turnId === turnId && (off(), resolve()));
    });
    await old.close();
    const before = filesUnder(root).map((f) => f.path).sort();

    const manager = startManager(root);
    try {
      const registry = JSON.parse(readFileSync(join(root, "profiles.json"), "utf8"));
      expect(registry.profiles).toEqual([{ id: FIRST_PROFILE_ID, name: null, hasPin: false, createdAt: expect.any(String) }]);
      if (process.platform !== "win32") expect(statSync(join(root, "profiles.json")).mode & 0o777).toBe(0o600);
      const me = await holder(manager);
      expect(me.client.current).toBe(FIRST_PROFILE_ID);
      expect((await me.ok("threads.list")).map((t) => t.id)).toEqual([threadId]);
      expect((await me.ok("notes.read", { name: "Old.md" })).content).toBe("OLDNOTE-CANARY");
      expect((await me.ok("attachments.list")).map((a) => a.id)).toEqual([file.id]);
      expect((await me.ok("consent.get")).global).toBe(true);
      // Nothing moved: every file still where it was (the registry is the only new one).
      const after = filesUnder(root).map((f) => f.path);
      for (const path of before) expect(after).toContain(path);
    } finally {
      await manager.close();
    }
  });

  it("a registry this version cannot read is refused, never overwritten", () => {
    const root = fresh();
    writeFileSync(join(root, "profiles.json"), JSON.stringify({ version: 9, profiles: "?" }));
    expect(() => new ProfileRegistry(root)).toThrow(/this version of Carefold can read/);
    expect(JSON.parse(readFileSync(join(root, "profiles.json"), "utf8")).version).toBe(9);
  });

  it("a profile folder no profile names (a removal that crashed half-way) is deleted at the next start", () => {
    const root = fresh();
    const registry = new ProfileRegistry(root);
    const kept = registry.add("Leo");
    mkdirSync(join(root, "profiles", kept.id), { recursive: true });
    mkdirSync(join(root, "profiles", "pGone"), { recursive: true });
    writeFileSync(join(root, "profiles", "pGone", "carefold.db"), "LEFTOVER");
    new ProfileRegistry(root).removeLeftovers();
    expect(filesUnder(root).some((f) => f.text.includes("LEFTOVER"))).toBe(false);
    expect(statSync(join(root, "profiles", kept.id)).isDirectory()).toBe(true);
  });

  it("after the first profile was removed, what the CLI later writes in the data folder itself is kept", () => {
    const root = fresh();
    const registry = new ProfileRegistry(root);
    registry.add("Leo");
    mkdirSync(join(root, "workspace"), { recursive: true });
    writeFileSync(join(root, "workspace", "old.md"), "FIRST PROFILE");
    registry.remove(FIRST_PROFILE_ID);
    expect(filesUnder(root).some((f) => f.text.includes("FIRST PROFILE"))).toBe(false);
    // `carefold ask` without --profile opens the data folder itself afterwards…
    mkdirSync(join(root, "workspace"), { recursive: true });
    writeFileSync(join(root, "workspace", "later.md"), "WRITTEN LATER");
    // …and the next start of the app does not take it for a removal's leftovers.
    new ProfileRegistry(root).removeLeftovers();
    expect(readFileSync(join(root, "workspace", "later.md"), "utf8")).toBe("WRITTEN LATER");
  });

  it("a removal of the first profile cut off by a crash is finished at the next start", () => {
    const root = fresh();
    new ProfileRegistry(root).add("Leo");
    mkdirSync(join(root, "workspace"), { recursive: true });
    writeFileSync(join(root, "workspace", "old.md"), "FIRST PROFILE");
    // What remove() leaves if it dies after forgetting the profile: the marker, the registry without it, the data.
    writeFileSync(join(root, ".removing-first-profile"), "now");
    const data = JSON.parse(readFileSync(join(root, "profiles.json"), "utf8")) as { profiles: { id: string }[] };
    writeFileSync(join(root, "profiles.json"), JSON.stringify({ ...data, profiles: data.profiles.filter((p) => p.id !== FIRST_PROFILE_ID) }));
    new ProfileRegistry(root).removeLeftovers();
    expect(filesUnder(root).some((f) => f.text.includes("FIRST PROFILE"))).toBe(false);
  });
});
