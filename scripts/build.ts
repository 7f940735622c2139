// Production build of the host and the five remotes in one rspack multi-compiler run.
//   tsx scripts/build.ts                 every app into dist/
//   tsx scripts/build.ts comms --out DIR [--src DIR]  one remote, from another source folder if
//                                        given, into another folder (a remote team's deploy)
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { createPortalConfig, REMOTE_NAMES, ROOT, type RemoteName } from '../rspack.config.base';

const args = process.argv.slice(2);
const option = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? path.resolve(args[i + 1]) : undefined;
};
const outDir = option('--out');
const srcDir = option('--src');
const names = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const apps = (names.length ? names : ['host', ...REMOTE_NAMES]) as ('host' | RemoteName)[];
if ((outDir || srcDir) && apps.length !== 1) throw new Error('--out and --src take exactly one app');

const configs = apps.map((name) => createPortalConfig({
  name,
  dir: srcDir ?? path.join(ROOT, name === 'host' ? 'host' : `remotes/${name}`),
  outDir,
}));

const started = Date.now();
rspack(configs).run((err, stats) => {
  if (err) { console.error(err); process.exit(1); }
  if (stats?.hasErrors()) {
    console.error(stats.toString({ all: false, errors: true, colors: false }));
    process.exit(1);
  }
  if (apps.includes('host') && !outDir) {
    const registry = path.join(ROOT, 'dist/remotes.json');
    // The registry is deployment data: a build writes the default one only where none exists yet.
    if (!existsSync(registry)) copyFileSync(path.join(ROOT, 'host/remotes.json'), registry);
    mkdirSync(path.join(ROOT, 'dist'), { recursive: true });
    writeFileSync(path.join(ROOT, 'dist/.build-stamp'), new Date().toISOString());
  }
  console.log(`built ${apps.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
