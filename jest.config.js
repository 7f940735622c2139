// One jest run for every unit, component and API test; each package is a project.
const { readFileSync } = require('node:fs');

/** The contract version a remote is built against, as the build reads it (rspack.config.base.ts). */
const contractVersion = /CONTRACT_VERSION\s*=\s*'([^']+)'/.exec(readFileSync(`${__dirname}/shared/src/version.ts`, 'utf8'))[1];
const esmOnly = [
  'jose', 'react-markdown', 'unified', 'bail', 'is-plain-obj', 'trough', 'vfile', 'vfile-message', 'unist-.*',
  'mdast-.*', 'micromark.*', 'decode-named-character-reference', 'character-entities.*', 'property-information',
  'hast-.*', 'space-separated-tokens', 'comma-separated-tokens', 'zwitch', 'longest-streak', 'ccount',
  'trim-lines', 'devlop', 'markdown-table', 'html-url-attributes', 'estree-util-.*', 'remark-.*', '@ungap', 'typebox', 'cookie',
];
const transform = {
  '^.+\\.(t|j|mj)sx?$': ['@swc/jest', {
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
    module: { type: 'commonjs' },
  }],
};
const common = {
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  globals: { __PORTAL_CONTRACT_VERSION__: contractVersion },
  // The browser build shares antd/es/<component>; under jest the same components come as CommonJS.
  moduleNameMapper: { '^antd/es/(.*)$': 'antd/lib/$1' },
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
    // The remote kit's command and preset, run as a remote team runs them (builds, an outside install).
    { ...common, displayName: 'remote-kit', testEnvironment: 'node', testMatch: ['<rootDir>/remote-kit/**/*.test.ts'] },
  ],
};
