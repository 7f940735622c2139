// Production build of the host and the five remotes in one rspack multi-compiler run.
//   node scripts/build.mjs                                   every app into dist/
//   node scripts/build.mjs comms --out DIR [--src DIR]        one remote, from another source
//                                 folder if given, into another folder (a remote team's deploy)
// The remotes build through @portal/remote-kit's preset, the one a remote team uses outside this
// repository (`portal-remote build`); the host through rspack.config.base.ts beside it.
// Plain Node on purpose: under a TypeScript loader (tsx) the Module Federation plugin's runtime
// templates, which it takes from its own functions' source, come out wrapped in `__name(...)`
// helpers that do not exist in the browser. So rspack.config.base.ts is compiled first.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, buildSync } from 'esbuild';

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

const antdCss = apps.includes('host') ? await antdSheets() : undefined;
const configs = apps.map((name) => createPortalConfig({
  name,
  dir: srcDir ?? path.join(root, name === 'host' ? 'host' : `remotes/${name}`),
  outDir,
  antdCss,
}));

/**
 * antd's styles (scripts/antd-styles.tsx), built for Node with antd's CommonJS files: one sheet per
 * component folder in .tmp/antd-css/, which the host's build loads with each component's code
 * (scripts/antd-css-loader.cjs; config-provider.css: the rules two components share; theme.css: the
 * theme's variables on <html> and the icons' rules, which the cabinet's frame imports as
 * `@portal/antd-theme.css`).
 * Made again only when antd, the theme or the list of components changed.
 */
async function antdSheets() {
  const dir = path.join(root, '.tmp/antd-css');
  const inputs = ['scripts/antd-styles.tsx', 'host/src/features/layout/antd-theme.ts', 'shared/antd-components.json', 'node_modules/antd/package.json'];
  const key = createHash('sha256').update(inputs.map((f) => readFileSync(path.join(root, f), 'utf8')).join('\0')).digest('hex');
  const keyFile = path.join(dir, '.key');
  if (existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key) return dir;
  const compiledStyles = path.join(root, '.tmp/antd-styles.cjs');
  await build({
    entryPoints: [path.join(root, 'scripts/antd-styles.tsx')], outfile: compiledStyles, bundle: true, platform: 'node', format: 'cjs', jsx: 'automatic', logLevel: 'warning',
    plugins: [{
      name: 'node-packages',
      setup(b) {
        b.onResolve({ filter: /^antd\/es\// }, (a) => ({ path: a.path.replace(/^antd\/es\//, 'antd/lib/'), external: true }));
        b.onResolve({ filter: /^[^./]/ }, (a) => ({ path: a.path, external: true }));
      },
    }],
  });
  // antd warns of deprecated parts while it draws every component once: not this build's news.
  const warn = console.error;
  console.error = (...line) => { if (!String(line[0]).startsWith('Warning: [antd')) warn(...line); };
  let sheets;
  try {
    sheets = require(compiledStyles).buildAntdSheets(root);
  } finally {
    console.error = warn;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'config-provider.css'), sheets.base);
  writeFileSync(path.join(dir, 'theme.css'), sheets.theme);
  for (const [folder, css] of Object.entries(sheets.folders)) if (css) writeFileSync(path.join(dir, `${folder}.css`), css);
  writeFileSync(keyFile, key);
  return dir;
}

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
