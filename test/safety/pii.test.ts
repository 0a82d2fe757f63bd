import { describe, expect, it } from "vitest";
import { maskIdentifiers, sanitizePii } from "../../src/engine/safety/index";

describe("sanitizePii", () => {
  it.each([
    ["My name is Maria Lopez and I need help.", "Maria Lopez", "name"],
    ["Patient: Jane Q Public", "Jane Q Public", "name"],
    ["My husband John has a visit Tuesday.", "John", "name"],
    ["Mi esposo Carlos Ruiz tiene cita.", "Carlos Ruiz", "name"],
    ["Mrs. Okafor called.", "Okafor", "name"],
    ["I live at 1420 Oak Ridge Dr, Apt 4B.", "1420 Oak Ridge Dr, Apt 4B", "address"],
    ["Vivo en Calle Mayor 12.", "Calle Mayor 12", "address"],
    ["Springfield, IL 62704", "62704", "zip"],
    ["zip code 10001", "10001", "zip"],
    ["DOB: 04/12/1961", "04/12/1961", "date"],
    ["admitted on March 3, 2024", "March 3, 2024", "date"],
    ["fecha de nacimiento 3 de marzo de 1950", "3 de marzo de 1950", "date"],
    ["She is 93 years old.", "93", "age"],
    ["Call me at (555) 201-3344.", "(555) 201-3344", "phone"],
    ["call +44 20 7946 0958 today", "+44 20 7946 0958", "phone"],
    ["Fax: 555-201-9988", "555-201-9988", "fax"],
    ["write to maria.lopez@example.com", "maria.lopez@example.com", "email"],
    ["SSN 123-45-6789", "123-45-6789", "ssn"],
    ["MRN: 88231947", "88231947", "mrn"],
    ["Member ID: XJH123456789", "XJH123456789", "member_id"],
    ["policy number 55-22910", "55-22910", "member_id"],
    ["account number 0034-8821-77", "0034-8821-77", "account"],
    ["driver's license D1234567", "D1234567", "license"],
    ["VIN 1HGCM82633A004352", "1HGCM82633A004352", "vehicle_id"],
    ["pacemaker serial number PX-883201", "PX-883201", "device_id"],
    ["see https://portal.example.org/records?id=55", "https://portal.example.org/records?id=55", "url"],
    ["from 192.168.1.20", "192.168.1.20", "ip"],
    ["IPv6 2001:0db8:85a3:0000:0000:8a2e:0370:7334", "2001:0db8:85a3:0000:0000:8a2e:0370:7334", "ip"],
  ])("masks %s", (text, secret, type) => {
    const r = sanitizePii(text);
    expect(r.text).not.toContain(secret);
    expect(r.findings.find((f) => f.type === type)?.count ?? 0).toBeGreaterThanOrEqual(1);
  });

  it("keeps clinical values, money, symptom dates, clinicians and public helplines", () => {
    const text =
      "BP 120/80 mmHg, pulse 72 bpm, metformin 500 mg, A1C 6.5 %, I owe $1,500. Symptoms started 03/14/2024 at 10:30. Dr. Patel said to call Poison Help 1-800-222-1222 or 988. Weight 82 kg, temp 38.5 C, 2 puffs, 12/08 follow-up.";
    const r = sanitizePii(text);
    expect(r.text).toBe(text);
    expect(r.findings).toEqual([]);
  });

  it("counts several findings of one type", () => {
    const r = sanitizePii("Call 555-201-3344 or 555-201-3345, or email a@b.org");
    expect(r.findings).toEqual([
      { type: "email", count: 1 },
      { type: "phone", count: 2 },
    ]);
  });

  it("is linear on long input and never throws", () => {
    const big = "Patient notes: pressure 130/85, pulse 70. ".repeat(10_000) + "My name is Ana Diaz.";
    const started = performance.now();
    const r = sanitizePii(big);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(r.text.endsWith("My name is [NAME].")).toBe(true);
    expect(sanitizePii("").text).toBe("");
    expect(() => sanitizePii("a".repeat(100_000) + "@" + "b".repeat(100_000))).not.toThrow();
  });

describe("maskIdentifiers: the forms model output takes", () => {
  it("masks SSNs grouped with spaces or dots, after a label and a verb, and labelled ids inside links", () => {
    expect(maskIdentifiers("SSN 123 45 6789 and 123.45.6789")).toBe("SSN [SSN] and [SSN]");
    expect(maskIdentifiers("Your social security number is 123456789.")).toBe("Your social security number is [SSN].");
    expect(maskIdentifiers("https://portal.example/chart?mrn=00123456&acct=99887766")).toBe("https://portal.example/chart?mrn=[MRN]&acct=[ACCOUNT]");
    // Mixed separators, clinical values and public numbers stay.
    expect(maskIdentifiers("123 45.6789, BP 120/80, call 988 or 1-800-273-8255")).toBe("123 45.6789, BP 120/80, call 988 or 1-800-273-8255");
  });
});
});
