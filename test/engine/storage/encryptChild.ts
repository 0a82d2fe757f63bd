/**
 * Test-only child for the crash test of encrypting a plain database (database.test.ts): opens
 * `file` with `keyHex` and kills itself (SIGKILL) at the named step of encryptPlainDatabase.
 * argv: <file> <keyHex> <step>
 */
import { openDatabase } from "../../../src/engine/storage/database";

const [file, keyHex, step] = process.argv.slice(2) as [string, string, string];
const db = openDatabase(file, {
  key: Buffer.from(keyHex, "hex"),
  encryptStep: (s) => {
    if (s === step) process.kill(process.pid, "SIGKILL");
  },
});
db.close();
process.stdout.write("done\n");
