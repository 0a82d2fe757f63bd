export function buildTag(electronVersion: string, platform: string, arch: string): string;
export function outputPath(electronVersion: string, platform: string, arch: string, base?: string): string;
