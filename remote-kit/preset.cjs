'use strict';
// The build preset of a remote (design §3 "Releases"): the one rspack and Module Federation
// configuration every remote is built with, in this repository (scripts/build.mjs) and in a remote
// team's own folder (`portal-remote build`). The host's build (rspack.config.base.ts) starts from
// the same base and the same shared list.
// CommonJS and plain Node on purpose: under a TypeScript loader (tsx) the Module Federation
// plugin's runtime templates, which it takes from its own functions' source, come out wrapped in
// `__name(...)` helpers that do not exist in the browser.
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { brotliCompressSync, constants: zlib, gzipSync } = require('node:zlib');
const { DefinePlugin, LightningCssMinimizerRspackPlugin, NormalModuleReplacementPlugin, SwcJsMinimizerRspackPlugin } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { contractPackage, installedVersion, packageDir, readJson } = require('./installed.cjs');
const { checkPortalMetaData, readMenuFile } = require('./menu.cjs');

/** The contract version a remote is built against: the installed @portal/shared, unless a test overrides it. */
function contractVersion(from) {
  return process.env.PORTAL_CONTRACT_VERSION || contractPackage(from).json.version;
}

const caret = (version) => `^${version.split('.')[0]}.0.0`;

/** Each share key with the package whose version it has; antd is shared per component (rspack.config.base.ts says why). */
function sharedPackages(from) {
  const { dir } = contractPackage(from);
  const antd = readJson(path.join(dir, 'antd-components.json')).components;
  return [
    ...antd.map((c) => [`antd/es/${c}`, 'antd']),
    ['react', 'react'],
    ['react/jsx-runtime', 'react'],
    ['react-dom', 'react-dom'],
    ['react-dom/client', 'react-dom'],
    ['react-router', 'react-router'],
    ['react-router-dom', 'react-router-dom'],
    ['react-redux', 'react-redux'],
    ['@reduxjs/toolkit', '@reduxjs/toolkit'],
    ['axios', 'axios'],
    ['i18next', 'i18next'],
    ['@portal/shared', '@portal/shared'],
  ];
}

/**
 * The ranges a remote requires of the host: the contract package's peer dependencies, which are
 * the ranges the host provides (scripts/contract-pack.mjs refuses to pack them otherwise).
 */
function contractRanges(from) {
  const { json } = contractPackage(from);
  return { ...json.peerDependencies, '@portal/shared': caret(json.version) };
}

/**
 * The Module Federation `shared` list, the one for the host and every remote. A remote never brings
 * its own copy (`import: false`): the host provides every shared module, so a remote always gets
 * the page's one React, one store, one antd theme.
 */
function sharedModules({ from, consumeOnly = false }) {
  const ranges = consumeOnly ? contractRanges(from) : {};
  return Object.fromEntries(sharedPackages(from).map(([key, pkg]) => {
    const version = installedVersion(pkg, from);
    const requiredVersion = consumeOnly ? ranges[pkg] : caret(version);
    if (!requiredVersion) throw new Error(`@portal/shared ${contractPackage(from).json.version} names no peer range for ${pkg}`);
    return [key, { singleton: true, requiredVersion, version, ...(consumeOnly ? { import: false } : {}) }];
  }));
}

/** What the host provides, as its manifest publishes it for the release gate: share key → version. */
function providedVersions(from) {
  return Object.fromEntries(sharedPackages(from).map(([key, pkg]) => [key, installedVersion(pkg, from)]));
}

function gitSha(dir) {
  if (process.env.PORTAL_GIT_SHA) return process.env.PORTAL_GIT_SHA;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined; // not a checkout, or no git: the field is optional
  }
}

/**
 * A remote's `metaData.portal` (contract 2.2): its name, contract version, build version and
 * commit, menu and widgets from src/menu.json, and the range of each shared singleton it consumes
 * (the manifest's own `shared`, so a module it never imports is not required of the host).
 */
function remoteMetaData({ name, dir, stats }) {
  const { menu, widgets } = readMenuFile(path.join(dir, 'src/menu.json'), dir);
  const pkgFile = path.join(dir, 'package.json');
  const version = process.env.PORTAL_BUILD_VERSION || (existsSync(pkgFile) ? readJson(pkgFile).version : undefined);
  const sha = gitSha(dir);
  const shared = Object.fromEntries((stats.shared ?? []).map((s) => [s.name, s.requiredVersion]).sort(([a], [b]) => a.localeCompare(b)));
  const portal = {
    name,
    contractVersion: contractVersion(dir),
    ...(version ? { version } : {}),
    ...(sha ? { gitSha: sha } : {}),
    menu,
    ...(widgets ? { widgets } : {}),
    shared,
  };
  checkPortalMetaData(portal, dir);
  return portal;
}

/** The compile hint goes only on chunks of at least this many bytes: a small one compiles in no time, and the line would only add to its download. */
const COMPILE_HINT_MIN_BYTES = 16384;

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad` as a chunk's first line): Chromium
 * compiles every function of the file while it streams in, on a background thread, instead of each
 * one on the main thread at its first call. A portal chunk is loaded when its code is about to run,
 * so this takes 20-30 % off the long tasks of a phone's first screen (bench/lighthouse.ts, total
 * blocking time). Written at stage 450: after the minifier (400), which would drop the comment, and
 * before the source maps (500), which then count the line.
 */
class CompileHintPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CompileHintPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 50 }, (assets) => {
        for (const [file, source] of Object.entries(assets)) {
          if (file.endsWith('.js') && source.size() >= COMPILE_HINT_MIN_BYTES) {
            compilation.updateAsset(file, new sources.ConcatSource('//# allFunctionsCalledOnLoad\n', source));
          }
        }
      });
    });
  }
}

/**
 * What every portal build shares: swc, the CSP loader, splitChunks, the bundler runtime's ES build
 * and the federation plugin with `federation`'s options. The caller adds entry and output.
 */
function baseConfig({ name, dir, production = true, contractVersion: version, federation }) {
  return {
    name,
    context: dir,
    mode: production ? 'production' : 'development',
    devtool: production ? false : 'cheap-module-source-map',
    target: 'web',
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        // antd's helpers fit the page's Content-Security-Policy (the nonce on their own <style> tags, no style attribute): see the loader.
        {
          test: /(@rc-component[\\/]util[\\/]es[\\/]Dom[\\/]dynamicCSS|@ant-design[\\/]icons[\\/]es[\\/]cssUtils|@rc-component[\\/]input[\\/]es[\\/]calculateNodeHeight)\.js$/,
          loader: path.join(__dirname, 'csp-loader.cjs'),
        },
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              // React's production JSX runtime in dev builds too: the page's React is the host's
              // production build, shared as react/jsx-runtime; a dev build importing
              // react/jsx-dev-runtime would bring a second, development runtime that calls into the
              // production React («dispatcher.getOwner is not a function»). Source maps still
              // point at the remote's own lines.
              transform: { react: { runtime: 'automatic', development: false } },
              target: 'es2020',
            },
          },
          type: 'javascript/auto',
        },
        // Our own styles are static CSS beside their components (design §3 "Styles and the first
        // draw"), loaded with the component's chunk; shared/'s components bring theirs.
        { test: /\.css$/, type: 'css' },
        // The federation runtime's packages (remotes take runtime-core from the host) declare no
        // `sideEffects`, so the parts a build switches off (FEDERATION_OPTIMIZE_NO_REMOTE, no
        // snapshot) stayed in every remoteEntry.js; they have no module-level side effects.
        { test: /@module-federation[\\/](webpack-bundler-runtime|runtime)[\\/]dist[\\/]/, sideEffects: false },
      ],
    },
    optimization: {
      minimize: production,
      minimizer: [
        new SwcJsMinimizerRspackPlugin(),
        // The browsers the portal supports (2022 on, as the scripts' es2020): without targets Lightning
        // CSS writes an RTL fallback per language (`:lang(ar)`, `:lang(he)`…) for each logical
        // property of antd's sheets, and `-webkit-any` for `:is`, thousands of rules no browser here reads.
        new LightningCssMinimizerRspackPlugin({ minimizerOptions: { targets: ['chrome >= 100', 'edge >= 100', 'firefox >= 100', 'safari >= 15.4', 'ios_saf >= 15.4'] } }),
      ],
      // Every shared module is its own async chunk group, so a module two of them import (antd's
      // icon base, Space.Compact, rc-overflow, a locale...) is copied into each unless it is split
      // out; the defaults split only from 20 KB raw and at most 30 requests, which on the cabinet
      // copied ~22 KB gzip of such modules (bench/bundle.ts). 3 KB keeps the number of files in check
      // (0 or 2 KB: more files, no smaller; 6 or 10 KB: more copies again).
      splitChunks: { minSize: 3000, maxAsyncRequests: Infinity, maxInitialRequests: Infinity },
    },
    performance: { hints: false },
    plugins: [
      ...(production ? [new CompileHintPlugin()] : []),
      new DefinePlugin({
        __PORTAL_CONTRACT_VERSION__: JSON.stringify(version),
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
      }),
      new ModuleFederationPlugin({ name, shareStrategy: 'loaded-first', dts: false, ...federation }),
      // The plugin imports the bundler runtime's CommonJS build, whose top-level requires keep every
      // part of it; its ES build lets the switched-off parts go (see the sideEffects rule above).
      new NormalModuleReplacementPlugin(/webpack-bundler-runtime[\\/]dist[\\/]index\.cjs$/, (resolveData) => {
        resolveData.request = resolveData.request.replace(/index\.cjs$/, 'index.js');
      }),
    ],
    stats: 'errors-warnings',
  };
}

/**
 * The packages the page shares with every remote (design §3 "Versioning the contract"): a remote's
 * build that bundles a file of one of them brings its own copy (a second React, antd's core again,
 * +282 KB for one antd/es/rate) and is refused, `unshared_library`. @portal/shared's own UI blocks
 * (ui/*) and schemas are the contract's code that every remote bundles.
 */
const SHARED_LIBRARIES = [
  'react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom', '@remix-run/router', 'react-redux',
  '@reduxjs/toolkit', 'redux', 'axios', 'i18next', 'antd', '@ant-design/cssinjs', '@ant-design/cssinjs-utils', '@portal/shared',
];
const BUNDLED_ALLOWED = /^@portal\/shared\/(dist\/ui|src\/ui|schemas)\//;

/** The package and the path in it of a file under node_modules ('antd', 'antd/es/rate/index.js'), or null. */
function packageFileOf(resource) {
  const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](.*)$/.exec(resource ?? '');
  if (!match) return null;
  const pkg = match[1].replace(/\\/g, '/');
  return { pkg, file: `${pkg}/${match[2].replace(/\\/g, '/')}` };
}

/** The package an import names ('antd' of 'antd/es/rate', '@portal/shared' of '@portal/shared/ui/pager'). */
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * The imports in `sources` ({file, text}) that would bundle a copy of a library the page shares:
 * a shared package by any name but the one it is shared by (`check`, before the build).
 */
function unsharedImports(sources, from) {
  const keys = new Set(sharedPackages(from).map(([key]) => key));
  const allowed = (specifier) => keys.has(specifier) || /^@portal\/shared\/(ui\/|schemas\/|antd-components\.json$|package\.json$)/.test(specifier);
  const found = [];
  // import x from '…', export … from '…', import '…', import('…'); a type-only import is not bundled.
  const pattern = /(?:^|[\n;])\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const { file, text } of sources) {
    for (const match of text.matchAll(pattern)) {
      const specifier = match[1] ?? match[2];
      if (SHARED_LIBRARIES.includes(packageOf(specifier)) && !allowed(specifier)) found.push({ file, specifier });
    }
  }
  return found;
}

/**
 * What a remote bundles of the libraries the page shares, per package: its files, and the ones the
 * build reached from outside the package first (`by`: the remote's file or another package's that
 * imported it), which say what to change. `modules`: [{ resource, issuer }].
 */
function unsharedLibraries(modules, dir = '.') {
  const found = new Map();
  for (const { resource, issuer } of modules) {
    const at = packageFileOf(resource);
    if (!at || !SHARED_LIBRARIES.includes(at.pkg) || BUNDLED_ALLOWED.test(at.file)) continue;
    const entry = found.get(at.pkg) ?? { pkg: at.pkg, files: [], entries: [] };
    entry.files.push(at.file);
    const from = packageFileOf(issuer);
    if (!from || from.pkg !== at.pkg) entry.entries.push({ file: at.file, by: from ? from.file : path.relative(dir, issuer ?? '').split(path.sep).join('/'), own: !from });
    found.set(at.pkg, entry);
  }
  return [...found.values()].map((entry) => ({ ...entry, files: entry.files.sort() }));
}

/**
 * Fails a remote's build that bundles a copy of a library the page shares, naming the package, the
 * import that brought it and how many of its modules came: an antd component outside
 * antd-components.json, antd's index, react-dom/server...
 */
class UnsharedLibraryPlugin {
  constructor(components, dir) { this.components = components; this.dir = dir; }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('UnsharedLibraryPlugin', (compilation) => {
      compilation.hooks.finishModules.tap('UnsharedLibraryPlugin', (modules) => {
        const found = [...modules].filter((module) => module.resource).map((module) => ({ resource: module.resource, issuer: compilation.moduleGraph.getIssuer(module)?.resource }));
        for (const { pkg, files, entries } of unsharedLibraries(found, this.dir)) {
          const own = entries.filter((entry) => entry.own);
          const hint = own.length === 0 ? ''
            : pkg === 'antd' ? ` Import antd's components as antd/es/<component>, only those of @portal/shared/antd-components.json (${this.components.join(', ')}).`
              : ` Import it by the name the page shares (${pkg}), never a file inside it.`;
          const brought = entries.slice(0, 3).map((entry) => `${entry.file} (imported by ${entry.by})`).join(', ');
          compilation.errors.push(new compiler.webpack.WebpackError(
            `unshared_library: this build bundles its own copy of ${pkg}, which the portal's page shares: ${brought}; ${files.length} modules of ${pkg} in all.${hint}`,
          ));
        }
      });
    });
  }
}

/**
 * A remote's whole build: `./module` exposed from src/module.tsx, every shared singleton consumed
 * from the host with the contract's ranges, its menu published in mf-manifest.json.
 * @param {{ name: string, dir: string, outDir?: string, production?: boolean }} options
 */
function createRemoteConfig({ name, dir, outDir, production = true }) {
  const config = baseConfig({
    name,
    dir,
    production,
    contractVersion: contractVersion(dir),
    federation: {
      filename: 'remoteEntry.js',
      exposes: { './module': './src/module.tsx' },
      shared: sharedModules({ from: dir, consumeOnly: true }),
      // One federation runtime on the page: the host provides it, remotes use it (~34 KB gzip each).
      // The host registers each remote by the remoteEntry its manifest names, so no build needs the
      // runtime's manifest (snapshot) code; a remote loads no other remote.
      experiments: { externalRuntime: true, optimization: { target: 'web', disableSnapshot: true, disableRemote: true } },
      manifest: {
        additionalData: ({ stats }) => {
          stats.metaData.portal = remoteMetaData({ name, dir, stats });
          return stats;
        },
      },
    },
  });
  return {
    ...config,
    plugins: [...config.plugins, new UnsharedLibraryPlugin(readJson(path.join(contractPackage(dir).dir, 'antd-components.json')).components, dir)],
    entry: {},
    // A remote provides no shared module, so its chunks are its screens and the code they share: split
    // at the defaults' 20 KB and at most 6 files a screen, as a phone's 6 connections fetch them in one
    // round (3 KB gave the catalogue's list 15 files of 1-5 KB, three round trips on Slow 4G; the
    // bytes of a screen stayed the same, its copies of shared code came instead of the small files).
    optimization: { ...config.optimization, splitChunks: { minSize: 20000, maxAsyncRequests: 6, maxInitialRequests: Infinity } },
    output: {
      path: outDir ?? path.join(dir, 'dist'),
      // 'auto': a remote's files find each other relative to its remoteEntry, so a release can be
      // served from any folder without a rebuild.
      publicPath: 'auto',
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      cssChunkFilename: '[name].[contenthash:8].css',
      uniqueName: `portal_${name}`,
      chunkLoadTimeout: 120_000, // spec §9: screen chunk load timeout
      clean: true,
    },
  };
}

/**
 * Content-hashed files never change, so they are compressed once at build time at the highest
 * levels (gzip -9, brotli 11) and served as they are. `skip` names folders left alone.
 */
function precompress(dir, skip = () => false) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) { if (!skip(file)) precompress(file, skip); continue; }
    if (!/\.[0-9a-f]{8}\.(js|css)$/.test(entry.name)) continue;
    const body = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

module.exports = {
  SHARED_LIBRARIES, unsharedLibraries, unsharedImports, packageOf,
  baseConfig, createRemoteConfig, sharedModules, providedVersions, contractVersion, contractPackage, contractRanges,
  remoteMetaData, precompress, packageDir, installedVersion,
};
