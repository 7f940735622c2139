// What an upload cut short leaves behind is removed at start, and only that: a folder another
// process may still be filling (younger than the limit) and the releases themselves stay.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { removeStaleUploads } from './release-store';

test('stale unpacking folders go; a fresh one and the releases stay', () => {
  const releasesDir = mkdtempSync(path.join(tmpdir(), 'portal-releases-'));
  try {
    const folder = (...parts: string[]) => {
      const dir = path.join(releasesDir, ...parts);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'remoteEntry.js'), '');
      return dir;
    };
    const release = folder('comms', 'mwy6abc-0123456789');
    const stale = folder('comms', '.incoming-aaaa');
    const fresh = folder('orders', '.incoming-bbbb');
    const hoursAgo = (Date.now() - 2 * 3600_000) / 1000;
    utimesSync(stale, hoursAgo, hoursAgo);
    utimesSync(release, hoursAgo, hoursAgo);
    writeFileSync(path.join(releasesDir, 'a-file'), '');

    expect(removeStaleUploads({ releasesDir, releasesKept: 5 })).toEqual([stale]);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(release)).toBe(true);
    expect(removeStaleUploads({ releasesDir: path.join(releasesDir, 'none'), releasesKept: 5 })).toEqual([]);
  } finally {
    rmSync(releasesDir, { recursive: true, force: true });
  }
});
