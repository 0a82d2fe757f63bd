/**
 * What a native addon (.node) is built for, read from the file itself: its format (ELF, Mach-O, PE),
 * machine, and the Node/Electron module ABI it registers (`node_register_module_v<ABI>`) or N-API
 * (`napi_register_module_v1`). A rebuild can "succeed" yet produce the wrong ABI, so the installer step,
 * the afterPack hook and `npm run package:check` all verify the symbol instead of trusting the tool.
 * Plain JavaScript with no dependencies: it runs in npm's postinstall and in electron-builder's hooks.
 */
import { readFileSync } from "node:fs";

const ELF_MACHINES = { 3: "ia32", 40: "arm", 62: "x64", 183: "arm64" };
const MACHO_CPUS = { 7: "ia32", 0x01000007: "x64", 12: "arm", 0x0100000c: "arm64" };
const PE_MACHINES = { 0x14c: "ia32", 0x8664: "x64", 0xaa64: "arm64" };

function cString(buf, start, end = buf.length) {
  let i = start;
  while (i < end && buf[i] !== 0) i++;
  return buf.toString("latin1", start, i);
}

/** ELF: exported names come from the dynamic symbol table (.dynsym + its string table). */
function elfSymbols(buf) {
  const is64 = buf[4] === 2;
  const le = buf[5] === 1;
  const u16 = (o) => (le ? buf.readUInt16LE(o) : buf.readUInt16BE(o));
  const u32 = (o) => (le ? buf.readUInt32LE(o) : buf.readUInt32BE(o));
  const uN = (o) => (is64 ? Number(le ? buf.readBigUInt64LE(o) : buf.readBigUInt64BE(o)) : u32(o));
  const machine = ELF_MACHINES[u16(18)] ?? `elf-machine-${u16(18)}`;
  const shoff = uN(is64 ? 0x28 : 0x20);
  const shentsize = u16(is64 ? 0x3a : 0x2e);
  const shnum = u16(is64 ? 0x3c : 0x30);
  const section = (i) => {
    const o = shoff + i * shentsize;
    return { type: u32(o + 4), offset: uN(o + (is64 ? 0x18 : 0x10)), size: uN(o + (is64 ? 0x20 : 0x14)), link: u32(o + (is64 ? 0x28 : 0x18)), entsize: uN(o + (is64 ? 0x38 : 0x24)) };
  };
  const names = [];
  for (let i = 0; i < shnum; i++) {
    const s = section(i);
    if (s.type !== 11 /* SHT_DYNSYM */) continue;
    const strtab = section(s.link);
    const count = s.entsize ? Math.floor(s.size / s.entsize) : 0;
    for (let k = 1; k < count; k++) {
      const e = s.offset + k * s.entsize;
      const shndx = u16(e + (is64 ? 6 : 14));
      if (shndx === 0) continue; // undefined: imported, not exported
      names.push(cString(buf, strtab.offset + u32(e), strtab.offset + strtab.size));
    }
  }
  return { format: "elf", machine, symbols: names };
}

/** Mach-O (thin or universal): exported names from LC_SYMTAB (defined, external entries). */
function machoSymbols(buf, base = 0) {
  const magic = buf.readUInt32BE(base);
  if (magic === 0xcafebabe) {
    // Universal binary: merge every slice.
    const n = buf.readUInt32BE(base + 4);
    const slices = [];
    for (let i = 0; i < n; i++) slices.push(machoSymbols(buf, buf.readUInt32BE(base + 8 + i * 20 + 8)));
    return { format: "mach-o", machine: slices.map((s) => s.machine).join("+"), symbols: slices.flatMap((s) => s.symbols) };
  }
  const le = buf.readUInt32LE(base) === 0xfeedfacf || buf.readUInt32LE(base) === 0xfeedface;
  const is64 = (le ? buf.readUInt32LE(base) : buf.readUInt32BE(base)) === 0xfeedfacf;
  const u32 = (o) => (le ? buf.readUInt32LE(o) : buf.readUInt32BE(o));
  const machine = MACHO_CPUS[u32(base + 4)] ?? `macho-cpu-${u32(base + 4)}`;
  const ncmds = u32(base + 16);
  let cmd = base + (is64 ? 32 : 28);
  const names = [];
  for (let i = 0; i < ncmds; i++) {
    const type = u32(cmd);
    const size = u32(cmd + 4);
    if (type === 0x2 /* LC_SYMTAB */) {
      const symoff = base + u32(cmd + 8);
      const nsyms = u32(cmd + 12);
      const stroff = base + u32(cmd + 16);
      const entry = is64 ? 16 : 12;
      for (let k = 0; k < nsyms; k++) {
        const e = symoff + k * entry;
        const nType = buf[e + 4];
        if ((nType & 0x0e) === 0 || (nType & 0x01) === 0) continue; // undefined or not external
        names.push(cString(buf, stroff + u32(e)).replace(/^_/, ""));
      }
    }
    cmd += size;
  }
  return { format: "mach-o", machine, symbols: names };
}

/** PE/COFF: exported names from the export directory. */
function peSymbols(buf) {
  const pe = buf.readUInt32LE(0x3c);
  const machine = PE_MACHINES[buf.readUInt16LE(pe + 4)] ?? `pe-machine-${buf.readUInt16LE(pe + 4)}`;
  const nSections = buf.readUInt16LE(pe + 6);
  const optSize = buf.readUInt16LE(pe + 20);
  const opt = pe + 24;
  const is64 = buf.readUInt16LE(opt) === 0x20b;
  const exportRva = buf.readUInt32LE(opt + (is64 ? 112 : 96));
  const sections = [];
  for (let i = 0; i < nSections; i++) {
    const s = opt + optSize + i * 40;
    sections.push({ va: buf.readUInt32LE(s + 12), vsize: buf.readUInt32LE(s + 8), raw: buf.readUInt32LE(s + 20), rsize: buf.readUInt32LE(s + 16) });
  }
  const toOffset = (rva) => {
    const s = sections.find((x) => rva >= x.va && rva < x.va + Math.max(x.vsize, x.rsize));
    return s ? rva - s.va + s.raw : -1;
  };
  const names = [];
  const dir = exportRva ? toOffset(exportRva) : -1;
  if (dir >= 0) {
    const count = buf.readUInt32LE(dir + 24);
    const namesAt = toOffset(buf.readUInt32LE(dir + 32));
    for (let i = 0; i < count && namesAt >= 0; i++) names.push(cString(buf, toOffset(buf.readUInt32LE(namesAt + i * 4))));
  }
  return { format: "pe", machine, symbols: names };
}

/** Format, machine and exported symbols of a native binary held in memory. */
export function readExports(buf) {
  if (buf.length >= 64 && buf.readUInt32BE(0) === 0x7f454c46) return elfSymbols(buf);
  if (buf.length >= 32 && [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(buf.readUInt32BE(0))) return machoSymbols(buf);
  if (buf.length >= 64 && buf.readUInt16LE(0) === 0x5a4d) return peSymbols(buf);
  return { format: "unknown", machine: "unknown", symbols: [] };
}

/** The module ABIs a binary registers, and whether it is N-API. */
export function describeNative(buf) {
  const { format, machine, symbols } = readExports(buf);
  const abis = [...new Set(symbols.map((s) => /^node_register_module_v(\d+)$/.exec(s)?.[1]).filter(Boolean).map(Number))].sort((a, b) => a - b);
  return { format, machine, abis, napi: symbols.includes("napi_register_module_v1") };
}

export function describeNativeFile(path) {
  return describeNative(readFileSync(path));
}
