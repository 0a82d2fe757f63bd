/**
 * The agenda's "Medicines" list (issue 18, item 6): what the user listed or attached, as written, and
 * nothing else — no prose read as a list, no question read as a medicine, nothing interpreted or dosed.
 * Then through the contract: agenda.export of a conversation with a listed medicine and an attached list.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createEngine } from "../../../src/engine/engine";
import { agendaMedicines, medicinesMarkdown, withMedicines } from "../../../src/engine/synthesis/agendaMedicines";
import { EventLog, REPO, singlePlan } from "../../support/engineHarness";
import { scriptedProvider } from "../../support/scriptedChatModel";
import { tempDir } from "../../support/tempDir";

describe("agendaMedicines", () => {
  it("keeps the user's listed lines as written and an attached list's rows as printed", () => {
    const medicines = agendaMedicines({
      questions: ["Help me prepare. My medicines:\n- Lisinopril 10 mg once daily\n- Metformin 500 mg twice daily\n- Bring my insurance card", "2. Vitamin D 1000 IU"],
      attachments: [
        { kind: "medication_list", columns: ["name", "strength", "frequency", "section"], rows: [{ cells: ["Atorvastatin", "20 mg", "at bedtime", ""], source: "p.1" }, { cells: ["Aspirin", "81 mg", "", "Stopped medications"], source: "p.1" }], trend: null, summary: [], dropped: 0 },
        { kind: "bp_log", columns: ["date"], rows: [{ cells: ["2026-03-01"], source: "p.1" }], trend: null, summary: [], dropped: 0 },
        null,
      ],
    });
    expect(medicines).toEqual(["Lisinopril 10 mg once daily", "Metformin 500 mg twice daily", "Vitamin D 1000 IU", "Atorvastatin 20 mg at bedtime", "Aspirin 81 mg (Stopped medications)"]);
  });

  it("reads no prose and no question as a medicine, and lists each once", () => {
    expect(agendaMedicines({ questions: ["I take lisinopril 10 mg once daily, help me prepare", "- Should I stop my aspirin 81 mg?", "- ¿Puedo dejar la metformina 850 mg"], attachments: [] })).toEqual([]);
    expect(agendaMedicines({ questions: ["- Lisinopril 10 mg", "* lisinopril  10 mg"], attachments: [] })).toEqual(["Lisinopril 10 mg"]);
  });

  it("in Markdown: under the agenda's title, with a line to add one, or a blank list of lines to write on", () => {
    const section = medicinesMarkdown(["Lisinopril 10 mg"], "en");
    expect(section).toBe("## Medicines\n\nAs written in this conversation. Check them with your care team.\n\n- Lisinopril 10 mg\n- ______________________________\n");
    expect(withMedicines("# Visit agenda\n\n- Ask about tests\n", section)).toBe(`# Visit agenda\n\n${section}\n- Ask about tests\n`);
    const blank = medicinesMarkdown([], "es");
    expect(blank.startsWith("## Medicamentos\n\nNo se anotaron medicamentos")).toBe(true);
    expect(blank.match(/^- _+$/gm)).toHaveLength(5);
  });
});

describe("agenda.export's medicines", () => {
  const tmp = tempDir("carefold-agenda-meds-");
  const engine = createEngine({ dataDir: tmp.dir, contentDir: REPO, modelProvider: scriptedProvider(() => ({ text: "# Visit agenda\n\n- Ask what the new test is for\n" })), router: () => () => singlePlan("visit-steward") });
  const log = new EventLog();
  engine.onEvent(log.push);
  afterAll(async () => {
    await engine.close();
    tmp.cleanup();
  });

  it("lists what the conversation's questions listed and its attached medication list, as written", async () => {
    const list = "Medication list\n\nLisinopril 10 mg tablet - 1 tab by mouth once daily\nAtorvastatin 20 mg tablet - at bedtime\n";
    const file = await engine["attachments.add"]({ name: "meds.txt", mime: "text/plain", dataBase64: Buffer.from(list).toString("base64") });
    await engine.attachments.whenRead(file.id);
    expect(engine.attachments.get(file.id)?.structured).toBe("medication_list");
    const first = await engine["consult.ask"]({ text: "Help me prepare for Friday. I also take:\n- Vitamin D 1000 IU daily", attachmentIds: [file.id] });
    await log.done(first.turnId);
    const exported = await engine["agenda.export"]({ threadId: first.threadId });
    expect(exported.medicines[0]).toBe("Vitamin D 1000 IU daily");
    expect(exported.medicines.slice(1).join("\n")).toMatch(/^Lisinopril 10 mg .*\nAtorvastatin 20 mg .*$/);

    // Another conversation, with nothing listed: an empty list (the page prints lines to write on).
    const other = await engine["consult.ask"]({ text: "Help me prepare for my checkup" });
    await log.done(other.turnId);
    expect((await engine["agenda.export"]({ threadId: other.threadId })).medicines).toEqual([]);
  });
});
