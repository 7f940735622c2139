// Types of contract-surface.mjs for its test.
export function diffLines(before: string, after: string): string[];
export interface SurfaceChange { changed: string[]; gone: boolean }
export function surfaceChange(before: Record<string, string | null>, after: Record<string, string>): SurfaceChange;
export function versionProblem(options: { from: string; to: string; change: SurfaceChange; changelog: string }): string | null;
