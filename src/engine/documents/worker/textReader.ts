/** HTML (to plain text, links and images dropped), JSON (checked, kept as written), Markdown and text. */
import type { WorkerJob, WorkerNotice, WorkerOutput } from "./protocol";
import { decodeText } from "./decode";
import { page } from "./pageText";

async function htmlText(html: string): Promise<string> {
  const { convert } = await import("html-to-text");
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: "a", options: { ignoreHref: true } },
      { selector: "img", format: "skip" },
      { selector: "script", format: "skip" },
      { selector: "style", format: "skip" },
    ],
  });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export async function readText(job: WorkerJob): Promise<WorkerOutput> {
  const decoded = decodeText(job.bytes, job.encoding);
  const notices: WorkerNotice[] = [...decoded.notices];
  let text = decoded.text.replace(/^\uFEFF/, "");
  if (job.kind === "html") text = await htmlText(text);
  if (job.kind === "json" && text.trim() !== "" && !isJson(text)) notices.push({ code: "invalid_json", params: {} });
  return { pages: [page(1, text, false)], pagesTotal: 1, notices };
}
