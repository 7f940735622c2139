// Production build of the host and the five remotes in one rspack multi-compiler run.
//   node scripts/build.mjs                                   every app into dist/
//   node scripts/build.mjs comms --out DIR [--src DIR]        one remote, from another source
//                                 folder if given, into another folder (a remote team's deploy)
// The remotes build through @portal/remote-kit's preset, the one a remote team uses outside this
// repository (`portal-remote build`); the host through rspack.config.base.ts beside it.
// Plain Node on purpose: under a TypeScript loader (tsx) the Module Federation plugin's runtime
// templates, which it takes from its own functions' source, come out wrapped in `__name(...)`
// helpers that do not exist in the browser. So rspack.config.base.ts is compiled first.
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiled = path.join(root, '.tmp/rspack.config.base.cjs');
buildSync({ entryPoints: [path.join(root, 'rspack.config.base.ts')], outfile: compiled, platform: 'node', format: 'cjs', packages: 'external', logLevel: 'warning' });
const require = createRequire(import.meta.url);
const { createPortalConfig, REMOTE_NAMES } = require(compiled);
const { rspack } = require('@rspack/core');
const { precompress } = require('@portal/remote-kit');

const args = process.argv.slice(2);
const option = (flag) => {
  const i = args.indexOf(flag);
  return i >= 0 ? path.resolve(args[i + 1]) : undefined;
};
const outDir = option('--out');
const srcDir = option('--src');
const names = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const apps = names.length ? names : ['host', ...REMOTE_NAMES];
for (const app of apps) if (app !== 'host' && !REMOTE_NAMES.includes(app)) throw new Error(`unknown app "${app}"`);
if ((outDir || srcDir) && apps.length !== 1) throw new Error('--out and --src take exactly one app');

const configs = apps.map((name) => createPortalConfig({
  name,
  dir: srcDir ?? path.join(root, name === 'host' ? 'host' : `remotes/${name}`),
  outDir,
}));

const started = Date.now();
rspack(configs).run((err, stats) => {
  if (err) { console.error(err); process.exit(1); }
  if (stats?.hasErrors()) {
    console.error(stats.toString({ all: false, errors: true, colors: false }));
    process.exit(1);
  }
  // Hashed files are compressed once here (see the preset); the host's folder holds the remotes' own.
  for (const config of configs) precompress(config.output.path, (folder) => folder === path.join(root, 'dist/remotes'));
  if (apps.includes('host') && !outDir) {
    const registry = path.join(root, 'dist/remotes.json');
    // The registry is deployment data: a build writes the default one only where none exists yet.
    if (!existsSync(registry)) copyFileSync(path.join(root, 'host/remotes.json'), registry);
    mkdirSync(path.join(root, 'dist'), { recursive: true });
    writeFileSync(path.join(root, 'dist/.build-stamp'), new Date().toISOString());
  }
  console.log(`built ${apps.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
