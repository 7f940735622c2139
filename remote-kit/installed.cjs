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

module.exports = { readJson, packageDir, installedVersion, contractPackage };
