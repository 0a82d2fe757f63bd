/**
 * Profiles through the contract on real engines (issue 16, item 3): one profile's conversations, notes,
 * files, consent and memory are never visible from another; a PIN guards a profile; an idle one relocks;
 * removing one deletes everything of it.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ProfileManager } from "../../../src/engine/profiles/manager";
import { PIN_FILE } from "../../../src/engine/profiles/pin";
import { tempDir } from "../../support/tempDir";
import { filesUnder } from "../host/kioskHost";
import { b64, fakeClock, holder, profileFolder, startManager } from "./profileHarness";

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

function setup(clock = fakeClock()) {
  const tmp = tempDir("carefold-profiles-");
  const manager = startManager(tmp.dir, clock);
  cleanup = async () => {
    await manager.close();
    tmp.cleanup();
  };
  return { root: tmp.dir, manager, clock };
}

async function twoProfiles(manager: ProfileManager, pin?: string) {
  const a = await holder(manager);
  expect(a.client.current).toBe("first"); // the only profile, without a PIN, opens by itself
  const created = await a.ok("profiles.create", { name: "Mum", ...(pin ? { pin } : {}) });
  const b = await holder(manager);
  expect(b.client.current).toBeNull(); // two profiles now: the picker
  expect((await b.ok("profiles.open", { id: created.id, ...(pin ? { pin } : {}) })).opened).toBe(true);
  return { a, b, mumId: created.id };
}

describe("profiles", () => {
  it("one profile's conversations, notes, files, consent and search are invisible from another", async () => {
    const { manager } = setup();
    const { a, b } = await twoProfiles(manager);
    await a.ok("consent.set", { scope: "global", granted: true });
    await a.ok("notes.write", { name: "Cardio.md", content: "ALPHA-CANARY ask about the beta blocker" });
    const file = await a.ok("attachments.add", { name: "alpha-list.txt", dataBase64: b64("ALPHA-CANARY lisinopril 10 mg") });
    const turn = await a.ask("ALPHA-CANARY help me prepare my cardiology visit");

    expect(await b.ok("threads.list")).toEqual([]);
    expect(await b.ok("notes.list")).toEqual([]);
    expect(await b.ok("attachments.list")).toEqual([]);
    expect((await b.ok("consent.get")).global).toBe(false);
    expect((await b.ok("search.run", { query: "ALPHA" })).results).toEqual([]);
    // Asking for the other profile's ids by name: they do not exist here.
    expect((await b.call("threads.get", { threadId: turn.threadId })).ok).toBe(false);
    expect((await b.call("threads.get", { threadId: turn.threadId }) as { error: { code: string } }).error.code).toBe("not_found");
    expect((await b.call("threads.delete", { threadId: turn.threadId }) as { result?: { deleted: boolean } }).result?.deleted ?? false).toBe(false);
    expect((await b.call("notes.read", { name: "Cardio.md" }) as { error?: { code: string } }).error?.code).toBe("not_found");
    expect((await b.call("attachments.read", { id: file.id }) as { error?: { code: string } }).error?.code).toBe("not_found");
    expect((await b.call("agenda.export", { threadId: turn.threadId }) as { ok: boolean }).ok).toBe(false);
    // B heard none of A's consult.
    expect(JSON.stringify(b.events)).not.toContain(turn.turnId);
    expect(JSON.stringify(b.events)).not.toContain("ALPHA");
    // A still has everything.
    expect((await a.ok("threads.list")).map((t) => t.id)).toEqual([turn.threadId]);
    expect((await a.ok("search.run", { query: "ALPHA" })).results.length).toBeGreaterThan(0);
  });

  it("a profile with a PIN opens only with it; wrong tries make the next one wait longer, and nothing is wiped", async () => {
    const clock = fakeClock();
    const { manager, root } = setup(clock);
    const { a, b, mumId } = await twoProfiles(manager, "2468");
    await b.ok("notes.write", { name: "Mum.md", content: "MUM-CANARY" });
    await b.ok("profiles.lock");
    expect(b.client.current).toBeNull();
    expect((await b.call("notes.list") as { error?: { code: string } }).error?.code).toBe("unavailable");
    expect(await b.ok("profiles.open", { id: mumId })).toEqual({ opened: false, reason: "pin_needed", retryAfterSeconds: 0 });
    for (let i = 0; i < 3; i++) expect((await b.ok("profiles.open", { id: mumId, pin: "0000" })).opened).toBe(false);
    // The third wrong try starts a wait; even the right PIN is not looked at until it is over.
    expect(await b.ok("profiles.open", { id: mumId, pin: "2468" })).toMatchObject({ opened: false, reason: "wait", retryAfterSeconds: 30 });
    clock.advance(31_000);
    expect(await b.ok("profiles.open", { id: mumId, pin: "1111" })).toMatchObject({ opened: false, reason: "wrong_pin", retryAfterSeconds: 60 });
    clock.advance(61_000);
    expect((await b.ok("profiles.open", { id: mumId, pin: "2468" })).opened).toBe(true);
    expect((await b.ok("notes.list")).map((n) => n.name)).toEqual(["Mum.md"]);
    // The PIN file is the profile's own, 0600, and the registry holds no secret.
    const pinFile = join(profileFolder(root, mumId), PIN_FILE);
    if (process.platform !== "win32") {
      expect(statSync(pinFile).mode & 0o777).toBe(0o600);
      // Folders owner-only: profiles/, the profile's folder and its keys.
      for (const dir of [join(root, "profiles"), profileFolder(root, mumId), join(profileFolder(root, mumId), "keys")]) expect(statSync(dir).mode & 0o777, dir).toBe(0o700);
    }
    // Without a keychain (the web host, the CLI) the PIN wraps the profile's data key: no bare key on disk.
    expect(existsSync(join(profileFolder(root, mumId), "keys", "data.key.pin"))).toBe(true);
    expect(existsSync(join(profileFolder(root, mumId), "keys", "data.key"))).toBe(false);
    const registry = readFileSync(join(root, "profiles.json"), "utf8");
    expect(registry).not.toMatch(/2468|salt|hash/);
    expect(JSON.parse(registry).profiles.find((p: { id: string }) => p.id === mumId)).toMatchObject({ name: "Mum", hasPin: true });
    // A holder of another profile cannot rename, or remove without the PIN, a profile with one.
    expect((await a.call("profiles.rename", { id: mumId, name: "X" }) as { ok: boolean }).ok).toBe(false);
    expect((await a.call("profiles.remove", { id: mumId, confirm: true, pin: "9999" }) as { ok: boolean }).ok).toBe(false);
    expect(existsSync(profileFolder(root, mumId))).toBe(true);
    // Changing or removing the PIN needs the current one.
    expect((await b.call("profiles.setPin", { currentPin: "1357" }) as { ok: boolean }).ok).toBe(false);
    expect((await b.ok("profiles.setPin", { currentPin: "2468" })).hasPin).toBe(false);
    expect(existsSync(join(profileFolder(root, mumId), "keys", "data.key.pin"))).toBe(false);
    expect((await b.ok("notes.list")).map((n) => n.name)).toEqual(["Mum.md"]);
  });

  it("an idle profile relocks: its holder is told, its engine closes, and requests wait for the picker", async () => {
    const clock = fakeClock();
    const { manager } = setup(clock);
    const { a, b } = await twoProfiles(manager);
    expect((await a.ok("profiles.list")).relockMinutes).toBe(10);
    clock.advance(5 * 60_000);
    await b.ok("notes.list"); // B is active, A is not
    clock.advance(5 * 60_000 + 1);
    await manager.sweep();
    expect(a.client.current).toBeNull();
    expect(a.events).toContainEqual({ type: "profiles.locked", reason: "idle" });
    expect((await a.call("threads.list") as { error?: { code: string } }).error?.code).toBe("unavailable");
    expect(b.client.current).not.toBeNull();
    expect(b.events.some((e) => e.type === "profiles.locked")).toBe(false);
    // A holder back at the picker cannot change relocking for everyone.
    expect((await a.call("profiles.configure", { relockMinutes: 0 }) as { error?: { code: string } }).error?.code).toBe("unavailable");
    // The only profile without a PIN never relocks (there is nobody to choose or keep out); 0 turns relock off.
    await b.ok("profiles.configure", { relockMinutes: 0 });
    clock.advance(24 * 3600_000);
    await manager.sweep();
    expect(b.client.current).not.toBeNull();
  });

  it("the only profile without a PIN stays open when idle", async () => {
    const clock = fakeClock();
    const { manager } = setup(clock);
    const a = await holder(manager);
    clock.advance(3600_000);
    await manager.sweep();
    expect(a.client.current).toBe("first");
  });

  it("removing a profile deletes everything of it (no canary left) and sends its other holders to the picker", async () => {
    const { manager, root } = setup();
    const { a, b, mumId } = await twoProfiles(manager);
    const other = await holder(manager);
    await other.ok("profiles.open", { id: mumId });
    await b.ok("consent.set", { scope: "global", granted: true });
    await b.ok("notes.write", { name: "Mum.md", content: "MUMREMOVE-CANARY pills" });
    await b.ok("attachments.add", { name: "mum.txt", dataBase64: b64("MUMREMOVE-CANARY file") });
    await b.ask("MUMREMOVE-CANARY what should I bring");
    await a.ok("notes.write", { name: "Mine.md", content: "MINE-CANARY" });
    const folder = profileFolder(root, mumId);
    // Its data is there, encrypted with the profile's own key (the canary is not readable even now).
    expect(existsSync(join(folder, "carefold.db"))).toBe(true);
    expect(existsSync(join(folder, "keys"))).toBe(true);
    expect(filesUnder(folder).some((f) => f.text.includes("MUMREMOVE-CANARY"))).toBe(false);

    expect(await b.ok("profiles.remove", { id: mumId, confirm: true })).toEqual({ removed: true });
    expect(existsSync(folder)).toBe(false);
    expect(filesUnder(root).filter((f) => f.text.includes("MUMREMOVE-CANARY")).map((f) => f.path)).toEqual([]);
    expect(other.events).toContainEqual({ type: "profiles.locked", reason: "removed" });
    expect(other.client.current).toBeNull();
    expect((await a.ok("profiles.list")).profiles.map((p) => p.id)).toEqual(["first"]);
    expect((await a.ok("notes.read", { name: "Mine.md" })).content).toBe("MINE-CANARY");
    // The last profile cannot be removed (Delete everything empties it instead).
    expect((await a.call("profiles.remove", { id: "first", confirm: true }) as { error?: { code: string } }).error?.code).toBe("conflict");
  });

  it("removing the first profile deletes what it owns in the data folder, not the other profiles or the shared models", async () => {
    const { manager, root } = setup();
    const { a, b } = await twoProfiles(manager);
    await a.ok("notes.write", { name: "First.md", content: "FIRSTGONE-CANARY" });
    await a.ask("FIRSTGONE-CANARY help me prepare");
    await b.ok("notes.write", { name: "Mum.md", content: "MUMSTAYS" });
    expect(await b.ok("profiles.remove", { id: "first", confirm: true })).toEqual({ removed: true });
    expect(existsSync(join(root, "carefold.db"))).toBe(false);
    expect(filesUnder(root).filter((f) => f.text.includes("FIRSTGONE-CANARY")).map((f) => f.path)).toEqual([]);
    expect((await b.ok("notes.read", { name: "Mum.md" })).content).toBe("MUMSTAYS");
  });

  it("a new profile starts with the settings (and model) of the one it was made from, and nothing else", async () => {
    const { manager } = setup();
    const a = await holder(manager);
    await a.ok("settings.set", { language: "es", textScale: 150, firstRunDone: true });
    await a.ok("notes.write", { name: "Mine.md", content: "x" });
    const mum = await a.ok("profiles.create", { name: "Mamá" });
    await a.ok("profiles.open", { id: mum.id });
    expect(await a.ok("settings.get")).toMatchObject({ language: "es", textScale: 150, firstRunDone: true });
    expect(await a.ok("notes.list")).toEqual([]);
  });
});

describe("profiles and a PIN set outside the app", () => {
  it("a data folder whose key `carefold pin` wrapped is a profile with that PIN: unwrapping the key is the check", async () => {
    const tmp = tempDir("carefold-profiles-pinkey-");
    const { openDataKey, setDataKeyPin } = await import("../../../src/engine/storage/dataKey");
    openDataKey(join(tmp.dir, "keys"), { kind: "file" });
    setDataKeyPin(join(tmp.dir, "keys"), { kind: "file" }, "4321");
    const manager = startManager(tmp.dir);
    try {
      const a = await holder(manager);
      expect(a.client.current).toBeNull(); // it has a PIN: the picker, not an automatic open
      expect((await a.ok("profiles.list")).profiles[0]).toMatchObject({ id: "first", hasPin: true });
      expect(await a.ok("profiles.open", { id: "first", pin: "0000" })).toMatchObject({ opened: false, reason: "wrong_pin" });
      expect((await a.ok("profiles.open", { id: "first", pin: "4321" })).opened).toBe(true);
      expect(existsSync(join(tmp.dir, PIN_FILE))).toBe(true); // from now on wrong tries are counted
    } finally {
      await manager.close();
      tmp.cleanup();
    }
  });
});
