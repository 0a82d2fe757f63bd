/** Reading what a native addon is built for, from ELF (real binaries here), Mach-O and PE (made in the test). */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describeNative, describeNativeFile, readExports } from "../../scripts/package/native-abi.mjs";

const root = join(__dirname, "..", "..");

/** A 64-bit little-endian Mach-O with one LC_SYMTAB: exported, imported and local symbols. */
function machO(): Buffer {
  const names = ["_node_register_module_v143", "_napi_register_module_v1", "_local_helper"];
  const strtab = Buffer.from(`\0${names.join("\0")}\0`, "latin1");
  const symoff = 32 + 24;
  const stroff = symoff + names.length * 16;
  const buf = Buffer.alloc(stroff + strtab.length);
  buf.writeUInt32LE(0xfeedfacf, 0);
  buf.writeUInt32LE(0x01000007, 4); // x86_64
  buf.writeUInt32LE(1, 16); // ncmds
  buf.writeUInt32LE(24, 20);
  buf.writeUInt32LE(0x2, 32); // LC_SYMTAB
  buf.writeUInt32LE(24, 36);
  buf.writeUInt32LE(symoff, 40);
  buf.writeUInt32LE(names.length, 44);
  buf.writeUInt32LE(stroff, 48);
  buf.writeUInt32LE(strtab.length, 52);
  const types = [0x0f /* defined, external */, 0x01 /* undefined, external */, 0x0e /* defined, local */];
  let strx = 1;
  names.forEach((n, i) => {
    buf.writeUInt32LE(strx, symoff + i * 16);
    buf[symoff + i * 16 + 4] = types[i]!;
    strx += n.length + 1;
  });
  strtab.copy(buf, stroff);
  return buf;
}

/** A PE32+ (x64 DLL) whose export directory names two functions. */
function pe(): Buffer {
  const buf = Buffer.alloc(0x400);
  buf.write("MZ", 0, "latin1");
  buf.writeUInt32LE(0x40, 0x3c);
  buf.write("PE\0\0", 0x40, "latin1");
  buf.writeUInt16LE(0x8664, 0x44); // machine
  buf.writeUInt16LE(1, 0x46); // sections
  buf.writeUInt16LE(0xf0, 0x54); // optional header size
  const opt = 0x58;
  buf.writeUInt16LE(0x20b, opt); // PE32+
  buf.writeUInt32LE(0x1000, opt + 112); // export directory RVA
  buf.writeUInt32LE(0x100, opt + 116);
  const section = opt + 0xf0;
  buf.write(".edata", section, "latin1");
  buf.writeUInt32LE(0x200, section + 8); // virtual size
  buf.writeUInt32LE(0x1000, section + 12); // virtual address
  buf.writeUInt32LE(0x200, section + 16); // raw size
  buf.writeUInt32LE(0x200, section + 20); // raw offset
  const dir = 0x200;
  buf.writeUInt32LE(2, dir + 24); // number of names
  buf.writeUInt32LE(0x1028, dir + 32); // names array RVA
  buf.writeUInt32LE(0x1040, 0x228);
  buf.writeUInt32LE(0x1060, 0x22c);
  buf.write("node_register_module_v115\0", 0x240, "latin1");
  buf.write("some_other_export\0", 0x260, "latin1");
  return buf;
}

describe("native addon inspection", () => {
  it("reads the ABI the installed (Node) better-sqlite3 build registers", () => {
    const d = describeNativeFile(join(root, "node_modules", "better-sqlite3", "build", "Release", "better_sqlite3.node"));
    expect(d).toMatchObject({ format: "elf", napi: false });
    expect(d.abis).toEqual([Number(process.versions.modules)]);
    expect(d.machine).toBe(process.arch);
  });

  it("recognizes node-llama-cpp's binary as N-API (it needs no rebuild for Electron)", () => {
    const file = execFileSync("find", [join(root, "node_modules", "@node-llama-cpp"), "-name", "llama-addon.node"], { encoding: "utf8" }).split("\n")[0]!;
    expect(describeNativeFile(file)).toMatchObject({ format: "elf", abis: [], napi: true });
  });

  it("reads exported (not imported or local) symbols from Mach-O", () => {
    expect(readExports(machO())).toEqual({ format: "mach-o", machine: "x64", symbols: ["node_register_module_v143"] });
    expect(describeNative(machO())).toEqual({ format: "mach-o", machine: "x64", abis: [143], napi: false });
  });

  it("reads the export directory of a PE DLL", () => {
    expect(describeNative(pe())).toEqual({ format: "pe", machine: "x64", abis: [115], napi: false });
  });

  it("says unknown for anything else", () => {
    expect(describeNative(Buffer.from("not a binary at all, just some text padding it out"))).toEqual({ format: "unknown", machine: "unknown", abis: [], napi: false });
  });
});
