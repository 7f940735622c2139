// The public surface of the contract, recorded (design §3 "Versioning the contract"): API Extractor's
// report of @portal/shared (its index, its UI blocks, @portal/shared/ui/*, each a namespace, and the
// API's entities of api-types.ts) and of
// @portal/remote-kit (index.d.ts), committed as shared/api/*.api.md with the contract version they
// were made at (shared/api/reports.json), plus the JSON Schemas and antd-components.json by content.
//   node scripts/api-report.mjs            (npm test) fails when the surface differs from the reports
//   node scripts/api-report.mjs --update   writes them, when CONTRACT_VERSION says what changed:
//     a removal or narrowing (a line of a report gone or changed) needs a new major, an addition a
//     new minor, each with its shared/CHANGELOG.md heading; the same surface keeps any version.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileShared } from './compile-shared.mjs';
import { diffLines, surfaceChange, versionProblem } from './contract-surface.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { Extractor, ExtractorConfig } = require('@microsoft/api-extractor');

const update = process.argv.includes('--update');
const reportsDir = path.join(root, 'shared/api');
const recordFile = path.join(reportsDir, 'reports.json');
const version = /CONTRACT_VERSION\s*=\s*'([^']+)'/.exec(readFileSync(path.join(root, 'shared/src/version.ts'), 'utf8'))[1];
const work = path.join(root, '.tmp/api-report');
rmSync(work, { recursive: true, force: true });
const started = Date.now();

/** API Extractor's report of the declarations at `entry`, as text (its messages other than the report's own are dropped). */
function report(name, entry, projectFolder) {
  const out = path.join(work, 'out');
  mkdirSync(out, { recursive: true });
  // The committed report where API Extractor looks for it, so that it compares rather than warns of a new file.
  const committed = path.join(reportsDir, `${name}.api.md`);
  if (existsSync(committed)) writeFileSync(path.join(out, `${name}.api.md`), readFileSync(committed));
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder,
      mainEntryPointFilePath: entry,
      newlineKind: 'lf',
      compiler: { overrideTsconfig: { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx', strict: true, skipLibCheck: true, esModuleInterop: true, lib: ['ES2023', 'DOM', 'DOM.Iterable'], types: [] }, files: [entry] } },
      apiReport: { enabled: true, reportFileName: `${name}.api.md`, reportFolder: out, reportTempFolder: path.join(work, 'temp') },
      docModel: { enabled: false }, dtsRollup: { enabled: false }, tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: { default: { logLevel: 'none' } },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: path.join(projectFolder, 'package.json'),
  });
  const result = Extractor.invoke(config, { localBuild: true, showVerboseMessages: false, showDiagnostics: false, messageCallback: (m) => { if (m.logLevel !== 'warning') m.handled = true; } });
  if (result.errorCount > 0) throw new Error(`API Extractor: ${result.errorCount} errors in ${name}`);
  // The version's own value is no part of the surface (reports.json records it): every bump changes it.
  return readFileSync(path.join(out, `${name}.api.md`), 'utf8').replace(/(export const CONTRACT_VERSION) = "[^"]*";/, '$1: string;');
}

// @portal/shared as it ships: compiled, then its UI blocks gathered into one entry, a namespace each.
const shared = path.join(work, 'shared');
compileShared(root, shared);
writeFileSync(path.join(shared, 'package.json'), JSON.stringify({ name: '@portal/shared', version }));
const blocks = readdirSync(path.join(shared, 'dist/ui')).filter((f) => f.endsWith('.d.ts')).map((f) => f.replace(/\.d\.ts$/, '')).sort();
writeFileSync(path.join(shared, 'dist/ui-blocks.d.ts'), blocks.map((b) => `export * as ${b.replace(/-(\w)/g, (_, c) => c.toUpperCase())} from './ui/${b}.js';`).join('\n') + '\n');
const kit = path.join(root, 'remote-kit');
const sha = (file) => createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
const surface = {
  'shared.api.md': report('shared', path.join(shared, 'dist/index.d.ts'), shared),
  'shared-ui.api.md': report('shared-ui', path.join(shared, 'dist/ui-blocks.d.ts'), shared),
  // The entities the API serves (api-types.ts, generated from its OpenAPI document), which the
  // index names but its report does not spell out: a field gone or narrowed shows here.
  'shared-api-types.api.md': report('shared-api-types', path.join(shared, 'dist/api-types.d.ts'), shared),
  'remote-kit.api.md': report('remote-kit', path.join(kit, 'index.d.ts'), kit),
  'data.api.md': `## Data files of @portal/shared (sha256, first 16)\n\n${[
    ...readdirSync(path.join(root, 'shared/schemas')).sort().map((f) => `schemas/${f}`), 'antd-components.json',
  ].map((f) => `- ${f}: ${sha(path.join(root, 'shared', f))}`).join('\n')}\n`,
};

const committed = Object.fromEntries(Object.keys(surface).map((f) => [f, existsSync(path.join(reportsDir, f)) ? readFileSync(path.join(reportsDir, f), 'utf8') : null]));
// Every report that differs from its committed file (one not yet committed too); what the version
// must say is judged from those that were there before.
const changed = Object.keys(surface).filter((f) => surface[f] !== committed[f]);
const change = surfaceChange(committed, surface);
const record = existsSync(recordFile) ? JSON.parse(readFileSync(recordFile, 'utf8')) : null;
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

if (!update) {
  if (changed.length) {
    console.error(`The contract's public surface differs from its report (${changed.map((f) => `shared/api/${f}`).join(', ')}):`);
    for (const f of changed) console.error(committed[f] === null ? `  ${f}: a new report, not committed yet` : diffLines(committed[f], surface[f]).map((l) => `  ${f}: ${l}`).join('\n'));
    console.error('If the change is meant: give CONTRACT_VERSION the bump it needs (a removal or narrowing: major; an addition: minor) with its CHANGELOG entry, then run npm run api:report.');
    process.exit(1);
  }
  if (record?.contractVersion !== version && record) console.log(`api report: the surface of ${record.contractVersion} holds at ${version}`);
  console.log(`api report: the contract's surface matches shared/api/ (${Object.keys(surface).length} reports, ${seconds()})`);
  process.exit(0);
}

// --update: what the change needs of the version (none for the first report).
const problem = record && versionProblem({ from: record.contractVersion, to: version, change, changelog: readFileSync(path.join(root, 'shared/CHANGELOG.md'), 'utf8') });
if (problem) {
  console.error(problem);
  process.exit(1);
}
mkdirSync(reportsDir, { recursive: true });
for (const f of Object.keys(surface)) writeFileSync(path.join(reportsDir, f), surface[f]);
writeFileSync(recordFile, `${JSON.stringify({ contractVersion: change.changed.length === 0 && record ? record.contractVersion : version }, null, 2)}\n`);
console.log(`api report: ${changed.length ? `wrote ${changed.join(', ')}` : 'unchanged'} at contract ${version} (${seconds()})`);
