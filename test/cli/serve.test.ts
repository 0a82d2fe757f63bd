/** `carefold serve --help` says what the launch token really is: new at each start, valid until serve stops. */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main";

describe("carefold serve --help", () => {
  it("describes the launch token plainly, never as one-time", async () => {
    const stdout = new PassThrough();
    const out: string[] = [];
    stdout.on("data", (c: Buffer) => out.push(c.toString()));
    const status = await runCli(["serve", "--help"], { stdin: new PassThrough(), stdout, stderr: new PassThrough(), cwd: process.cwd(), env: {} });
    const text = out.join("").replace(/\s+/g, " ");
    expect(status).toBe(0);
    expect(text).not.toMatch(/one-time/i);
    expect(text).toContain("a new one is made each time carefold serve starts, and it works, as often as it is used, until carefold serve stops");
    expect(text).toContain("Keep the address private");
  });
});
