/** The printed agenda prints its title once, in its header (issue 18, item 6: one page where it can). */
import { describe, expect, it } from "vitest";
import { withoutTitleHeading } from "../../src/renderer/components/AgendaView";

describe("withoutTitleHeading", () => {
  it("drops the agenda's first heading when the page's title is that heading, and nothing else", () => {
    expect(withoutTitleHeading("# Visit agenda\n\n## Questions\n\n- One\n", "Visit agenda")).toBe("## Questions\n\n- One\n");
    expect(withoutTitleHeading("# Your visit agenda\n- One\n", "Checkup in March")).toBe("# Your visit agenda\n- One\n");
    expect(withoutTitleHeading("Intro line\n# Visit agenda\n", "Visit agenda")).toBe("Intro line\n# Visit agenda\n");
    expect(withoutTitleHeading("## Visit agenda\n", "Visit agenda")).toBe("## Visit agenda\n");
  });
});
