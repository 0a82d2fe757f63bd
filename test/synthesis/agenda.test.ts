import { describe, expect, it } from "vitest";
import { demoteHeadings, renderAgenda, shortReason } from "../../src/engine/synthesis";

describe("demoteHeadings", () => {
  it("shifts headings two levels, caps at six, and leaves code blocks alone", () => {
    expect(demoteHeadings("# A\n##### B\n```\n# not a heading\n```\n#hashtag")).toBe("### A\n###### B\n```\n# not a heading\n```\n#hashtag");
  });
});

describe("shortReason", () => {
  it("keeps the first non-empty line, without trailing punctuation", () => {
    expect(shortReason("\n  Connection refused.  \n  at socket.ts:1", "en")).toBe("Connection refused");
  });
  it("shortens long errors and names missing ones in the answer's language", () => {
    const long = shortReason("y".repeat(400), "en");
    expect(long.length).toBe(120);
    expect(long.endsWith("…")).toBe(true);
    expect(shortReason(null, "es")).toBe("sin detalles");
    expect(shortReason("   ", "en")).toBe("no details");
  });
});

describe("renderAgenda", () => {
  it("renders sections, questions and failures in that order", () => {
    const text = renderAgenda(
      {
        agenda: true,
        sections: [
          { title: "Heart Visit Guide", text: "Bring the cuff.", awaitingApproval: false },
          { title: "Kidney Visit Guide", text: "", awaitingApproval: true },
        ],
        questions: ["Who should I call first?"],
        failures: [{ title: "Drug Coverage Guide", error: "offline" }],
      },
      "en",
    );
    expect(text).toBe(
      [
        "# Your visit agenda",
        "## Heart Visit Guide\n\nBring the cuff.",
        "## Kidney Visit Guide\n\n_Waiting for your OK: this part asked to save a change. Review it to continue._",
        "## Questions for your doctors\n\n- Who should I call first?",
        "**Not everything finished:**\n- The Drug Coverage Guide could not answer (offline). You can try again.",
      ].join("\n\n"),
    );
  });

  it("writes the Spanish failure note", () => {
    const text = renderAgenda({ agenda: false, sections: [], questions: [], failures: [{ title: "Kidney Visit Guide", error: "sin conexión" }] }, "es");
    expect(text).toBe("**No se completó todo:**\n- Kidney Visit Guide no pudo responder (sin conexión). Puede intentarlo de nuevo.");
  });
});
