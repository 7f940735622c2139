'use strict';
// A remote's component tests, as the portal's own run (jsdom, swc, the contract's test helpers):
//   jest.config.cjs: module.exports = require('@portal/remote-kit/jest').jestConfig();
// antd's components come as CommonJS (antd/lib), a stylesheet import is nothing, and the packages
// published only as ES modules (the packed @portal/shared, react-markdown and its family) are
// compiled like the remote's own code.
const path = require('node:path');
const { contractPackage } = require('./installed.cjs');

/** Packages published only as ES modules that a screen's tests load (through @portal/shared too). */
const ESM_ONLY = [
  '@portal/shared', 'react-markdown', 'unified', 'bail', 'is-plain-obj', 'trough', 'vfile', 'vfile-message', 'unist-.*',
  'mdast-.*', 'micromark.*', 'decode-named-character-reference', 'character-entities.*', 'property-information',
  'hast-.*', 'space-separated-tokens', 'comma-separated-tokens', 'zwitch', 'longest-streak', 'ccount',
  'trim-lines', 'devlop', 'markdown-table', 'html-url-attributes', 'estree-util-.*', 'remark-.*', '@ungap',
];

const SWC = {
  jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
  module: { type: 'commonjs' },
};

/** The jest configuration of the remote in `dir` (its folder; the current one by default). */
function jestConfig({ dir = process.cwd() } = {}) {
  return {
    rootDir: dir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    transform: { '^.+\\.(t|j|mj)sx?$': ['@swc/jest', SWC] },
    transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    moduleNameMapper: { '^antd/es/(.*)$': 'antd/lib/$1', '\\.css$': path.join(__dirname, 'jest-style-stub.cjs') },
    setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.cjs')],
    globals: { __PORTAL_CONTRACT_VERSION__: contractPackage(dir).json.version },
    testTimeout: 30_000,
  };
}

module.exports = { jestConfig, ESM_ONLY, SWC };
