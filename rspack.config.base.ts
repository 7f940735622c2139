// The one place that says how the host and every remote are built and what they share
// (design §2-3, §11). Each package's build is `createPortalConfig({...})`; scripts/build.ts runs them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DefinePlugin, HtmlRspackPlugin, NormalModuleReplacementPlugin, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

/** The repository root (this file may run compiled from another folder, see scripts/build.mjs). */
export const ROOT = (() => {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'shared/antd-components.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the repository root');
    dir = parent;
  }
  return dir;
})();
/** Every folder under remotes/ with a package.json is a remote: its name is written nowhere else. */
export const REMOTE_NAMES: string[] = readdirSync(path.join(ROOT, 'remotes'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(ROOT, 'remotes', d.name, 'package.json')))
  .map((d) => d.name)
  .sort();

function installedVersion(pkg: string): string {
  // Read from the hoisted install: not every package exports its package.json.
  return JSON.parse(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version;
}

/** The contract version a build is made against: shared/src/version.ts, unless a test overrides it. */
export function contractVersion(): string {
  if (process.env.PORTAL_CONTRACT_VERSION) return process.env.PORTAL_CONTRACT_VERSION;
  const source = readFileSync(path.join(ROOT, 'shared/src/version.ts'), 'utf8');
  const match = source.match(/CONTRACT_VERSION\s*=\s*'([^']+)'/);
  if (!match) throw new Error('shared/src/version.ts does not declare CONTRACT_VERSION');
  return match[1];
}

const caret = (version: string) => `^${version.split('.')[0]}.0.0`;

/** The antd components shared one by one: see shared/antd-components.json. */
export const ANTD_COMPONENTS: string[] = JSON.parse(readFileSync(path.join(ROOT, 'shared/antd-components.json'), 'utf8')).components;

/**
 * The Module Federation `shared` list, written once for the host and every remote.
 * antd is shared per component (`antd/es/button`, ...), never as the whole package: a shared
 * module cannot be tree-shaken, and all of antd is ~440 KB gzip (design §12). The host provides
 * the union of listed components, each its own chunk, and a page downloads only those it renders;
 * their internals (theme, config context) are one set of modules in the host's build.
 */
export function sharedModules(consumeOnly = false) {
  // A remote never brings its own copy (`import: false`): the host provides every shared module,
  // so a remote always gets the page's one React, one store, one antd theme.
  const singleton = (pkg: string, versionOf = pkg) => {
    const version = installedVersion(versionOf);
    return { singleton: true, requiredVersion: caret(version), version, ...(consumeOnly ? { import: false as const } : {}) };
  };
  const antd = Object.fromEntries(ANTD_COMPONENTS.map((c) => [`antd/es/${c}`, singleton(`antd/es/${c}`, 'antd')]));
  return {
    ...antd,
    react: singleton('react'),
    'react/jsx-runtime': singleton('react/jsx-runtime', 'react'),
    'react-dom': singleton('react-dom'),
    'react-dom/client': singleton('react-dom/client', 'react-dom'),
    'react-router': singleton('react-router'),
    'react-router-dom': singleton('react-router-dom'),
    'react-redux': singleton('react-redux'),
    '@reduxjs/toolkit': singleton('@reduxjs/toolkit'),
    axios: singleton('axios'),
    i18next: singleton('i18next'),
    '@portal/shared': singleton('@portal/shared'),
  };
}

const ROLES = ['dealer', 'manager', 'admin'];
const isText = (v: unknown): v is string => typeof v === 'string';

/**
 * A remote's menu (design §3): data in its src/menu.json, checked here and published in its
 * mf-manifest.json as `metaData.portal` ({ contractVersion, menu }), so the host draws the menu and
 * checks the contract major before fetching any of the remote's JavaScript.
 */
export function remoteMetaData(dir: string): { contractVersion: string; menu: unknown[] } {
  const file = path.join(dir, 'src/menu.json');
  const { menu } = JSON.parse(readFileSync(file, 'utf8')) as { menu?: unknown };
  if (!Array.isArray(menu)) throw new Error(`${file}: "menu" must be a list of entries`);
  menu.forEach((entry: Record<string, unknown>, i) => {
    const where = `${file}: menu[${i}]`;
    const label = entry?.label as Record<string, unknown> | undefined;
    if (!isText(entry?.key) || !isText(entry.path)) throw new Error(`${where} needs a text "key" and "path"`);
    if (!label || !isText(label.ru) || !isText(label.en)) throw new Error(`${where} needs "label": { "ru", "en" }`);
    if (entry.icon !== undefined && !(isText(entry.icon) && /^[A-Z]\w+(Outlined|Filled|TwoTone)$/.test(entry.icon))) throw new Error(`${where}: "icon" is an @ant-design/icons name`);
    if (!Array.isArray(entry.roles) || !entry.roles.every((r) => ROLES.includes(r))) throw new Error(`${where}: "roles" are among ${ROLES.join(', ')}`);
    if (entry.beforeContract !== undefined && typeof entry.beforeContract !== 'boolean') throw new Error(`${where}: "beforeContract" is true or false`);
  });
  return { contractVersion: contractVersion(), menu };
}

export interface PortalBuild {
  /** 'host' or a remote's name */
  name: string;
  /** the package folder */
  dir: string;
  /** where the files go; defaults to dist/ (host) or dist/remotes/<name>/ */
  outDir?: string;
  production?: boolean;
}

export function createPortalConfig({ name, dir, outDir, production = true }: PortalBuild): Configuration {
  const isHost = name === 'host';
  const out = outDir ?? (isHost ? path.join(ROOT, 'dist') : path.join(ROOT, 'dist/remotes', name));
  return {
    name,
    context: dir,
    mode: production ? 'production' : 'development',
    devtool: production ? false : 'cheap-module-source-map',
    target: 'web',
    entry: isHost ? { main: './src/index.ts' } : {},
    output: {
      path: out,
      // 'auto': a remote's files find each other relative to its remoteEntry, so moving a remote
      // means editing remotes.json only, never rebuilding the host.
      publicPath: isHost ? '/' : 'auto',
      filename: isHost ? 'static/[name].[contenthash:8].js' : '[name].[contenthash:8].js',
      chunkFilename: isHost ? 'static/[name].[contenthash:8].js' : '[name].[contenthash:8].js',
      uniqueName: `portal_${name}`,
      chunkLoadTimeout: 120_000, // spec §9: screen chunk load timeout
      // The host's folder holds the remotes' folders and the registry: a host build keeps them.
      clean: isHost ? { keep: /(^|[\\/])(remotes[\\/]|remotes\.json$)/ } : true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        // antd's helpers fit the page's Content-Security-Policy (the nonce on their own <style> tags, no style attribute): see the loader.
        {
          test: /(@rc-component[\\/]util[\\/]es[\\/]Dom[\\/]dynamicCSS|@ant-design[\\/]icons[\\/]es[\\/]cssUtils|@rc-component[\\/]input[\\/]es[\\/]calculateNodeHeight)\.js$/,
          loader: path.join(ROOT, 'host/csp-loader.cjs'),
        },
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
              target: 'es2020',
            },
          },
          type: 'javascript/auto',
        },
        // The federation runtime's packages (remotes take runtime-core from the host) declare no
        // `sideEffects`, so the parts a build switches off (FEDERATION_OPTIMIZE_NO_REMOTE, no
        // snapshot) stayed in every remoteEntry.js; they have no module-level side effects.
        { test: /@module-federation[\\/](webpack-bundler-runtime|runtime)[\\/]dist[\\/]/, sideEffects: false },
      ],
    },
    optimization: {
      minimize: production,
      // Every shared module is its own async chunk group, so a module two of them import (antd's
      // icon base, Space.Compact, rc-overflow, a locale...) is copied into each unless it is split
      // out; the defaults split only from 20 KB raw and at most 30 requests, which on the cabinet
      // copied ~22 KB gzip of such modules (bench/bundle.ts). 3 KB keeps the number of files in check
      // (0 or 2 KB: more files, no smaller; 6 or 10 KB: more copies again).
      splitChunks: { minSize: 3000, maxAsyncRequests: Infinity, maxInitialRequests: Infinity },
    },
    performance: { hints: false },
    plugins: [
      new DefinePlugin({
        __PORTAL_CONTRACT_VERSION__: JSON.stringify(contractVersion()),
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
      }),
      new ModuleFederationPlugin({
        name,
        ...(isHost ? {} : { filename: 'remoteEntry.js', exposes: { './module': './src/module.tsx' } }),
        shared: sharedModules(!isHost),
        shareStrategy: 'loaded-first',
        // One federation runtime on the page: the host provides it, remotes use it (~34 KB gzip each).
        // The host registers each remote by the remoteEntry its manifest names (it has read the
        // manifest for the menu), so no build needs the runtime's manifest (snapshot) code; a remote
        // loads no other remote, so its remoteEntry leaves out the remote-loading code.
        experiments: {
          ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
          optimization: { target: 'web', disableSnapshot: true, ...(isHost ? {} : { disableRemote: true }) },
        },
        manifest: isHost ? true : {
          additionalData: ({ stats }) => {
            (stats.metaData as unknown as Record<string, unknown>).portal = remoteMetaData(dir);
            return stats;
          },
        },
        dts: false,
        ...(isHost ? { runtimePlugins: [path.join(dir, 'src/features/remote-loader/error-plugin.ts')] } : {}),
      }),
      // The plugin imports the bundler runtime's CommonJS build, whose top-level requires keep every
      // part of it; its ES build lets the switched-off parts go (see the sideEffects rule above).
      new NormalModuleReplacementPlugin(/webpack-bundler-runtime[\\/]dist[\\/]index\.cjs$/, (resolveData) => {
        resolveData.request = resolveData.request.replace(/index\.cjs$/, 'index.js');
      }),
      ...(isHost
        ? [
          new HtmlRspackPlugin({ template: path.join(dir, 'index.html'), inject: 'body', minify: production }),
          // The host provides axios to the page; it sends with XHR (see the stand-in's comment).
          new NormalModuleReplacementPlugin(/axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/, path.join(dir, 'src/app/axios-fetch-adapter-off.js')),
          // The page's antd Table without its column-filter dropdown (Menu, Tree): see the stand-in's comment.
          new NormalModuleReplacementPlugin(/antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/, path.join(dir, 'src/app/table-filter-dropdown-off.js')),
          // ... and without the Dropdown (and Menu) of its row-selection menu: see that stand-in's comment.
          new NormalModuleReplacementPlugin(/^\.\.\/\.\.\/dropdown$/, (resolveData) => {
            if (/antd[\\/]es[\\/]table[\\/]hooks$/.test(resolveData.context)) resolveData.request = path.join(dir, 'src/app/table-selection-menu-off.js');
          }),
          // antd's form context (which every input, select and popup imports) takes only rc-field-form's
          // FormProvider, not the package's index: rc-field-form marks no module free of side effects,
          // so that import brought all of it (~13 KB gzip) to screens without a form.
          new NormalModuleReplacementPlugin(/^@rc-component[\\/]form$/, (resolveData) => {
            if (/antd[\\/]es[\\/]form[\\/]context\.js$/.test(resolveData.contextInfo.issuer)) resolveData.request = '@rc-component/form/es/FormContext';
          }),
        ]
        : []),
    ],
    stats: 'errors-warnings',
  };
}
