export interface NativeExports {
  format: "elf" | "mach-o" | "pe" | "unknown";
  machine: string;
  symbols: string[];
}
export interface NativeDescription {
  format: NativeExports["format"];
  machine: string;
  /** ABIs from node_register_module_v<ABI> exports (Node 20 = 115, Electron 40 = 143). */
  abis: number[];
  /** Exports napi_register_module_v1 (loads in any runtime with N-API). */
  napi: boolean;
}
export function readExports(buf: Buffer): NativeExports;
export function describeNative(buf: Buffer): NativeDescription;
export function describeNativeFile(path: string): NativeDescription;
