/** Rate limits per request type: a burst, then a steady rate, per client; each method its own bucket. */
import { describe, expect, it } from "vitest";
import { createRequestLimiter, limitOf } from "../../src/shared/requestLimits";
import { dispatchRequest } from "../../src/shared/rpc";
import { DEFAULT_SETTINGS, type EngineRequests } from "../../src/shared/contract";

describe("request limits", () => {
  it("allows the burst, refuses the next with the wait, and refills at the steady rate", () => {
    let now = 0;
    const limiter = createRequestLimiter(() => now);
    const { burst, perSecond } = limitOf("notes.write");
    for (let i = 0; i < burst; i++) expect(limiter.take("notes.write")).toBeNull();
    const wait = limiter.take("notes.write");
    expect(wait).toBe(Math.ceil(1000 / perSecond));
    now += wait!;
    expect(limiter.take("notes.write")).toBeNull();
    expect(limiter.take("notes.write")).not.toBeNull();
  });

  it("keeps one bucket per method: spending writes leaves reads alone", () => {
    const limiter = createRequestLimiter(() => 0);
    while (limiter.take("consult.ask") === null);
    expect(limiter.take("notes.list")).toBeNull();
  });

  it("1,000 note writes in a row: the burst goes through, the rest get rate_limited with a wait", async () => {
    let writes = 0;
    const api = { "notes.write": async () => (writes++, { name: "a.md", title: "a", size: 1, modifiedAt: new Date(0).toISOString(), revision: "r" }) } as unknown as EngineRequests;
    const limiter = createRequestLimiter(() => 0);
    const codes: Record<string, number> = {};
    for (let i = 0; i < 1000; i++) {
      const r = await dispatchRequest(api, "notes.write", { name: "a.md", content: "x".repeat(64) }, { limiter });
      const code = r.ok ? "ok" : r.error.code;
      codes[code] = (codes[code] ?? 0) + 1;
      if (!r.ok && i === 999) expect(r.error.message).toMatch(/Too many notes\.write requests\. Try again in \d+ s\./);
    }
    expect(codes).toEqual({ ok: limitOf("notes.write").burst, rate_limited: 1000 - limitOf("notes.write").burst });
    expect(writes).toBe(limitOf("notes.write").burst);
  });

  it("counts a malformed request too, so a flood of bad input is limited as well", async () => {
    const api = { "settings.get": async () => DEFAULT_SETTINGS } as unknown as EngineRequests;
    const limiter = createRequestLimiter(() => 0);
    const { burst } = limitOf("consult.ask");
    for (let i = 0; i < burst; i++) expect((await dispatchRequest(api, "consult.ask", { bogus: 1 }, { limiter })).ok).toBe(false);
    const r = await dispatchRequest(api, "consult.ask", { text: "hello" }, { limiter });
    expect(r.ok ? null : r.error.code).toBe("rate_limited");
  });
});
