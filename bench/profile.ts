// bench/profile: where the JavaScript time of a cold load goes, by package (issue 31 item 5).
// Each of the first screens (/login signed out, then the home, /comms, /catalog and /orders as a
// signed-in dealer) is loaded once with a cold cache (a new browser context) under Chromium's
// sampling CPU profiler (CDP Profiler, a sample every 100 µs, no throttling unless --cpu), from the navigation
// until the screen has drawn (its heading or first rows visible) and the network is idle. Each
// profile node's self time goes to the package its function comes from, found through the build's
// source maps: react-dom (+ scheduler), antd (+ rc-*, @rc-component/*), the style runtime
// (@ant-design/cssinjs and its helpers, stylis, @emotion/*), the Module Federation runtime,
// react-router, redux, i18next, any other package by its name, and the portal's own code: the host,
// shared and each remote. Printed per screen: the largest groups in ms and as a share of the
// JavaScript self time, and that total; apart, what the profiler counts outside any function:
// (program) (the browser's own work on the main thread: parsing, style, layout, paint),
// (garbage collector) and (idle).
// The production build in dist/ has no source maps, so this bench first builds the same production
// configs (rspack.config.base.ts, as scripts/build.mjs does) with `devtool: 'hidden-source-map'`
// into .tmp/profile-dist/, and serves that; --dist DIR profiles another build that has .map files.
//   node scripts/build.mjs && npx tsx bench/profile.ts [--runs 1] [--screen PATH] [--top 12] [--dist DIR] [--save DIR] [--cpu 4]
// (scripts/build.mjs first: the build here reuses the antd sheets it makes in .tmp/antd-css/.)
// With --runs N each screen is loaded N times and the figures are the mean; --save DIR writes each
// load's profile there (<screen>.cpuprofile, which DevTools' Performance panel opens).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { decodedMappings, TraceMap } from '@jridgewell/trace-mapping';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT, startPortal } from '../e2e/portal-server';
import { dealerTokens } from './dealer-tokens';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const option = (flag: string) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(option('--runs') ?? 1);
const TOP = Number(option('--top') ?? 12);
const ONLY = option('--screen');
const GIVEN_DIST = option('--dist');
/** --cpu N: the CPU slowed N times, as Lighthouse's phone (4): the long tasks as a phone has them. */
const CPU = Number(option('--cpu') ?? 1);
/** A folder to write each load's profile to (<screen>.cpuprofile, for DevTools' Performance panel). */
const SAVE = option('--save');
/** The profiler's sampling interval, µs. */
const SAMPLING_US = 100;

const tableShown = (page: Page) => page.locator('main table tbody tr[data-row-key]').first().waitFor();
/** The screens in the order measured, and what shows that each has drawn. */
const SCREENS: { path: string; signedIn: boolean; drawn: (page: Page) => Promise<void> }[] = [
  { path: '/login', signedIn: false, drawn: (page) => page.locator('#root form:not([onsubmit])').waitFor() },
  { path: '/', signedIn: true, drawn: (page) => page.getByTestId('home-sections').getByRole('link').first().waitFor() },
  { path: '/comms', signedIn: true, drawn: (page) => page.getByTestId('news-list').getByTestId('news-card').first().waitFor() },
  { path: '/catalog', signedIn: true, drawn: tableShown },
  { path: '/orders', signedIn: true, drawn: tableShown },
];

// ---- The build with source maps ----

/**
 * The production build of the host and every remote as scripts/build.mjs makes it, with hidden
 * source maps (each .js has its .map beside it, the file names no map) that name every module by
 * its absolute path. Run by plain Node, not this process: under tsx's loader the Module Federation
 * plugin's runtime templates come out wrapped in `__name(...)` (see scripts/build.mjs).
 */
const BUILD = `
import { existsSync, copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildSync } from 'esbuild';
const [root, out, antdCss, compiled] = process.argv.slice(2);
buildSync({ entryPoints: [path.join(root, 'rspack.config.base.ts')], outfile: compiled, platform: 'node', format: 'cjs', packages: 'external', logLevel: 'warning' });
const require = createRequire(path.join(root, 'package.json'));
const { createPortalConfig, REMOTE_NAMES } = require(compiled);
const { rspack } = require('@rspack/core');
const { precompress } = require('@portal/remote-kit');
const configs = ['host', ...REMOTE_NAMES].map((name) => {
  const config = createPortalConfig({
    name, dir: path.join(root, name === 'host' ? 'host' : 'remotes/' + name),
    outDir: name === 'host' ? out : path.join(out, 'remotes', name), antdCss,
  });
  return { ...config, devtool: 'hidden-source-map', output: { ...config.output, devtoolModuleFilenameTemplate: '[absolute-resource-path]' } };
});
rspack(configs).run((err, stats) => {
  if (err) { console.error(err); process.exit(1); }
  if (stats.hasErrors()) { console.error(stats.toString({ all: false, errors: true, colors: false })); process.exit(1); }
  for (const config of configs) precompress(config.output.path, (folder) => folder === path.join(out, 'remotes'));
  if (!existsSync(path.join(out, 'remotes.json'))) copyFileSync(path.join(root, 'host/remotes.json'), path.join(out, 'remotes.json'));
});
`;

/** antd's sheets that scripts/build.mjs made, if they are those of the current antd, theme and component list (its key). */
function antdSheets(): string {
  const dir = path.join(ROOT, '.tmp/antd-css');
  const inputs = ['scripts/antd-styles.tsx', 'host/src/features/layout/antd-theme.ts', 'shared/antd-components.json', 'node_modules/antd/package.json'];
  const key = createHash('sha256').update(inputs.map((f) => readFileSync(path.join(ROOT, f), 'utf8')).join('\0')).digest('hex');
  const keyFile = path.join(dir, '.key');
  if (!existsSync(keyFile) || readFileSync(keyFile, 'utf8') !== key) throw new Error('.tmp/antd-css/ is missing or out of date: run `node scripts/build.mjs` first');
  return dir;
}

async function buildWithMaps(): Promise<string> {
  const work = path.join(ROOT, '.tmp/profile-build');
  const out = path.join(ROOT, '.tmp/profile-dist');
  mkdirSync(work, { recursive: true });
  const script = path.join(work, 'build.mjs');
  writeFileSync(script, BUILD);
  const started = Date.now();
  await promisify(execFile)(process.execPath, [script, ROOT, out, antdSheets(), path.join(work, 'rspack.config.base.cjs')], {
    cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '' }, maxBuffer: 64 * 1024 * 1024,
  });
  console.log(`built with source maps into ${path.relative(ROOT, out)}/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return out;
}

// ---- From a profile node to its package ----

/** Every .js file of the build by its path under the build, and by its name alone (a release may be served elsewhere). */
function filesOf(dist: string) {
  const byName = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.js')) byName.set(entry.name, [...(byName.get(entry.name) ?? []), file]);
    }
  };
  walk(dist);
  return (pathname: string): string | undefined => {
    const direct = path.join(dist, pathname);
    if (existsSync(direct)) return direct;
    // A remote's release is served from a folder of its own, /remotes/<name>/<release>/<file>: the
    // server's copy of dist/remotes/<name>/.
    const release = /^\/remotes\/([^/]+)\/[^/]+\/(.+)$/.exec(pathname);
    if (release && existsSync(path.join(dist, 'remotes', release[1], release[2]))) return path.join(dist, 'remotes', release[1], release[2]);
    const candidates = byName.get(path.basename(pathname)) ?? [];
    return candidates.length === 1 ? candidates[0] : undefined;
  };
}

const STYLE_RUNTIME = ['@ant-design/cssinjs', '@ant-design/cssinjs-utils', '@ant-design/colors', '@ant-design/fast-color', 'fast-color', 'stylis'];

/** The group of an original source file (an absolute path, as the build names them). */
function groupOfSource(source: string): string {
  const modules = source.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = source.slice(modules + '/node_modules/'.length).split('/');
    const name = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    if (name === 'react-dom' || name === 'scheduler') return 'react-dom (+ scheduler)';
    if (name === 'antd' || name.startsWith('rc-') || name.startsWith('@rc-component/')) return 'antd (+ rc-*, @rc-component/*)';
    if (STYLE_RUNTIME.includes(name) || name.startsWith('@emotion/')) return 'style runtime (cssinjs, colors, stylis)';
    if (name.startsWith('@module-federation/')) return 'Module Federation runtime';
    if (name === 'react-router' || name === 'react-router-dom' || name === '@remix-run/router') return 'react-router (+ @remix-run/router)';
    if (name === 'redux' || name.startsWith('@reduxjs/')) return 'redux (+ @reduxjs)';
    if (name === 'i18next') return 'i18next';
    return name;
  }
  // webpack/bootstrap (its require: a module's lazy compilation shows there), webpack/runtime/... (chunk loading), the federation container's generated modules
  if (!path.isAbsolute(source)) return '(bundler runtime)';
  const relative = path.relative(ROOT, source).split(path.sep).join('/');
  if (relative.startsWith('host/')) return 'host (host/src)';
  if (relative.startsWith('shared/')) return 'shared (shared/src)';
  const remote = /^remotes\/([^/]+)\//.exec(relative);
  if (remote) return `remote ${remote[1]}`;
  return relative;
}

interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] }

/** The profiler's own buckets: not functions, kept out of the JavaScript total. */
const BUCKETS = ['(program)', '(garbage collector)', '(idle)'];
/** Functions of no script that no script called: Playwright's probes of the page (its injected script), V8's own. */
const NO_SCRIPT = '(no script: the bench\'s page probes, V8 internals)';
const OUTSIDE = [...BUCKETS, NO_SCRIPT];

/** The group of a function of a script, by where it starts in its file; null for a function of no script (native). */
function scriptGrouper(dist: string, origin: string) {
  const fileOf = filesOf(dist);
  const maps = new Map<string, TraceMap | null>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, 'utf8')) : null);
    return maps.get(file) ?? null;
  };
  return ({ url, lineNumber, columnNumber }: CallFrame): string | null => {
    if (!url) return null;
    if (!url.startsWith(origin)) return `(other origin) ${new URL(url).origin}`;
    const { pathname } = new URL(url);
    if (!pathname.endsWith('.js')) return 'host (index.html inline scripts)';
    const file = fileOf(pathname);
    if (!file) return `(not in the build) ${pathname}`;
    const map = mapOf(file);
    if (!map) return `(no source map) ${pathname}`;
    // The first mapping with a source at or after the function's start (a module's factory starts
    // with the bundler's wrapper, which maps to nothing), else the last before it.
    const segments = decodedMappings(map)[lineNumber] ?? [];
    const sourced = segments.filter((segment) => segment.length >= 4);
    const found = sourced.find((segment) => segment[0] >= columnNumber) ?? sourced.at(-1);
    const index = found?.[1];
    const source = index === undefined ? null : map.resolvedSources[index];
    return source ? groupOfSource(source) : `(unmapped) ${pathname}`;
  };
}

interface Times {
  /** ms of self time per group; a function of no script (DOM, V8 built-ins) counts for the script that called it */
  groups: Map<string, number>;
  /** ms of those native functions per name and calling group */
  natives: Map<string, number>;
}

/** The self time (ms) of each group in a profile: each sample counts until the next one. */
function selfTimes(profile: Profile, groupOfScript: (frame: CallFrame) => string | null): Times {
  const parent = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const nodeGroup = new Map<number, { group: string; native?: string }>();
  for (const node of profile.nodes) {
    const name = node.callFrame.functionName;
    if (BUCKETS.includes(name) || name === '(root)') { nodeGroup.set(node.id, { group: name }); continue; }
    const own = groupOfScript(node.callFrame);
    if (own) { nodeGroup.set(node.id, { group: own }); continue; }
    let caller = parent.get(node.id);
    while (caller && !caller.callFrame.url && caller.callFrame.functionName !== '(root)') caller = parent.get(caller.id);
    const group = caller?.callFrame.url ? groupOfScript(caller.callFrame) : null;
    nodeGroup.set(node.id, group ? { group, native: `${name || '(anonymous)'} ← ${group}` } : { group: NO_SCRIPT });
  }
  const groups = new Map<string, number>();
  const natives = new Map<string, number>();
  let at = profile.startTime;
  const stamps = profile.timeDeltas.map((delta) => (at += delta));
  for (const [i, id] of profile.samples.entries()) {
    const time = Math.max(0, (i + 1 < stamps.length ? stamps[i + 1] : profile.endTime) - stamps[i]) / 1000;
    const { group, native } = nodeGroup.get(id) ?? { group: '(unknown node)' };
    groups.set(group, (groups.get(group) ?? 0) + time);
    if (native) natives.set(native, (natives.get(native) ?? 0) + time);
  }
  return { groups, natives };
}

// ---- The loads ----

/** One cold load of a screen under the profiler: a new context (no cache), the tokens in its storage if signed in. */
async function profileLoad(browser: Browser, origin: string, screen: typeof SCREENS[number]) {
  const tokens = screen.signedIn ? await dealerTokens(origin) : null;
  const context = await browser.newContext({
    locale: 'ru-RU',
    storageState: { cookies: [], origins: tokens ? [{ origin, localStorage: [{ name: 'authTokens', value: tokens }] }] : [] },
  });
  try {
    const page = await context.newPage();
    // A page of the portal's origin that runs no script first, so that the profiled navigation stays in its renderer.
    await page.goto(`${origin}/api/health/`);
    const cdp = await context.newCDPSession(page);
    if (CPU > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
    await cdp.send('Profiler.start');
    const started = Date.now();
    // Network idle first (seen from the browser's side, nothing runs in the page), and only then
    // the check that the screen has drawn: Playwright's probes run in the page, and polled from the
    // start they would take their share of the profile.
    await page.goto(`${origin}${screen.path}`, { waitUntil: 'networkidle' });
    await screen.drawn(page);
    await page.waitForLoadState('networkidle');
    const idle = Date.now() - started;
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const landed = new URL(page.url()).pathname;
    if (landed !== screen.path) throw new Error(`${screen.path}: the page ended at ${page.url()}, not at the screen asked for`);
    const lcp = await page.evaluate(() => new Promise<number>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? Number.NaN)).observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(() => resolve(Number.NaN), 1000);
    }));
    return { profile, lcp, idle };
  } finally {
    await context.close();
  }
}

const ms = (value: number) => value.toFixed(0).padStart(6);
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const add = (into: Map<string, number>, from: Map<string, number>, share: number) => {
  for (const [key, value] of from) into.set(key, (into.get(key) ?? 0) + value * share);
};

async function main() {
  if (ONLY && !SCREENS.some((s) => s.path === ONLY)) throw new Error(`--screen: one of ${SCREENS.map((s) => s.path).join(' ')}`);
  const dist = GIVEN_DIST ? path.resolve(GIVEN_DIST) : await buildWithMaps();
  const mainScript = readdirSync(path.join(dist, 'static')).find((f) => /^main\..*\.js$/.test(f));
  if (!mainScript || !existsSync(path.join(dist, 'static', `${mainScript}.map`))) throw new Error(`${dist} has no source maps (static/main.*.js.map)`);
  const portal = await startPortal({ dist });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  const groupOfScript = scriptGrouper(dist, portal.url);
  const results: { path: string; times: Times; lcp: number[]; idle: number[]; load: string }[] = [];
  try {
    console.log(`load average at the start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (const screen of SCREENS.filter((s) => !ONLY || s.path === ONLY)) {
      const times: Times = { groups: new Map(), natives: new Map() };
      const lcp: number[] = [];
      const idle: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const load = await profileLoad(browser, portal.url, screen);
        if (SAVE) {
          mkdirSync(SAVE, { recursive: true });
          writeFileSync(path.join(SAVE, `${screen.path === '/' ? 'home' : screen.path.slice(1)}${RUNS > 1 ? `-${run + 1}` : ''}.cpuprofile`), JSON.stringify(load.profile));
        }
        const { groups, natives } = selfTimes(load.profile, groupOfScript);
        add(times.groups, groups, 1 / RUNS);
        add(times.natives, natives, 1 / RUNS);
        lcp.push(load.lcp);
        idle.push(load.idle);
      }
      results.push({ path: screen.path, times, lcp, idle, load: loadavg().map((l) => l.toFixed(2)).join(' ') });
    }
  } finally {
    await browser.close();
    await portal.stop();
  }

  console.log(`JavaScript self time of a cold load by package (Chromium's CPU profiler, a sample every ${SAMPLING_US} µs, ${CPU > 1 ? `CPU slowed ${CPU}×` : 'no throttling'}${RUNS > 1 ? `, mean of ${RUNS} loads` : ''}), ${path.relative(ROOT, dist) || dist}`);
  console.log('A DOM call or V8 built-in counts for the code that called it (the largest such calls are listed below each table).');
  const line = (label: string, time: number, total: number) => `    ${label.padEnd(44)} ${ms(time)} ms  ${((time / total) * 100).toFixed(1).padStart(5)} %`;
  for (const { path: screen, times: { groups, natives }, lcp, idle, load } of results) {
    const functions = [...groups].filter(([group]) => !OUTSIDE.includes(group) && group !== '(root)').sort((a, b) => b[1] - a[1]);
    const total = functions.reduce((sum, [, time]) => sum + time, 0);
    if (total <= 0) throw new Error(`${screen}: the profile holds no JavaScript`);
    console.log(`  ${screen}: largest contentful paint ${Math.round(mean(lcp))} ms, drawn and network idle at ${Math.round(mean(idle))} ms (load average ${load})`);
    for (const [group, time] of functions.slice(0, TOP)) console.log(line(group, time, total));
    const rest = functions.slice(TOP);
    if (rest.length) {
      console.log(line(`the other ${rest.length} groups`, rest.reduce((sum, [, time]) => sum + time, 0), total));
      console.log(`      (${rest.map(([group, time]) => `${group} ${Math.round(time)}`).join(', ')})`);
    }
    console.log(line('JavaScript self time in all', total, total));
    const nativeTotal = [...natives.values()].reduce((a, b) => a + b, 0);
    const topNatives = [...natives].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([name, time]) => `${name} ${Math.round(time)}`).join(', ');
    console.log(`      of which DOM calls and V8 built-ins ${Math.round(nativeTotal)} ms (${topNatives})`);
    console.log(`    outside JavaScript: ${OUTSIDE.map((bucket) => `${bucket} ${Math.round(groups.get(bucket) ?? 0)} ms`).join(', ')}`);
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
