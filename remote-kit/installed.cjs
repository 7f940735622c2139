'use strict';
// Where the remote's installed packages are, the contract package first.
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * The folder of `pkg` as Node would find it from `from`. Read by hand: not every package exports
 * its package.json, and a workspace links @portal/shared rather than installing it.
 */
function packageDir(pkg, from) {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', pkg);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${pkg} is not installed for ${from}: run npm install there`);
  }
}
const installedVersion = (pkg, from) => readJson(path.join(packageDir(pkg, from), 'package.json')).version;

/** The installed contract package (@portal/shared): its folder and package.json. */
function contractPackage(from) {
  const dir = packageDir('@portal/shared', from);
  return { dir, json: readJson(path.join(dir, 'package.json')) };
}

/** The test tools a new remote (portal-remote init) is made with: the versions the portal's own tests run on. */
const TEST_TOOLS = [
  '@swc/core', '@swc/jest', '@testing-library/jest-dom', '@testing-library/react', '@testing-library/user-event',
  '@types/jest', '@types/react', '@types/react-dom', 'jest', 'jest-environment-jsdom',
];

/**
 * What a new remote's package.json names exactly: the libraries the portal's page provides (the
 * contract's peers, as the host has them installed) and the test tools. The packed kit carries them
 * in its package.json's `portal` (scripts/contract-pack.mjs writes them from `portalVersions(root)`);
 * in this repository they are read from the host and the root's installs.
 */
function portalVersions(root) {
  const shared = readJson(path.join(root, 'shared/package.json'));
  const pick = (names, from) => Object.fromEntries(names.map((name) => [name, installedVersion(name, from)]));
  return { provides: pick(Object.keys(shared.peerDependencies), path.join(root, 'host')), tools: pick(TEST_TOOLS, root) };
}

module.exports = { readJson, packageDir, installedVersion, contractPackage, portalVersions };
