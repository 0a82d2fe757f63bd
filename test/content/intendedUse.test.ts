import { describe, expect, it } from "vitest";
import { checkIntendedUse } from "../../src/engine/safety/intendedUse";

const GOOD = `# Title

## Intended use

- Carefold is not a doctor and not emergency care; it helps you get organized.
- In an emergency, call 911 or your local emergency number now.
- Carefold will never tell you to start, stop or change a medicine; ask the clinician who prescribed it.

## Scope

Text.
`;

describe("checkIntendedUse", () => {
  it("accepts the three statements", () => {
    expect(checkIntendedUse(GOOD)).toEqual({ ok: true, missing: [] });
  });

  it("reports all three when the section is absent, even if the words appear elsewhere", () => {
    const body = GOOD.replace("## Intended use", "## Notes");
    expect(checkIntendedUse(body)).toEqual({ ok: false, missing: ["not_clinician", "emergency", "medication"] });
  });

  it("accepts 'not a clinician', 'not a nurse' and 'local emergency number' variants", () => {
    const body = GOOD.replace("not a doctor", "not a nurse").replace("911 or your local emergency number", "your local emergency number");
    expect(checkIntendedUse(body).ok).toBe(true);
    expect(checkIntendedUse(GOOD.replace("not a doctor", "not a clinician")).ok).toBe(true);
  });

  it("joins a bullet wrapped over two source lines into one statement", () => {
    const body = GOOD.replace("start, stop or change a medicine; ask", "start, stop or change a\n  medicine; ask");
    expect(checkIntendedUse(body).ok).toBe(true);
  });

  it("requires each statement's key words on one line, not spread over several", () => {
    const body = GOOD.replace(
      "- Carefold is not a doctor and not emergency care; it helps you get organized.",
      "- Carefold is not a doctor.\n- It is not emergency care.",
    );
    expect(checkIntendedUse(body)).toEqual({ ok: false, missing: ["not_clinician"] });
  });

  it("detects each missing statement on its own", () => {
    expect(checkIntendedUse(GOOD.replace("call 911 or your local emergency number", "get help")).missing).toEqual(["emergency"]);
    expect(checkIntendedUse(GOOD.replace("; ask the clinician who prescribed it", "")).missing).toEqual(["medication"]);
    expect(checkIntendedUse(GOOD.replace("will never tell", "will not tell")).missing).toEqual(["medication"]);
    expect(checkIntendedUse(GOOD.replace("and not emergency care", "")).missing).toEqual(["not_clinician"]);
  });

  it("ignores Markdown emphasis, case and curly quotes", () => {
    const body = GOOD.replace("not a doctor and not emergency care", "**NOT a doctor** and *not emergency care*");
    expect(checkIntendedUse(body).ok).toBe(true);
  });

  it("stops at the next section", () => {
    const body = `# T\n\n## Intended use\n\n- Carefold is not a doctor and not emergency care.\n\n## Scope\n\n- In an emergency, call 911.\n- Never start, stop or change a medicine without the prescribing clinician.\n`;
    expect(checkIntendedUse(body).missing).toEqual(["emergency", "medication"]);
  });
});
