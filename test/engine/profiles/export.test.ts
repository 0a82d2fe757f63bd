/** A profile's export round-trips: its notes, conversations and files are in the zip, another profile's are not. */
import JSZip from "jszip";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../../support/tempDir";
import { b64, holder, startManager } from "./profileHarness";

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

describe("profiles.export", () => {
  it("zips the open profile's notes, conversations as text and attachments, and nothing of another profile", async () => {
    const tmp = tempDir("carefold-export-");
    const manager = startManager(tmp.dir);
    cleanup = async () => {
      await manager.close();
      tmp.cleanup();
    };
    const me = await holder(manager);
    const leo = await me.ok("profiles.create", { name: "Leo" });
    await me.ok("notes.write", { name: "Mine.md", content: "MINE-CANARY" });
    const mum = await holder(manager);
    await mum.ok("profiles.open", { id: leo.id });
    await mum.ok("notes.write", { name: "Leo visit.md", content: "# Leo\nLEONOTE-CANARY ask about the rash" });
    const pdfLike = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10, 0x80]);
    await mum.ok("attachments.add", { name: "leo-scan.bin", dataBase64: pdfLike.toString("base64") });
    await mum.ok("attachments.add", { name: "leo-list.txt", dataBase64: b64("LEOFILE-CANARY amoxicillin") });
    await mum.ask("LEOASK-CANARY help me prepare his visit");

    const out = await mum.ok("profiles.export");
    expect(out).toMatchObject({ notes: 1, conversations: 1, attachments: 2 });
    expect(out.fileName).toMatch(/^carefold-Leo-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await JSZip.loadAsync(Buffer.from(out.dataBase64, "base64"));
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
    expect(await zip.file("notes/Leo visit.md")!.async("string")).toBe("# Leo\nLEONOTE-CANARY ask about the rash");
    const conversation = names.find((n) => n.startsWith("conversations/"))!;
    const text = await zip.file(conversation)!.async("string");
    expect(text).toContain("LEOASK-CANARY help me prepare his visit");
    expect(text).toContain("Here is a short checklist for your visit.");
    const scan = names.find((n) => n.endsWith("leo-scan.bin"))!;
    expect(Buffer.from(await zip.file(scan)!.async("uint8array")).equals(pdfLike)).toBe(true);
    const all = (await Promise.all(names.map((n) => zip.file(n)!.async("string")))).join("\n");
    expect(all).toContain("LEOFILE-CANARY");
    expect(all).not.toContain("MINE-CANARY");
    // Nothing open: nothing to export.
    await mum.ok("profiles.lock");
    expect((await mum.call("profiles.export") as { error?: { code: string } }).error?.code).toBe("unavailable");
  });
});
