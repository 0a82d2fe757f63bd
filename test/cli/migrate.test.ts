/** `carefold migrate`, spawned through the real entry point: migrate → validate → route, and its errors. */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT as ROOT, runCarefold } from "../support/carefoldCli";

const WELL = "test/fixtures/legacy-packs/well-formed";

const carefold = (args: string[]) => runCarefold(args);

const work = mkdtempSync(join(tmpdir(), "carefold-cli-migrate-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("carefold migrate", () => {
  it("migrates the legacy fixture; the output validates and is routed to; a re-run changes nothing", async () => {
    const out = join(work, "out");
    const first = await carefold(["migrate", WELL, "--out", out]);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("created  skills/knee-visit-prep/SKILL.md");
    expect(first.stdout).toContain("Not placed (left out of the output):");
    expect(first.stdout).toContain(`Validation: OK (${out} passes carefold validate)`);

    const validate = await carefold(["validate", "--dir", out]);
    expect(validate.code).toBe(0);
    expect(validate.stdout).toBe(`Content OK: 2 agents, 2 skills, 4 references (${out})\n`);

    const route = await carefold(["route", "--content", out, "--json", "Help me keep a pain diary for my sore knee before my visit"]);
    expect(route.code).toBe(0);
    expect(JSON.parse(route.stdout).agents[0]).toBe("knee-visit-guide");

    const again = await carefold(["migrate", WELL, "--out", out, "--json"]);
    expect(again.code).toBe(0);
    const report = JSON.parse(again.stdout);
    expect(report.ok).toBe(true);
    expect(report.files.every((f: { action: string }) => f.action === "unchanged")).toBe(true);
    expect(report.files).toHaveLength(17);
  }, 120_000);

  it("writes nothing on --dry-run", async () => {
    const out = join(work, "dry");
    const r = await carefold(["migrate", WELL, "--out", out, "--dry-run"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Dry run: would migrate");
    expect(r.stdout).toContain("would create  agents/knee-visit-guide/agent.yaml");
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it("exits 1 and names what could not be migrated", async () => {
    const r = await carefold(["migrate", "test/fixtures/legacy-packs/persona-no-sections", "--out", join(work, "pns")]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("Errors (not migrated):\n  agents/plain-persona/persona.md: no sections found");
    expect(r.stdout).toContain("1 folder not migrated");
  }, 60_000);

  it("exits 2 for usage errors and an output inside the input", async () => {
    const none = await carefold(["migrate"]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("a legacy folder and --out are required");
    const unknown = await carefold(["migrate", WELL, "--out", join(work, "x"), "--force"]);
    expect(unknown.code).toBe(2);
    const inside = await carefold(["migrate", WELL, "--out", `${WELL}/out`]);
    expect(inside.code).toBe(2);
    expect(inside.stderr).toContain("--out must be outside the legacy folder");
    expect(existsSync(join(ROOT, WELL, "out"))).toBe(false);
    const missing = await carefold(["migrate", "no/such/dir", "--out", join(work, "y")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("is not a folder");
    const help = await carefold(["--help"]);
    expect(help.stdout).toContain("migrate");
  }, 120_000);
});
