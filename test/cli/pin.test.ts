/**
 * The data folder's key from the command line (src/cli/dataKey.ts, `carefold pin`): made on first use
 * as a key file, then a PIN added, required (CAREFOLD_PIN), refused when wrong, changed and removed;
 * the database stays readable throughout and is never re-encrypted.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isPlainDatabase } from "../../src/engine/storage/encryptDatabase";
import { runCliInProcess } from "../support/carefoldCli";
import { tempDir } from "../support/tempDir";

const tmp = tempDir();
afterAll(() => tmp.cleanup());
const dir = join(tmp.dir, "data");
const carefold = (args: string[], env: Record<string, string> = {}) => runCliInProcess([...args, "--data-dir", dir], { cwd: tmp.dir, env });

describe("carefold pin and the data key", () => {
  it("encrypts a new data folder with a key file, then adds, requires, changes and removes a PIN", async () => {
    expect((await carefold(["consent", "allow", "all"])).status).toBe(0);
    expect(existsSync(join(dir, "keys", "data.key"))).toBe(true);
    expect(isPlainDatabase(join(dir, "carefold.db"))).toBe(false);

    expect((await carefold(["pin", "set"], { CAREFOLD_NEW_PIN: "2468" })).status).toBe(0);
    expect(existsSync(join(dir, "keys", "data.key"))).toBe(false);
    const locked = await carefold(["consent", "list"]);
    expect(locked.status).toBe(1);
    expect(locked.stderr).toMatch(/locked with a PIN: set CAREFOLD_PIN/);
    const wrong = await carefold(["consent", "list"], { CAREFOLD_PIN: "1111" });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/wrong PIN/);
    const open = await carefold(["consent", "list", "--json"], { CAREFOLD_PIN: "2468" });
    expect(open.status).toBe(0);
    expect(JSON.parse(open.stdout)).toMatchObject({ global: true });

    expect((await carefold(["pin", "set"], { CAREFOLD_PIN: "2468", CAREFOLD_NEW_PIN: "9753" })).status).toBe(0);
    expect((await carefold(["consent", "list"], { CAREFOLD_PIN: "2468" })).status).toBe(1);
    expect((await carefold(["pin", "remove"], { CAREFOLD_PIN: "9753" })).status).toBe(0);
    const plainKey = await carefold(["consent", "list", "--json"]);
    expect(plainKey.status).toBe(0);
    expect(JSON.parse(plainKey.stdout)).toMatchObject({ global: true });
  });
});
