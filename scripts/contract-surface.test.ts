import { diffLines, surfaceChange, versionProblem } from './contract-surface.mjs';

const before = { 'shared.api.md': 'export function a(x: string): void;\nexport const b: number;\n' };
const added = { 'shared.api.md': 'export function a(x: string): void;\nexport const b: number;\nexport const c: string;\n' };
const narrowed = { 'shared.api.md': 'export function a(x: 1): void;\nexport const b: number;\n' };
const removed = { 'shared.api.md': 'export const b: number;\n' };
const changelog = '# Changelog\n## 2.7.0\n…\n## 3.0.0\n…\n## 2.6.0\n';

test('the lines that went and came', () => {
  expect(diffLines(before['shared.api.md'], narrowed['shared.api.md'])).toEqual(['- export function a(x: string): void;', '+ export function a(x: 1): void;']);
  expect(surfaceChange(before, before)).toEqual({ changed: [], gone: false });
  expect(surfaceChange(before, added)).toEqual({ changed: ['shared.api.md'], gone: false });
  expect(surfaceChange(before, removed)).toEqual({ changed: ['shared.api.md'], gone: true });
});

test('a union of literals that only grew is an addition; one that lost a literal is a narrowing; a report new to the record changes nothing', () => {
  const union = (...codes: string[]) => ({ 'api-types.api.md': `code: ${codes.map((c) => `"${c}"`).join(' | ')};\n` });
  expect(surfaceChange(union('a', 'b'), union('a', 'b', 'c'))).toEqual({ changed: ['api-types.api.md'], gone: false });
  expect(surfaceChange(union('a', 'b'), union('a'))).toEqual({ changed: ['api-types.api.md'], gone: true });
  expect(surfaceChange(union('a', 'b'), union('a', 'c'))).toEqual({ changed: ['api-types.api.md'], gone: true });
  expect(surfaceChange({ 'shared.api.md': null }, added)).toEqual({ changed: [], gone: false });
});

test('an addition needs a new minor, a removal or narrowing a new major, each with its changelog heading; the same surface any version', () => {
  const problem = (after: Record<string, string>, to: string) => versionProblem({ from: '2.6.0', to, change: surfaceChange(before, after), changelog });
  expect(problem(before, '2.6.0')).toBeNull();
  expect(problem(added, '2.6.0')).toMatch(/adding only: CONTRACT_VERSION 2\.6\.0 needs a new minor/);
  expect(problem(added, '2.6.1')).toMatch(/needs a new minor/);
  expect(problem(added, '2.7.0')).toBeNull();
  expect(problem(narrowed, '2.7.0')).toMatch(/removing or narrowing something: CONTRACT_VERSION 2\.7\.0 needs a new major/);
  expect(problem(removed, '3.0.0')).toBeNull();
  expect(problem(added, '2.8.0')).toBe('shared/CHANGELOG.md has no "## 2.8.0" entry: say what a remote of 2.6.0 gets.');
});
