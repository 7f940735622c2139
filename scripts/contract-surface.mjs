// What a change of the contract's public surface asks of its version (design §3 "Versioning the
// contract"), from its reports before and after (scripts/api-report.mjs): a line gone or changed is a
// removal or narrowing and needs a new major, lines only added need a new minor, each with its
// CHANGELOG.md heading; the same surface keeps any version.
import semverModule from 'semver';

const semver = semverModule;

/** The lines of `after` not in `before` (+ …) and of `before` not in `after` (- …), blank lines and code fences aside. */
export function diffLines(before, after) {
  const meaningful = (text) => text.split('\n').map((l) => l.trimEnd()).filter((l) => l.trim() && !/^\s*(\/\/|```)/.test(l));
  const count = (lines) => lines.reduce((m, l) => m.set(l, (m.get(l) ?? 0) + 1), new Map());
  const [left, right] = [count(meaningful(before)), count(meaningful(after))];
  return [
    ...[...left].filter(([l, n]) => (right.get(l) ?? 0) < n).map(([l]) => `- ${l}`),
    ...[...right].filter(([l, n]) => (left.get(l) ?? 0) < n).map(([l]) => `+ ${l}`),
  ];
}

/** A union of string literals, as one token: the line's shape without which literals it names. */
const unionShape = (line) => line.replace(/"[^"]*"(\s*\|\s*"[^"]*")*/g, 'UNION');
const literals = (line) => new Set(line.match(/"[^"]*"/g) ?? []);

/** Whether the added line only widens the removed one: the same line, its unions naming more literals. */
function widens(removed, added) {
  if (unionShape(removed) !== unionShape(added)) return false;
  const more = literals(added);
  return [...literals(removed)].every((literal) => more.has(literal));
}

/**
 * The reports that differ, and whether any line went: { changed: names[], gone: boolean }. A line
 * whose union of literals only grew is an addition; a report new to the record is no change.
 */
export function surfaceChange(before, after) {
  const changed = Object.keys(after).filter((name) => before[name] !== undefined && before[name] !== null && before[name] !== after[name]);
  const gone = changed.some((name) => {
    const lines = diffLines(before[name], after[name]);
    const added = lines.filter((l) => l.startsWith('+ ')).map((l) => l.slice(2));
    return lines.filter((l) => l.startsWith('- ')).some((l) => !added.some((a) => widens(l.slice(2), a)));
  });
  return { changed, gone };
}

/** Why `to` cannot carry the change made since `from`, or null when it can. */
export function versionProblem({ from, to, change, changelog }) {
  if (change.changed.length === 0) return null;
  const needed = change.gone ? 'major' : 'minor';
  const enough = change.gone ? semver.major(to) > semver.major(from) : semver.gt(to, from) && (semver.major(to) > semver.major(from) || semver.minor(to) > semver.minor(from));
  if (!enough) return `The surface changed since ${from} by ${change.gone ? 'removing or narrowing something' : 'adding only'}: CONTRACT_VERSION ${to} needs a new ${needed} (shared/src/version.ts, shared/package.json, remote-kit/package.json, shared/CHANGELOG.md, then npm install for package-lock.json).`;
  if (!changelog.includes(`## ${to}`)) return `shared/CHANGELOG.md has no "## ${to}" entry: say what a remote of ${from} gets.`;
  return null;
}
