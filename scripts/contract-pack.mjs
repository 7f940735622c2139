// The contract as the packages a remote team installs (design §3 "Releases"):
//   npm run contract:pack -- --out DIR
// writes DIR/portal-shared-<v>.tgz (@portal/shared compiled: ESM and .d.ts, no sources or tests,
// the singletons as peer dependencies with the ranges the host provides, the JSON Schemas) and
// DIR/portal-remote-kit-<v>.tgz (the build preset and the portal-remote command), both at the
// contract version <v> (shared/src/version.ts). Prints the two paths, one a line, last.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileShared } from './compile-shared.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const semver = require('semver');
const { installedVersion } = require('@portal/remote-kit');
const { portalVersions } = require('../remote-kit/installed.cjs');

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const out = path.resolve(outIndex >= 0 ? args[outIndex + 1] : path.join(root, '.tmp/contract'));
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const started = Date.now();

const version = /CONTRACT_VERSION\s*=\s*'([^']+)'/.exec(readFileSync(path.join(root, 'shared/src/version.ts'), 'utf8'))?.[1];
const sharedJson = readJson(path.join(root, 'shared/package.json'));
const kitJson = readJson(path.join(root, 'remote-kit/package.json'));
const problems = [];
if (sharedJson.version !== version) problems.push(`shared/package.json is ${sharedJson.version}, CONTRACT_VERSION is ${version}: give the package the contract's version`);
if (kitJson.version !== version) problems.push(`remote-kit/package.json is ${kitJson.version}, CONTRACT_VERSION is ${version}: the kit is versioned with the contract`);
// The peer ranges are what a remote requires of the host: the host must provide a version in each.
for (const [pkg, range] of Object.entries(sharedJson.peerDependencies)) {
  const provided = installedVersion(pkg, path.join(root, 'host'));
  if (!semver.satisfies(provided, range)) problems.push(`the host provides ${pkg} ${provided}, outside the contract's peer range ${range} (shared/package.json)`);
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}

const versions = portalVersions(root);
/** What ui/testing imports: a remote's tests have them, its build does not need them. */
const TESTING_PEERS = { '@testing-library/react': `^${versions.tools['@testing-library/react']}` };

const stage = path.join(root, '.tmp/contract-pack');
rmSync(stage, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// @portal/shared: compiled (ESM and .d.ts) into its stage's dist/ (scripts/compile-shared.mjs).
const sharedStage = path.join(stage, 'shared');
compileShared(root, sharedStage);
cpSync(path.join(root, 'shared/schemas'), path.join(sharedStage, 'schemas'), { recursive: true });
for (const file of ['antd-components.json', 'CHANGELOG.md']) cpSync(path.join(root, 'shared', file), path.join(sharedStage, file));
writeFileSync(path.join(sharedStage, 'package.json'), `${JSON.stringify({
  name: sharedJson.name,
  version,
  description: sharedJson.description.replace(/ Its version.*$/, ' Its version is the contract version (semver).'),
  type: 'module',
  main: './dist/index.js',
  types: './dist/index.d.ts',
  exports: {
    '.': { types: './dist/index.d.ts', default: './dist/index.js' },
    './ui/*': { types: './dist/ui/*.d.ts', default: './dist/ui/*.js' },
    './schemas/*': './schemas/*',
    './antd-components.json': './antd-components.json',
    './package.json': './package.json',
  },
  sideEffects: sharedJson.sideEffects,
  peerDependencies: { ...sharedJson.peerDependencies, ...TESTING_PEERS },
  peerDependenciesMeta: Object.fromEntries(Object.keys(TESTING_PEERS).map((name) => [name, { optional: true }])),
  dependencies: sharedJson.dependencies,
}, null, 2)}\n`);

// @portal/remote-kit: its files as they are (plain Node), at the contract version, for that contract.
const kitStage = path.join(stage, 'remote-kit');
for (const file of kitJson.files) cpSync(path.join(root, 'remote-kit', file), path.join(kitStage, file), { recursive: true });
const { private: _private, ...kitPublic } = kitJson;
// `portal`: what `portal-remote init` writes into a new remote's package.json, exactly.
writeFileSync(path.join(kitStage, 'package.json'), `${JSON.stringify({ ...kitPublic, version, peerDependencies: { '@portal/shared': `^${version}` }, portal: versions }, null, 2)}\n`);

const tarballs = [sharedStage, kitStage].map((folder) => {
  const [{ filename }] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', out], { cwd: folder, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
  return path.join(out, filename);
});
console.error(`packed contract ${version} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(tarballs.join('\n'));
