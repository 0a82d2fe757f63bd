/**
 * One profile's export: a zip (jszip) of its notes as they are, its conversations as plain text, and the
 * files it attached, read through that profile's own engine only (so nothing of another profile can be in it).
 */
import { join } from "node:path";
import JSZip from "jszip";
import type { RequestOutput, ThreadMessageView } from "../../shared/contract";
import type { Engine } from "../engine";
import { engineText, type EngineLanguage } from "../i18n";
import { safeFileName } from "../workspace/attachmentsStore";

/** A zip larger than this would not travel well over the contract: the person deletes or exports in parts. */
export const MAX_EXPORT_BYTES = 200 * 1024 * 1024;

function conversationText(title: string, messages: ThreadMessageView[], language: EngineLanguage): string {
  const lines = [title, "=".repeat(Math.min(60, title.length)), ""];
  for (const m of messages) {
    const who = engineText(language, m.role === "user" ? "profiles.export.you" : "profiles.export.carefold");
    lines.push(`${who} (${m.createdAt}):`, m.text, "");
  }
  return lines.join("\n");
}

/** The bytes of one attachment as added (opened with the profile's key where files are encrypted at rest). */
function attachmentBytes(engine: Engine, id: string, name: string): Buffer {
  return engine.attachments.files.read(join(engine.attachments.dir, id, safeFileName(name)));
}

export async function exportProfile(engine: Engine, label: string): Promise<RequestOutput<"profiles.export">> {
  const language = engine.settings.get().language;
  const zip = new JSZip();
  const notes = engine.notes.list();
  for (const n of notes) zip.file(`notes/${n.name}`, engine.notes.read(n.name).content);
  const threads = engine.threads.list();
  threads.forEach((t, i) => {
    const name = `${String(i + 1).padStart(3, "0")}-${safeFileName(t.title).slice(0, 60)}.txt`;
    zip.file(`conversations/${name}`, conversationText(t.title, engine.threads.messages(t.id), language));
  });
  const attachments = engine.attachments.list();
  for (const a of attachments) zip.file(`attachments/${a.id}-${safeFileName(a.name)}`, attachmentBytes(engine, a.id, a.name));
  zip.file("README.txt", engineText(language, "profiles.export.readme") + "\n");
  const data = await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
  if (data.length > MAX_EXPORT_BYTES) throw new Error("export too large");
  const day = new Date().toISOString().slice(0, 10);
  return {
    fileName: `carefold-${safeFileName(label).replace(/ /g, "-").slice(0, 40)}-${day}.zip`,
    dataBase64: data.toString("base64"),
    notes: notes.length,
    conversations: threads.length,
    attachments: attachments.length,
  };
}
