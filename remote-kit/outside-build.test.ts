// A remote built as a team outside this repository builds it (issue 15 item 1): the contract packed
// into two tarballs, remotes/comms copied to a folder outside the repository, the tarballs and the
// remote's own dependencies installed there from the npm cache, `portal-remote check` and `build`;
// its metaData.portal equals the in-repo build's, and a wrong MenuEntry field fails `check`. Then a new
// remote made by the packed kit's `portal-remote init` (issue 32 items 2 and 7), by the commands of
// the guide's first block run as written, passes `check`, its tests (with the packed contract's
// ui/testing) and `build` as it was made.
// About 3 minutes on 2 cores, most of it npm install and runs of tsc.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

jest.setTimeout(600_000);

const root = path.join(__dirname, '..');
const env = { PORTAL_BUILD_VERSION: '7.8.9', PORTAL_GIT_SHA: '0123456789abcdef0123456789abcdef01234567' };

function run(cmd: string, args: string[], cwd: string) {
  return new Promise<{ status: number | null; output: string; seconds: number }>((resolve) => {
    const started = Date.now();
    // npm's cache first: the packages are the ones this repository installed.
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' } });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    child.on('error', (error) => resolve({ status: -1, output: `${output}${error.message}`, seconds: (Date.now() - started) / 1000 }));
    child.on('close', (status) => resolve({ status, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

describe('a remote built outside the repository from the packed contract', () => {
  let tmp: string;
  let remote: string;
  const times: string[] = [];
  const timed = async (label: string, cmd: string, args: string[], cwd: string) => {
    const result = await run(cmd, args, cwd);
    times.push(`${label} ${result.seconds.toFixed(1)} s`);
    return result;
  };

  beforeAll(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'portal-outside-'));
    remote = path.join(tmp, 'comms');
  });
  afterAll(() => {
    console.log(`outside build: ${times.join(', ')}`);
    // Removing the install (~250 packages) took longer than the build on 2 busy cores: it goes on after the run.
    spawn('rm', ['-rf', tmp], { detached: true, stdio: 'ignore' }).unref();
  });

  test('installs the two tarballs, checks and builds, and publishes what the in-repo build publishes', async () => {
    const packed = await timed('contract:pack', process.execPath, ['scripts/contract-pack.mjs', '--out', path.join(tmp, 'pack')], root);
    expect(packed.status).toBe(0);
    const [shared, kit] = packed.output.trim().split('\n').slice(-2);
    expect(path.basename(shared)).toMatch(/^portal-shared-\d+\.\d+\.\d+\.tgz$/);
    expect(path.basename(kit)).toMatch(/^portal-remote-kit-\d+\.\d+\.\d+\.tgz$/);

    for (const item of ['src', 'package.json', 'tsconfig.json']) cpSync(path.join(root, 'remotes/comms', item), path.join(remote, item), { recursive: true });
    const pkg = readJson(path.join(remote, 'package.json'));
    const rootDev = readJson(path.join(root, 'package.json')).devDependencies;
    pkg.dependencies['@portal/shared'] = `file:${shared}`;
    pkg.devDependencies = { '@portal/remote-kit': `file:${kit}`, '@types/react': rootDev['@types/react'], '@types/react-dom': rootDev['@types/react-dom'] };
    writeFileSync(path.join(remote, 'package.json'), JSON.stringify(pkg, null, 2));

    const install = await timed('npm install', 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], remote);
    expect(install.output).not.toMatch(/npm error/);
    expect(install.status).toBe(0);
    const portalRemote = path.join(remote, 'node_modules/.bin/portal-remote');

    const check = await timed('check', portalRemote, ['check'], remote);
    expect(check.output).toContain('ok   types');
    expect(check.status).toBe(0);
    const build = await timed('build', portalRemote, ['build'], remote);
    expect(build.output).toMatch(/built comms into dist in \d+\.\d s/);
    expect(build.status).toBe(0);

    const inRepo = path.join(tmp, 'in-repo');
    const repoBuild = await timed('in-repo build', process.execPath, ['scripts/build.mjs', 'comms', '--out', inRepo], root);
    expect(repoBuild.status).toBe(0);
    const outside = readJson(path.join(remote, 'dist/mf-manifest.json')).metaData.portal;
    expect(outside).toEqual(readJson(path.join(inRepo, 'mf-manifest.json')).metaData.portal);
    expect(outside).toMatchObject({ name: 'comms', version: env.PORTAL_BUILD_VERSION, gitSha: env.PORTAL_GIT_SHA });
  });

  test('the guide\'s first commands, as remote-kit/README.md writes them, make a remote (`portal-remote init`) that passes check, its tests and build as made, with the exact versions the portal provides', async () => {
    // The commands of the guide's "From an empty folder" block, run as written in a folder holding
    // only the two tarballs (npm's cache first: the packages are the ones this repository installed).
    const guide = readFileSync(path.join(root, 'remote-kit/README.md'), 'utf8');
    const block = /## From an empty folder to a live release[\s\S]*?```sh\n([\s\S]*?)```/.exec(guide)?.[1];
    expect(block).toContain('portal-remote init news');
    const folder = path.join(tmp, 'guide');
    mkdirSync(folder);
    for (const file of readdirSync(path.join(tmp, 'pack'))) cpSync(path.join(tmp, 'pack', file), path.join(folder, file));
    const script = block!.replace(/^cd folder-with-the-tarballs$/m, `cd ${JSON.stringify(folder)}`);
    const ran = await timed('guide', 'bash', ['-euo', 'pipefail', '-c', script], folder);
    const fresh = path.join(folder, 'news');
    expect(ran.output).toMatch(/Tests:\s+1 passed, 1 total/);
    expect(ran.output).toContain('ok   types');
    expect(ran.output).toContain('ok   imports: no library the page shares is bundled');
    expect(ran.output).toMatch(/built news into dist in \d+\.\d s/);
    expect(ran.status).toBe(0);
    const pkg = readJson(path.join(fresh, 'package.json'));
    const version = readJson(path.join(root, 'shared/package.json')).version;
    // The tarballs are the remote's own (contract/), so its repository alone installs.
    expect(pkg.dependencies['@portal/shared']).toBe(`file:contract/portal-shared-${version}.tgz`);
    expect(pkg.devDependencies['@portal/remote-kit']).toBe(`file:contract/portal-remote-kit-${version}.tgz`);
    expect(readdirSync(path.join(fresh, 'contract')).sort()).toEqual([`portal-remote-kit-${version}.tgz`, `portal-shared-${version}.tgz`]);
    for (const name of ['react', 'react-dom', 'react-router-dom', 'antd', 'i18next']) {
      expect(pkg.dependencies[name]).toBe(readJson(path.join(root, 'node_modules', name, 'package.json')).version);
    }
    expect(readJson(path.join(fresh, 'dist/mf-manifest.json')).metaData.portal).toMatchObject({ name: 'news', contractVersion: version });
    // A second init into the same folder changes nothing.
    const again = await run(path.join(remote, 'node_modules/.bin/portal-remote'), ['init', 'news'], folder);
    expect([again.status, again.output]).toEqual([1, expect.stringContaining('exists and is not empty')]);
  });

  test('a wrong MenuEntry field fails check, naming the file, the entry and the field', async () => {
    const file = path.join(remote, 'src/menu.json');
    const menu = readJson(file);
    menu.menu[2].roles = ['boss'];
    delete menu.menu[0].label.en;
    writeFileSync(file, JSON.stringify(menu, null, 2));
    const check = await timed('failing check', path.join(remote, 'node_modules/.bin/portal-remote'), ['check'], remote);
    expect(check.status).toBe(1);
    expect(check.output).toContain(`FAIL ${file}:`);
    expect(check.output).toContain('menu[2] ("documents"): "roles[0]" is "boss", must be one of dealer, manager, admin');
    expect(check.output).toContain('menu[0] ("news"): "label" needs "en"');
  });
});
