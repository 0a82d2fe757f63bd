/** A printed agenda's name (issue 18, item 6): its own heading, whole words, never "…I take li". */
import { describe, expect, it } from "vitest";
import { agendaTitle, wholeWordSlug } from "../../../src/engine/synthesis/agendaTitle";
import { titleFromWords } from "../../../src/engine/threads/threadStore";

describe("agenda titles and file names", () => {
  it("takes the agenda's own first heading, without Markdown marks", () => {
    expect(agendaTitle("# Your **heart** visit agenda\n\n- Bring your log", "x")).toBe("Your heart visit agenda");
    expect(agendaTitle("Intro line\n\n## Questions for Dr. Lee ##\n- One", "x")).toBe("Questions for Dr. Lee");
    expect(agendaTitle("No heading here, just a list:\n- one", "Heart visit next week")).toBe("Heart visit next week");
    expect(agendaTitle("# 123\n- one", "Visit agenda")).toBe("Visit agenda");
  });

  it("cuts a conversation's title and a file name at a word, never inside one", () => {
    const first = "I have been having trouble remembering which pills I take like the blue one in the morning";
    const title = titleFromWords(first);
    expect(title).toBe("I have been having trouble remembering which pills I take…");
    expect(title.length).toBeLessThanOrEqual(61);
    expect(titleFromWords("Short question")).toBe("Short question");
    expect(titleFromWords("   ")).toBe("New conversation");
    expect(wholeWordSlug("I have been having trouble remembering which pills I take…", 40)).toBe("i-have-been-having-trouble-remembering");
    expect(wholeWordSlug("Cita del corazón", 40)).toBe("cita-del-corazon");
    expect(wholeWordSlug("Supercalifragilisticexpialidociousandmore", 10)).toBe("supercalif");
  });
});
