/**
 * The page asks the host whether its address is still this launch's (issue 18, item 1): 204 for the
 * right token, 401 for any other or none, and the usual Host check first; nothing is echoed back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHostedEngine, type HostContext } from "../../security/hostHarness";

let ctx: HostContext;
beforeAll(async () => {
  ctx = await startHostedEngine();
});
afterAll(async () => {
  await ctx.stop();
});

describe("the token check", () => {
  it("says whether a token is this launch's, and nothing more", async () => {
    const ok = await ctx.httpGet(`/rpc/check?token=${ctx.host.token}`, { host: `127.0.0.1:${ctx.host.port}` });
    expect(ok.status).toBe(204);
    expect(ok.body).toBe("");
    for (const query of ["?token=from-an-earlier-launch", "", `?token=${ctx.host.token}x`]) {
      const refused = await ctx.httpGet(`/rpc/check${query}`, { host: `127.0.0.1:${ctx.host.port}` });
      expect(refused.status, query).toBe(401);
      expect(refused.body).not.toContain(ctx.host.token);
    }
    // A page on another site (DNS rebinding) is refused before the token is looked at.
    expect((await ctx.httpGet(`/rpc/check?token=${ctx.host.token}`, { host: "evil.example:80" })).status).toBe(403);
  });
});
