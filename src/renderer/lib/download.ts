/** Saves a Blob as a file through the browser's download (a Blob URL, revoked right after). */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves text as a file. */
export function downloadText(fileName: string, text: string, mime = "text/markdown;charset=utf-8"): void {
  downloadBlob(fileName, new Blob([text], { type: mime }));
}
