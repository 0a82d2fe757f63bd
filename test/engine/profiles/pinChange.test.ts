/**
 * A PIN change cut short by a crash never locks a person out of their records (the key, re-wrapped
 * first, is what counts; its verifier is re-made), and what the profile layer refuses is said in the
 * profile's language, at the picker in the language of the profile opened last.
 */
import { describe, expect, it } from "vitest";
import { rewrapProfileKey } from "../../../src/engine/profiles/profileKey";
import { tempDir } from "../../support/tempDir";
import { holder, profileFolder, startManager } from "./profileHarness";

async function withManager(run: (manager: ReturnType<typeof startManager>, root: string) => Promise<void>) {
  const tmp = tempDir("carefold-pinchange-");
  const manager = startManager(tmp.dir);
  try {
    await run(manager, tmp.dir);
  } finally {
    await manager.close();
    tmp.cleanup();
  }
}

describe("changing a profile's PIN", () => {
  it("cut short after the key was re-wrapped: the new PIN opens the records, and the old one no longer does", async () => {
    await withManager(async (manager, root) => {
      const a = await holder(manager);
      const mum = await a.ok("profiles.create", { name: "Mum", pin: "1111" });
      const folder = profileFolder(root, mum.id);
      // What changePin had done when the process was killed: the key re-wrapped, the verifier not yet replaced.
      rewrapProfileKey(folder, "1111", "2222");
      const b = await holder(manager);
      expect(await b.ok("profiles.open", { id: mum.id, pin: "1111" })).toMatchObject({ opened: false, reason: "wrong_pin" });
      expect(await b.ok("profiles.open", { id: mum.id, pin: "2222" })).toMatchObject({ opened: true });
      await b.ok("profiles.lock");
      // The verifier now agrees with the key: the next open with the new PIN is an ordinary one.
      expect(await b.ok("profiles.open", { id: mum.id, pin: "2222" })).toMatchObject({ opened: true });
      expect(await b.ok("notes.list")).toEqual([]);
    });
  });

  it("says what it refuses in the profile's language, and at the picker in the language of the profile opened last", async () => {
    await withManager(async (manager) => {
      const a = await holder(manager);
      await a.ok("settings.set", { language: "es" });
      const mum = await a.ok("profiles.create", { name: "Mamá", pin: "1111" });
      await a.ok("profiles.open", { id: mum.id, pin: "1111" });
      const wrong = await a.call("profiles.setPin", { pin: "3333", currentPin: "9999" });
      expect(wrong).toMatchObject({ ok: false, error: { code: "invalid_input", message: "El PIN actual no es correcto" } });
      await a.ok("profiles.lock");
      const atPicker = await a.call("notes.list");
      expect(atPicker).toMatchObject({ ok: false, error: { code: "unavailable", message: "Primero elija de quién son los registros que quiere abrir" } });
      const unknown = await a.call("profiles.open", { id: "nobody" });
      expect(unknown).toMatchObject({ ok: false, error: { code: "not_found", message: "Ese perfil no existe" } });
    });
  });
});
