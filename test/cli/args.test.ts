/** `--profile NAME`: every command that opens a data folder uses that person's profile folder in it. */
import { describe, expect, it } from "vitest";
import { takeProfileOption } from "../../src/cli/args";
import { ProfileManager } from "../../src/engine/profiles/manager";
import { runCliInProcess } from "../support/carefoldCli";
import { tempDir } from "../support/tempDir";
import { profileEngine } from "../engine/profiles/profileHarness";

describe("--profile", () => {
  it("is taken out of a command's arguments, before or after its own options", () => {
    expect(takeProfileOption(["list", "--profile", "Leo", "--json"])).toEqual({ argv: ["list", "--json"], profile: "Leo" });
    expect(takeProfileOption(["--profile=Mum", "allow", "all"])).toEqual({ argv: ["allow", "all"], profile: "Mum" });
    expect(takeProfileOption(["ask", "--", "--profile"])).toEqual({ argv: ["ask", "--", "--profile"] });
    expect(() => takeProfileOption(["list", "--profile"])).toThrow(/needs a profile/);
  });

  it("points a command at that profile's folder, by name in any case, and names the profiles when there is no such one", async () => {
    const tmp = tempDir("carefold-cli-profile-");
    try {
      const manager = new ProfileManager({ root: tmp.dir, createEngine: ({ dataDir }) => profileEngine(dataDir), sweepMs: null });
      await manager.create("Leo", undefined, null);
      await manager.close();
      const cli = (args: string[]) => runCliInProcess([...args, "--data-dir", tmp.dir], { cwd: tmp.dir });
      expect((await cli(["consent", "allow", "all", "--profile", "leo"])).status).toBe(0);
      expect(JSON.parse((await cli(["consent", "list", "--json", "--profile", "Leo"])).stdout)).toMatchObject({ global: true });
      expect(JSON.parse((await cli(["consent", "list", "--json"])).stdout)).toMatchObject({ global: false });
      const missing = await cli(["consent", "list", "--profile", "Nobody"]);
      expect(missing.status).not.toBe(0);
      expect(missing.stderr).toContain('there is no profile named "Nobody"');
      expect(missing.stderr).toContain("me, Leo");
    } finally {
      tmp.cleanup();
    }
  });
});
