/** EOBs: claims, service lines with their amounts placed by column, totals, and CARC/RARC codes. */
import { describe, expect, it } from "vitest";
import { EobSchema, extractStructured, type EobLine } from "../../../../src/engine/documents/extract";
import { EOB_EN, EOB_ES } from "./fixtures";

const brief = ({ source: _s, ...l }: EobLine) => l;

describe("explanations of benefits", () => {
  it("reads a tabular claim and a label/amount claim, each with its codes and citations", () => {
    const eob = extractStructured("eob", EOB_EN.pages);
    expect(EobSchema.parse(eob)).toEqual(eob);
    expect(eob.claims).toHaveLength(2);
    const [a, b] = eob.claims as [(typeof eob.claims)[0], (typeof eob.claims)[0]];
    expect({ claim: a.claimNumber, provider: a.provider, date: a.serviceDate }).toEqual({ claim: "2026-0412-88731", provider: "Springfield Cardiology Associates", date: "2026-03-02" });
    expect(a.lines.map(brief)).toEqual([
      { serviceDate: "2026-03-02", service: "Office visit (99214)", billed: 250, allowed: 142.17, paid: 113.74, patientResponsibility: 28.43, denialCodes: ["PR-2"], remarkCodes: [] },
      { serviceDate: "2026-03-02", service: "Echocardiogram (93306)", billed: 1200, allowed: 0, paid: 0, patientResponsibility: 0, denialCodes: ["CO-97"], remarkCodes: ["N130"] },
      { serviceDate: "2026-03-02", service: "ECG (93000)", billed: 85, allowed: 21.5, paid: 17.2, patientResponsibility: 4.3, denialCodes: ["PR-2"], remarkCodes: [] },
    ]);
    expect(a.totals).toEqual({ billed: 1535, allowed: 163.67, paid: 130.94, patientResponsibility: 32.73, source: { page: 1, text: "Claim totals                                   $1,535.00   $163.67     $130.94    $32.73" } });
    expect([a.denialCodes, a.remarkCodes]).toEqual([["PR-2", "CO-97"], ["N130"]]);
    expect(a.source).toEqual({ page: 1, text: "Claim number: 2026-0412-88731          Received: 03/15/2026" });

    expect({ claim: b.claimNumber, provider: b.provider, date: b.serviceDate }).toEqual({ claim: "2026-0419-10277", provider: "Valley Imaging Center", date: "2026-03-09" });
    expect(b.lines.map(brief)).toEqual([{ serviceDate: "2026-03-09", service: "MRI lumbar spine (72148)", billed: 1850, allowed: 0, paid: 0, patientResponsibility: 0, denialCodes: ["CO-197"], remarkCodes: ["N54"] }]);
    expect(b.lines[0]!.source).toEqual({ page: 2, text: "Service: MRI lumbar spine (72148)\nAmount billed: $1,850.00\nAllowed amount: $0.00\nPlan paid: $0.00\nYour responsibility: $0.00\nReason code: CO-197  Remark code: N54" });
    expect(eob.citations).toEqual(["p.1", "p.2"]);
  });

  it("reads a Spanish EOB: decimal commas, day-first dates", () => {
    const eob = extractStructured("eob", EOB_ES.pages);
    const [c] = eob.claims;
    expect([c!.claimNumber, c!.provider, c!.serviceDate]).toEqual(["55-778120", "Clínica San Rafael", "2026-02-10"]);
    expect(c!.lines.map(brief)).toEqual([
      { serviceDate: "2026-02-10", service: "Consulta (99213)", billed: 180, allowed: 95.4, paid: 76.32, patientResponsibility: 19.08, denialCodes: ["PR-2"], remarkCodes: [] },
      { serviceDate: "2026-02-10", service: "Análisis de sangre", billed: 320, allowed: 0, paid: 0, patientResponsibility: 0, denialCodes: ["CO-50"], remarkCodes: ["N115"] },
    ]);
    expect(c!.totals).toMatchObject({ billed: 500, allowed: 95.4, paid: 76.32, patientResponsibility: 19.08 });
  });

  it("places amounts by column when a line has fewer amounts than the header", () => {
    const text = [
      "Claim #: A-55120",
      "Service                Billed      Allowed     Paid        You owe",
      "Lab panel (80053)      $120.00                            $120.00   CO-45",
    ].join("\n");
    const [c] = extractStructured("eob", [{ n: 1, text }]).claims;
    expect(c!.lines.map(brief)).toEqual([{ service: "Lab panel (80053)", billed: 120, patientResponsibility: 120, denialCodes: ["CO-45"], remarkCodes: [] }]);
  });

  it("reads a header with columns it does not know, and never puts what is under them in a known column", () => {
    const text = [
      "Claim #: B-20331",
      "Service                Billed      Allowed     Ded Met     Plan Share  You owe",
      "Office visit (99213)   $180.00     $96.00      $20.00      $60.80      $15.20",
      "Flu shot (90686)       $40.00                              $40.00",
    ].join("\n");
    const [c] = extractStructured("eob", [{ n: 1, text }]).claims;
    expect(c!.lines.map(brief)).toEqual([
      // Five amounts under six columns: each by its nearest label; those under "Ded Met" and "Plan Share" are not read.
      { service: "Office visit (99213)", billed: 180, allowed: 96, patientResponsibility: 15.2, denialCodes: [], remarkCodes: [] },
      // "$40.00" sits under "Plan Share": never read as paid or owed.
      { service: "Flu shot (90686)", billed: 40, denialCodes: [], remarkCodes: [] },
    ]);
  });

  it("reads a CSV export grouped by claim", () => {
    const table = {
      columns: ["Claim Number", "Date of Service", "Description", "Amount Billed", "Plan Paid", "Patient Responsibility", "Remark Codes"],
      rows: [
        ["C-1", "03/02/2026", "Office visit", "$250.00", "$113.74", "$28.43", "PR-2"],
        ["C-1", "03/02/2026", "ECG", "$85.00", "$17.20", "$4.30", ""],
        ["C-2", "03/09/2026", "MRI", "$1,850.00", "$0.00", "$0.00", "CO-197 N54"],
      ],
    };
    const eob = extractStructured("eob", [], table);
    expect(eob.claims.map((c) => [c.claimNumber, c.lines.length, c.denialCodes, c.remarkCodes])).toEqual([
      ["C-1", 2, ["PR-2"], []],
      ["C-2", 1, ["CO-197"], ["N54"]],
    ]);
    expect(brief(eob.claims[1]!.lines[0]!)).toEqual({ serviceDate: "2026-03-09", service: "MRI", billed: 1850, paid: 0, patientResponsibility: 0, denialCodes: ["CO-197"], remarkCodes: ["N54"] });
  });
});
