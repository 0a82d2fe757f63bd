/** Sizes, dates and percentages as people read them, in English and Spanish. */
import { describe, expect, it } from "vitest";
import { formatBytes, formatDate, formatDateTime, percentOf } from "../../src/renderer/lib/format";

describe("format", () => {
  it("formats sizes with binary multiples and the language's decimal mark", () => {
    expect(formatBytes(0, "en")).toBe("0 B");
    expect(formatBytes(1023, "en")).toBe("1,023 B");
    expect(formatBytes(1536, "en")).toBe("1.5 KB");
    expect(formatBytes(1536, "es")).toBe("1,5 KB");
    expect(formatBytes(20 * 1024 * 1024, "en")).toBe("20 MB");
    expect(formatBytes(944 * 1024 * 1024, "en")).toBe("944 MB");
    expect(formatBytes(1.9 * 1024 ** 3, "en")).toBe("1.9 GB");
    expect(formatBytes(-1, "en")).toBe("—");
  });

  it("formats dates in the UI language and leaves bad ones as they are", () => {
    expect(formatDate("2025-03-04T12:00:00Z", "en")).toBe("March 4, 2025");
    expect(formatDate("2025-03-04T12:00:00Z", "es")).toBe("4 de marzo de 2025");
    expect(formatDate("not a date", "en")).toBe("not a date");
    expect(formatDateTime("2025-03-04T12:00:00Z", "en")).toMatch(/^Mar 4, 2025/);
    expect(formatDateTime("nope", "en")).toBe("nope");
  });

  it("gives whole percents, or null when the total is unknown", () => {
    expect(percentOf(50, 200)).toBe(25);
    expect(percentOf(199, 200)).toBe(99);
    expect(percentOf(300, 200)).toBe(100);
    expect(percentOf(10, null)).toBeNull();
    expect(percentOf(10, 0)).toBeNull();
  });
});
