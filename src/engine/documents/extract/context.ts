/** What the parsers decide once per document: date order, decimal comma, 24-hour clock. */
import { findTimes, inferDateOrder } from "./dates";
import { isSpanish } from "./text";
import type { DocContext, Line } from "./types";

export function docContext(lines: readonly Line[]): DocContext {
  const all = lines.map((l) => l.clean).join("\n");
  const spanish = isSpanish(all);
  // A comma before one or two digits and no comma-thousands ("1,234.5") anywhere: decimal commas.
  const decimalComma = spanish || (/\d,\d{1,2}(?!\d)/.test(all) && !/\d,\d{3}\.\d/.test(all));
  const clock24 = lines.some((l) => findTimes(l.clean).some((t) => t.clock === "24h"));
  return { order: inferDateOrder(lines), decimalComma, clock24 };
}
