/** Links in answers: shown only when plainly what they say (issue 17: links carrying personal data or deceptive text). */
import { describe, expect, it } from "vitest";
import { linkVerdict, neutralizeLinks } from "../../src/shared/links";

describe("linkVerdict", () => {
  it("keeps plain links, and names their site", () => {
    expect(linkVerdict("https://www.medicare.gov/claims-appeals", "Medicare appeals")).toEqual({ kind: "link", href: "https://www.medicare.gov/claims-appeals", host: "medicare.gov" });
    expect(linkVerdict("https://es.medicare.gov/", "medicare.gov")).toMatchObject({ kind: "link" });
    expect(linkVerdict("mailto:billing@clinic.example", "Email billing")).toMatchObject({ kind: "link", host: "clinic.example" });
  });

  it("turns links carrying personal details into text", () => {
    for (const href of [
      "https://forms.example/appeal?name=Maria%20Lopez&dob=1950-03-02",
      "https://x.example/p/03/02/1950",
      "https://x.example/?ssn=123-45-6789",
      "https://x.example/lookup?member=XJ5551234",
      "https://x.example/u/maria.lopez@mail.example",
    ]) expect(linkVerdict(href, "Open your form"), href).toEqual({ kind: "text", reason: "personal" });
  });

  it("keeps a plain mail link but not one prefilled with personal details or extra recipients", () => {
    expect(linkVerdict("mailto:billing@clinic.example?subject=Question%20about%20my%20bill", "Email billing")).toMatchObject({ kind: "link" });
    expect(linkVerdict("mailto:help@evil.example?body=Maria%20Lopez%2C%20born%201950-03-02", "Email us")).toEqual({ kind: "text", reason: "personal" });
    expect(linkVerdict("mailto:help@evil.example?body=SSN%20123-45-6789", "Email us")).toEqual({ kind: "text", reason: "personal" });
    expect(linkVerdict("mailto:billing@clinic.example?bcc=collector@evil.example", "Email billing")).toEqual({ kind: "text", reason: "deceptive" });
  });

  it("turns deceptive links into text: text naming another site, credentials in the address", () => {
    expect(linkVerdict("https://evil.example/login", "www.medicare.gov")).toEqual({ kind: "text", reason: "deceptive" });
    expect(linkVerdict("https://medicare.gov.evil.example/", "https://medicare.gov")).toEqual({ kind: "text", reason: "deceptive" });
    expect(linkVerdict("https://medicare.gov@evil.example/", "Medicare")).toEqual({ kind: "text", reason: "deceptive" });
  });

  it("never links other schemes or broken addresses", () => {
    expect(linkVerdict("javascript:alert(1)", "click")).toEqual({ kind: "text", reason: "scheme" });
    expect(linkVerdict("file:///etc/passwd", "file")).toEqual({ kind: "text", reason: "scheme" });
    expect(linkVerdict("not a url", "x")).toEqual({ kind: "text", reason: "invalid" });
    expect(linkVerdict(undefined, "x")).toEqual({ kind: "text", reason: "invalid" });
  });
});

describe("neutralizeLinks", () => {
  it("keeps honest links as written and reduces the others to their words or their site", () => {
    const honest = "Start at [Medicare appeals](https://www.medicare.gov/claims-appeals) or https://www.cdc.gov/flu.";
    expect(neutralizeLinks(honest)).toBe(honest);
    expect(neutralizeLinks("Open [your form](https://forms.example/a?name=Maria&dob=1950-03-02) today.")).toBe("Open your form today.");
    expect(neutralizeLinks('See [www.medicare.gov](https://evil.example/login "Medicare").')).toBe("See medicare.gov.");
    expect(neutralizeLinks("[run](javascript:alert(1))")).toBe("run");
    expect(neutralizeLinks("Go to https://www.forms.example/p?dob=1950-03-02&ssn=123-45-6789 now")).toBe("Go to forms.example/… now");
  });

  it("is linear on long hostile input", () => {
    const started = Date.now();
    neutralizeLinks("[".repeat(50_000) + "](" + "a".repeat(50_000) + "https://".repeat(10_000));
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
