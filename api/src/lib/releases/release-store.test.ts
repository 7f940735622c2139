// What an upload cut short leaves behind is removed at start, and only that: a folder another
// process may still be filling (younger than the limit) and the releases themselves stay.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { releaseEntryFiles, removeStaleUploads } from './release-store';

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

test('a release\'s first files: its exposed module\'s sync css and js as URLs, no name that could leave the folder or the page\'s markup, none without a manifest', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'releases-'));
  try {
    const files = { releasesDir: dir, releasesKept: 5 };
    const folder = path.join(dir, 'comms', 'mx1-0123456789');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'mf-manifest.json'), JSON.stringify({ exposes: [
      { name: 'module', assets: { js: { sync: ['__federation_expose_module.1a.js', '../host.js', 'x"><script>.js', 'https://evil.example/a.js', 42], async: ['551.aa.js'] }, css: { sync: ['static/css/module.2b.css'], async: ['9.cc.css'] } } },
    ] }));
    expect(releaseEntryFiles(files, 'comms', 'mx1-0123456789')).toEqual([
      '/remotes/comms/mx1-0123456789/static/css/module.2b.css', '/remotes/comms/mx1-0123456789/__federation_expose_module.1a.js',
    ]);
    expect(releaseEntryFiles(files, 'comms', 'mx2-0123456789')).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
