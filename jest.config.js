// One jest run for every unit, component and API test; each package is a project.
const { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const path = require('node:path');

/** The contract version a remote is built against, as the build reads it (rspack.config.base.ts). */
const contractVersion = /CONTRACT_VERSION\s*=\s*'([^']+)'/.exec(readFileSync(`${__dirname}/shared/src/version.ts`, 'utf8'))[1];
// A remote's component tests run with the kit's configuration (remote-kit/jest.cjs): the same
// transform and the same packages compiled, plus the API's own ES modules.
const { ESM_ONLY, SWC } = require('./remote-kit/jest.cjs');
const esmOnly = [...ESM_ONLY.filter((name) => name !== '@portal/shared'), 'jose', 'typebox', 'cookie'];
const transform = { '^.+\\.(t|j|mj)sx?$': ['@swc/jest', SWC] };
/**
 * typebox 1.x (ESM) and kysely come in ~680 and ~260 files: under jest, every API test file would
 * resolve, transform and compile each of them again (half a second of a worker's time a file). The
 * same code as one CommonJS bundle, made once per version of them with esbuild (tsx's), loads as one
 * module; a shim per entry point the code imports keeps one instance of each.
 */
function libraryBundle() {
  // As the API resolves them (kysely is the API's own, under api/node_modules).
  const resolve = (request) => require.resolve(request, { paths: [path.join(__dirname, 'api')] });
  const version = (name) => {
    let dir = path.dirname(resolve(name));
    while (path.basename(dir) !== name) dir = path.dirname(dir);
    return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  };
  const dir = path.join(__dirname, '.tmp', 'jest-bundle', `typebox-${version('typebox')}-kysely-${version('kysely')}`);
  const entries = { typebox: 'typebox', compile: 'typebox/compile', value: 'typebox/value', kysely: 'kysely' };
  if (!existsSync(path.join(dir, 'bundle.cjs'))) {
    mkdirSync(dir, { recursive: true });
    const esbuild = require(require.resolve('esbuild', { paths: [path.join(__dirname, 'node_modules/tsx')] }));
    const contents = Object.entries(entries).map(([name, from]) => `export * as ${name} from ${JSON.stringify(resolve(from))};`).join('\n');
    esbuild.buildSync({ stdin: { contents, resolveDir: __dirname }, bundle: true, format: 'cjs', platform: 'node', target: 'es2022', outfile: path.join(dir, 'bundle.tmp.cjs'), logLevel: 'error' });
    for (const name of Object.keys(entries)) writeFileSync(path.join(dir, `${name}.cjs`), `module.exports = require('./bundle.cjs').${name};\n`);
    renameSync(path.join(dir, 'bundle.tmp.cjs'), path.join(dir, 'bundle.cjs'));
  }
  return Object.fromEntries(Object.entries(entries).map(([name, from]) => [`^${from}$`, path.join(dir, `${name}.cjs`)]));
}

const common = {
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  globals: { __PORTAL_CONTRACT_VERSION__: contractVersion },
  // The browser build shares antd/es/<component>; under jest the same components come as CommonJS.
  // Static stylesheets are the build's (jsdom draws no layout); a component's `import './x.css'` is nothing here.
  moduleNameMapper: { '^antd/es/(.*)$': 'antd/lib/$1', '\\.css$': '<rootDir>/jest.style-stub.cjs', ...libraryBundle() },
  // Scratch copies (a remote copied by an e2e test, a benchmark's dist) are not packages of ours.
  modulePathIgnorePatterns: ['<rootDir>/.tmp/', '<rootDir>/dist/', '<rootDir>/test-results/'],
};
const web = {
  ...common,
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.web.ts'],
};
module.exports = {
  // A screen's first render under jsdom (antd's styles, lazy chunks) and an API test's setup
  // (migrations, demo data, scrypt) are CPU work that passed 5 s on 2 busy cores. A guard against
  // hangs, not a measure of speed. (Jest reads it from the global configuration only, not per project.)
  testTimeout: 30_000,
  projects: [
    { ...web, displayName: 'shared', testMatch: ['<rootDir>/shared/src/**/*.test.ts?(x)'] },
    { ...web, displayName: 'host', testMatch: ['<rootDir>/host/src/**/*.test.ts?(x)'] },
    { ...web, displayName: 'remotes', testMatch: ['<rootDir>/remotes/*/src/**/*.test.ts?(x)'] },
    // The migrations and the demo data run once per run and database kind; each file starts from a copy.
    {
      ...common, displayName: 'api', testEnvironment: 'node', testMatch: ['<rootDir>/api/src/**/*.test.ts'],
      globalSetup: '<rootDir>/api/src/test/global-setup.ts', globalTeardown: '<rootDir>/api/src/test/global-teardown.ts',
    },
    // The repository's own scripts (the contract's version rules).
    { ...common, displayName: 'scripts', testEnvironment: 'node', testMatch: ['<rootDir>/scripts/**/*.test.ts'] },
    // The remote kit's command and preset, run as a remote team runs them (builds, an outside install).
    { ...common, displayName: 'remote-kit', testEnvironment: 'node', testMatch: ['<rootDir>/remote-kit/**/*.test.ts'] },
  ],
};
