/** Bytes → string in the encoding the sniffer chose, with a Windows-1252 fallback for non-UTF-8 files. */
import type { TextEncoding } from "../types";
import type { WorkerNotice } from "./protocol";

export function decodeText(bytes: Uint8Array, encoding: TextEncoding = "utf-8"): { text: string; notices: WorkerNotice[] } {
  if (encoding === "utf-8") {
    try {
      return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), notices: [] };
    } catch {
      // Valid at the start (the sniffer's sample) but not further on: read it the way old exports are written.
      encoding = "windows-1252";
    }
  }
  const text = new TextDecoder(encoding).decode(bytes);
  const notices: WorkerNotice[] = encoding === "windows-1252" ? [{ code: "encoding_fallback", params: { encoding } }] : [];
  return { text, notices };
}
