import type { NativeDescription } from "./native-abi.mjs";
export const FUSES: Record<string, boolean>;
export function packedPaths(appOutDir: string, platform: string, productFilename: string, executableName: string): { executable: string; resources: string };
export function electronFacts(base?: string): { version: string; abi: number };
export function placeNatives(
  resourcesDir: string,
  options: { electronVersion: string; abi: number; platform: string; arch: string; base?: string },
): NativeDescription & { from: string; to: string };
export default function afterPack(context: unknown): Promise<void>;
