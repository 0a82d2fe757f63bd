/** Logs sent with an agenda's question: which files have one, and their readings in the downloaded Markdown. */
import { beforeAll, describe, expect, it } from "vitest";
import { initI18n } from "../../src/renderer/i18n";
import { logFiles, logsMarkdown, withLogs } from "../../src/renderer/lib/agendaLogs";
import { attachment, bpLog } from "./fixtures/documents";

let i18n: ReturnType<typeof initI18n>;
beforeAll(() => {
  i18n = initI18n("en");
});
const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

describe("logs on the agenda", () => {
  it("takes the question's files that hold a blood-pressure or glucose log and were read", () => {
    const items = [
      attachment({ id: "a", structured: "bp_log" }),
      attachment({ id: "b", structured: "medication_list" }),
      attachment({ id: "c", structured: "glucose_log", status: "reading" }),
      attachment({ id: "d", structured: "glucose_log" }),
    ];
    expect(logFiles(["d", "b", "c", "a", "zz"], items).map((a) => a.id)).toEqual(["d", "a"]);
  });

  it("writes each log's readings as a Markdown table with their source", () => {
    const md = logsMarkdown([{ id: "a", name: "bp|log.csv", data: bpLog }], t, "en");
    expect(md).toContain("## From your logs");
    expect(md).toContain("### bp\\|log.csv: blood-pressure log");
    expect(md).toContain("| Reading | Systolic (mmHg) | Diastolic (mmHg) | Where it was read |");
    expect(md).toContain("| Mar 3 19:30 | 129 | 84 | p.2 |");
    expect(logsMarkdown([{ id: "a", name: "x", data: { ...bpLog, trend: null } }], t, "en")).toBe("");
  });

  it("puts the logs before the agenda's closing footer, which stays last", () => {
    const footer = "_Carefold helps you prepare and organize. It is not a doctor._";
    expect(withLogs(`# Visit\n\n- Ask about it\n\n${footer}\n`, "## From your logs")).toBe(`# Visit\n\n- Ask about it\n\n## From your logs\n\n${footer}\n`);
    expect(withLogs("# Visit\n", "## From your logs")).toBe("# Visit\n\n## From your logs\n");
    expect(withLogs("# Visit\n", "")).toBe("# Visit\n");
  });
});
