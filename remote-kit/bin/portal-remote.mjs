#!/usr/bin/env node
// portal-remote: build, check, serve and deploy a portal remote from its folder (the current one).
//   portal-remote build [--out DIR]                    production build into DIR (default dist/)
//   portal-remote check [--skip-types]                 menu.json, types and contract version against the installed @portal/shared
//   portal-remote dev --portal URL [--port N]          rebuild on change and serve with CORS for the portal
//   portal-remote deploy --portal URL --key KEY [--dir DIR]   upload a built folder as a release and make it live
//   portal-remote init NAME [--contract DIR]           a new remote's folder, NAME/, ready to check, test and build
// Plain Node, never a TypeScript loader: see preset.cjs.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFile, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { createRemoteConfig, precompress, contractPackage, unsharedImports, packageOf } = require('../preset.cjs');
const { readMenuFile, ContractError } = require('../menu.cjs');
const { portalVersions } = require('../installed.cjs');

const dir = process.cwd();
const [command, ...args] = process.argv.slice(2);
const option = (flag) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

function fail(message) {
  console.error(`portal-remote ${command}: ${message}`);
  process.exit(1);
}

/** The remote's registry name: --name, else its package name without the scope (@portal/comms → comms). */
function remoteName() {
  if (option('--name')) return option('--name');
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) fail(`no package.json in ${dir}: run it from the remote's folder`);
  return JSON.parse(readFileSync(file, 'utf8')).name.replace(/^@[^/]+\//, '');
}

/** Builds once, or with `watch` on every change; `onRebuilt` hears of each good build after the first. */
function runRspack(config, watch, onRebuilt) {
  const { rspack } = require('@rspack/core');
  const compiler = rspack(config);
  return new Promise((resolve) => {
    const done = (err, stats) => {
      if (err) { console.error(err); return resolve(false); }
      if (stats?.hasErrors()) { console.error(stats.toString({ all: false, errors: true, colors: false })); return resolve(false); }
      resolve(true);
    };
    if (!watch) return compiler.run((err, stats) => compiler.close(() => done(err, stats)));
    let first = true;
    const watching = compiler.watch({}, (err, stats) => {
      if (!err && !stats?.hasErrors()) {
        console.log(`rebuilt at ${new Date().toLocaleTimeString()}`);
        if (!first) onRebuilt?.();
      }
      if (!first) return done(err, stats);
      first = false;
      // rspack starts watching the files on the next tick after this, and a file saved between the
      // start of the first build and then is never seen (a team edits a file while the first build
      // runs, and the served remote stays old). So the command goes on once the watcher is there, and
      // builds again if a source file of this build changed after the build began.
      const began = stats?.compilation.startTime ?? Date.now();
      const sources = [...(stats?.compilation.fileDependencies ?? [])].filter((f) => !f.includes(`${path.sep}node_modules${path.sep}`));
      setTimeout(() => {
        if (sources.some((f) => { try { return statSync(f).mtimeMs >= began; } catch { return true; } })) watching.invalidate();
        done(err, stats);
      }, 100);
    });
  });
}

async function build() {
  const started = Date.now();
  const outDir = path.resolve(option('--out') ?? 'dist');
  const name = remoteName();
  if (!(await runRspack(createRemoteConfig({ name, dir, outDir, production: true }), false))) process.exit(1);
  precompress(outDir);
  console.log(`built ${name} into ${path.relative(dir, outDir) || '.'} in ${seconds(started)}`);
}

async function check() {
  const started = Date.now();
  const problems = [];
  // 1. The menu, by the installed contract's schema.
  try {
    readMenuFile(path.join(dir, 'src/menu.json'), dir);
    console.log('ok   src/menu.json matches the contract\'s menu.schema.json');
  } catch (error) {
    if (!(error instanceof ContractError)) throw error;
    problems.push(error.message);
  }
  // 2. The contract: the installed @portal/shared satisfies what the remote asks for, and the kit is of its major.
  const semver = require('semver');
  const contract = contractPackage(dir);
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const wanted = { ...pkg.devDependencies, ...pkg.peerDependencies, ...pkg.dependencies }['@portal/shared'];
  const kit = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
  if (!wanted) problems.push('package.json: "@portal/shared" is not among the dependencies');
  else if (semver.validRange(wanted) && !semver.satisfies(contract.json.version, wanted)) problems.push(`package.json asks for @portal/shared ${wanted}, installed is ${contract.json.version}: npm install the contract's tarball`);
  if (semver.major(kit) !== semver.major(contract.json.version)) problems.push(`@portal/remote-kit ${kit} builds for contract ${semver.major(kit)}.x, installed @portal/shared is ${contract.json.version}`);
  if (!problems.some((p) => p.startsWith('package.json') || p.startsWith('@portal/remote-kit'))) console.log(`ok   contract @portal/shared ${contract.json.version}, remote-kit ${kit}`);
  // 3. Types, with the remote's own tsconfig.json, against the contract's .d.ts (--skip-types: a CI
  // that has just run tsc over the same files, tests included, as ci:remote does).
  if (args.includes('--skip-types')) {
    console.log('skip types (--skip-types)');
  } else if (!existsSync(path.join(dir, 'tsconfig.json'))) {
    problems.push('tsconfig.json: missing; start from { "extends": "@portal/remote-kit/tsconfig.remote.json", "include": ["src"] }');
  } else {
    const tsc = require.resolve('typescript/bin/tsc');
    const result = spawnSync(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8' });
    if (result.status === 0) console.log('ok   types (tsc --noEmit -p tsconfig.json)');
    else problems.push(`types (tsc --noEmit -p tsconfig.json):\n${(result.stdout + result.stderr).trim()}`);
  }
  // 4. The page's libraries: an import that the build would bundle a copy of (the gate's `unshared_library`).
  const sources = [];
  (function walk(folder) {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(tsx?|jsx?|mjs)$/.test(entry.name) && !/\.test\.[jt]sx?$/.test(entry.name)) sources.push({ file: path.relative(dir, file), text: readFileSync(file, 'utf8') });
    }
  })(path.join(dir, 'src'));
  const unshared = unsharedImports(sources, dir);
  if (unshared.length === 0) console.log('ok   imports: no library the page shares is bundled');
  for (const { file, specifier } of unshared) {
    const hint = specifier.startsWith('antd') ? 'only antd/es/<component> of @portal/shared/antd-components.json is shared' : `import it as ${packageOf(specifier)}`;
    problems.push(`unshared_library: ${file} imports ${specifier}, which the build would bundle as its own copy of a library the page shares (${hint})`);
  }
  if (problems.length) {
    for (const p of problems) console.error(`FAIL ${p}`);
    console.error(`check failed in ${seconds(started)}`);
    process.exit(1);
  }
  console.log(`checked in ${seconds(started)}`);
}

/** The event stream of rebuilds, next to the manifest (the host's override banner reads it). */
const EVENTS = 'portal-remote-events';

const TYPES = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.map': 'application/json' };

async function dev() {
  const portal = option('--portal');
  if (!portal) fail('--portal URL is required (the portal this remote is tried in)');
  const origin = new URL(portal).origin;
  const port = Number(option('--port') ?? 3101);
  const outDir = path.resolve(option('--out') ?? '.portal-remote/dev');
  const name = remoteName();
  // The portal's page, while it loads this remote from here, listens at /portal-remote-events next to
  // the manifest and loads anew on each `built` event (host: the override banner).
  const listeners = new Set();
  const rebuilt = () => { for (const listener of listeners) listener.write(`event: built\ndata: ${Date.now()}\n\n`); };
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Cache-Control', 'no-store');
    if (req.method === 'OPTIONS') { res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET', 'Access-Control-Allow-Headers': '*' }).end(); return; }
    if (req.url === `/${EVENTS}`) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' }).write(': builds of this remote\n\n');
      listeners.add(res);
      req.on('close', () => listeners.delete(res));
      return;
    }
    let wanted;
    // A malformed escape (/%E0%A4%A) throws: one stray request must not end the server.
    try { wanted = decodeURIComponent(new URL(req.url, 'http://x').pathname); } catch { res.writeHead(400).end(); return; }
    const file = path.join(outDir, path.normalize(wanted).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(outDir)) { res.writeHead(404).end(); return; }
    // Read in one step: a rebuild removes the files of the build before, and one checked a moment
    // ago may be gone when it is opened. That is a 404 the page asks again after, never an error
    // that ends the server.
    readFile(file, (error, bytes) => {
      if (error) { res.writeHead(['ENOENT', 'EISDIR', 'ENOTDIR'].includes(error.code) ? 404 : 500).end(); return; }
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(bytes);
    });
  });
  await new Promise((resolve) => server.listen(port, resolve));
  await runRspack({ ...createRemoteConfig({ name, dir, outDir, production: false }) }, true, rebuilt);
  const manifest = `http://localhost:${port}/mf-manifest.json`;
  const link = new URL('/override', origin);
  link.search = new URLSearchParams({ name, manifest }).toString();
  console.log(`serving ${name} at ${manifest} (CORS for ${origin}), rebuilding on change`);
  console.log(`open this link in the portal as a signed-in staff user and confirm (the portal runs with REMOTE_OVERRIDES=on);`);
  console.log(`the open page loads anew after each rebuild:`);
  console.log(`  ${link.href}`);
  console.log(`(or POST ${origin}/api/remotes/overrides/ {"name":"${name}","manifest":"${manifest}"} with a staff user's token)`);
}

/** The portal's own first path segments, which a remote's base path /NAME would hide. */
const RESERVED_PATHS = ['api', 'static', 'remotes', 'login', 'register', 'restore', 'contract', 'profile', 'override', 'index.html', 'remotes.json'];

/**
 * A new remote's folder, NAME/ here: its module, menu, one screen with its test, words, tsconfig,
 * jest config, a CI workflow and a package.json that names the libraries the portal's page provides
 * at their exact versions (the remote's build shares them, never bundles them) and the test tools the
 * portal's own tests run on. The contract comes from its two tarballs when they are in --contract DIR
 * (the current folder by default), copied into NAME/contract/ and named as `file:` dependencies,
 * else as ^version from a registry.
 */
async function init() {
  const name = args.find((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
  if (!name) fail('a name is required: portal-remote init NAME (lower-case letters, digits and dashes, e.g. claims)');
  // The registry's rule for a remote's name (api: remotes.name), which is also its base path /NAME.
  if (!/^[a-z][a-z0-9-]{0,63}$/.test(name)) fail(`"${name}" cannot name a remote: lower-case Latin letters, digits and dashes, starting with a letter, at most 64`);
  if (RESERVED_PATHS.includes(name)) fail(`"${name}" is one of the portal's own addresses (/${name}): choose another name`);
  const target = path.resolve(name);
  if (existsSync(target) && readdirSync(target).length > 0) fail(`${target} exists and is not empty: choose another name or remove it`);
  const kitDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const kit = JSON.parse(readFileSync(path.join(kitDir, 'package.json'), 'utf8'));
  // The packed kit carries the versions (scripts/contract-pack.mjs); in the portal's repository they are read from its installs.
  const versions = kit.portal ?? portalVersions(path.dirname(kitDir));
  const contractDir = path.resolve(option('--contract') ?? '.');
  cpSync(path.join(kitDir, 'template'), target, { recursive: true });
  // The tarballs go into the remote's own folder (contract/), so that its repository, and its CI's
  // `npm ci`, hold everything the install needs.
  const tarballOf = (prefix) => {
    const tarball = `${prefix}-${kit.version}.tgz`;
    if (!existsSync(path.join(contractDir, tarball))) return `^${kit.version}`;
    mkdirSync(path.join(target, 'contract'), { recursive: true });
    cpSync(path.join(contractDir, tarball), path.join(target, 'contract', tarball));
    return `file:contract/${tarball}`;
  };
  renameSync(path.join(target, 'gitignore'), path.join(target, '.gitignore'));
  (function fill(folder) {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) fill(file);
      else writeFileSync(file, readFileSync(file, 'utf8').replaceAll('__NAME__', name));
    }
  })(target);
  const pkg = {
    name,
    version: '0.1.0',
    private: true,
    scripts: { check: 'portal-remote check', test: 'jest', build: 'portal-remote build', dev: 'portal-remote dev' },
    dependencies: { '@portal/shared': tarballOf('portal-shared'), ...versions.provides },
    devDependencies: { '@portal/remote-kit': tarballOf('portal-remote-kit'), ...versions.tools },
  };
  writeFileSync(path.join(target, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  console.log(`made ${name} in ${path.relative(process.cwd(), target)}/ for contract ${kit.version}; next:`);
  console.log(`  cd ${name} && npm install && npm run check && npm test && npm run build`);
}

async function tarball(folder) {
  const { c } = await import('tar');
  const chunks = [];
  for await (const chunk of c({ gzip: true, cwd: folder, portable: true }, readdirSync(folder))) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function deploy() {
  const started = Date.now();
  const portal = option('--portal')?.replace(/\/+$/, '');
  const key = option('--key') ?? process.env.PORTAL_DEPLOY_KEY;
  if (!portal) fail('--portal URL is required');
  if (!key) fail('--key KEY (or PORTAL_DEPLOY_KEY) is required: a deploy key an admin made for this remote');
  const folder = path.resolve(option('--dir') ?? 'dist');
  const manifestFile = path.join(folder, 'mf-manifest.json');
  if (!existsSync(manifestFile)) fail(`${manifestFile} is missing: run portal-remote build first`);
  const name = JSON.parse(readFileSync(manifestFile, 'utf8')).metaData?.portal?.name ?? remoteName();
  const auth = { Authorization: `Bearer ${key}` };
  const call = async (method, url, body, headers = {}) => {
    let res;
    try {
      // The portal's answers in the command's language: English (the gate's reasons too).
      res = await fetch(`${portal}${url}`, { method, headers: { ...auth, 'Accept-Language': 'en', ...headers }, body });
    } catch (error) {
      fail(`the portal at ${portal} cannot be reached (${error.cause?.code ?? error.cause?.message ?? error.message}): check --portal and that it runs`);
    }
    const text = await res.text();
    let json;
    try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
    // A key refused (unknown, revoked) or another remote's: said in the deploy's words, naming the remote.
    if (res.status === 401 || res.status === 403 || (res.status === 404 && json?.code === 'deploy_key_refused')) {
      fail(`This deploy key does not belong to ${name} (the portal answered ${res.status}${json?.code === 'deploy_key_unknown' ? ': the key was revoked or never made' : ''}): check --key or PORTAL_DEPLOY_KEY; a key deploys the one remote an admin made it for on «Релизы разделов», and this build's mf-manifest.json names "${name}"`);
    }
    return { status: res.status, json, text };
  };

  // The live release before the upload: of two deploys started together, the one whose activation
  // finds it moved is told so (412), rather than both reading the other's release as live.
  const list = await call('GET', '/api/remotes/');
  if (list.status !== 200) fail(`GET /api/remotes/ answered ${list.status}: ${list.text}`);
  // A deploy key reads its own remote only: a build of another name goes to the key's remote, whose
  // gate then says what is wrong (`name`: the build is named orders, the remote is comms).
  const remotes = list.json ?? [];
  const target = remotes.length === 1 && remotes[0].name !== name ? remotes[0].name : name;
  const live = remotes.find((r) => r.name === target)?.live?.id;
  const upload = await call('POST', `/api/remotes/${target}/releases/`, await tarball(folder), { 'Content-Type': 'application/gzip' });
  if (upload.status === 422 && upload.json?.code === 'incompatible') {
    console.error(`the portal refused this build of ${name}${target === name ? '' : ` for ${target}`}:`);
    for (const r of upload.json.reasons ?? []) console.error(`  ${r.code}: ${r.message}`);
    process.exit(1);
  }
  if (upload.status !== 201) fail(`upload answered ${upload.status}: ${upload.text}`);
  const release = upload.json.id;
  console.log(`uploaded release ${release}`);

  const activate = await call('POST', `/api/remotes/${name}/live/`, JSON.stringify({ release }), {
    'Content-Type': 'application/json',
    'If-Match': live === undefined || live === null ? '*' : String(live),
  });
  if (activate.status === 412) fail(`another deploy of ${name} came first (live is no longer ${live ?? 'none'}): release ${release} is uploaded but not live (its files are kept a day); deploy again`);
  if (activate.status !== 200) fail(`activation answered ${activate.status}: ${activate.text}`);
  console.log(`${name} is live at release ${release} (was ${live ?? 'none'}) in ${seconds(started)}`);
}

const commands = { build, check, dev, deploy, init };
if (!commands[command]) {
  console.error('usage: portal-remote build [--out DIR] | check [--skip-types] | dev --portal URL [--port N] | deploy --portal URL --key KEY [--dir DIR] | init NAME [--contract DIR]');
  process.exit(2);
}
commands[command]().catch((error) => {
  console.error(error instanceof ContractError ? error.message : error);
  process.exit(1);
});
