// How the host and every remote are built and what they share (design §2-3, §11). A remote is
// built by @portal/remote-kit's preset (remote-kit/preset.cjs), the same one a remote team uses
// outside this repository; the host starts from the preset's base and the same `shared` list and
// adds its own entry, page and stand-ins here. scripts/build.mjs runs them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Compilation, HtmlRspackPlugin, NormalModuleReplacementPlugin, sources, type Chunk, type Compiler, type Configuration } from '@rspack/core';
import { baseConfig, createRemoteConfig, providedVersions, sharedModules } from '@portal/remote-kit';
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

/** The contract version the host is built against: shared/src/version.ts, unless a test overrides it. */
export function contractVersion(): string {
  if (process.env.PORTAL_CONTRACT_VERSION) return process.env.PORTAL_CONTRACT_VERSION;
  const source = readFileSync(path.join(ROOT, 'shared/src/version.ts'), 'utf8');
  const match = source.match(/CONTRACT_VERSION\s*=\s*'([^']+)'/);
  if (!match) throw new Error('shared/src/version.ts does not declare CONTRACT_VERSION');
  return match[1];
}

export interface PortalBuild {
  /** 'host' or a remote's name */
  name: string;
  /** the package folder */
  dir: string;
  /** where the files go; defaults to dist/ (host) or dist/remotes/<name>/ */
  outDir?: string;
  /** the host only: the folder of antd's built sheets (scripts/antd-styles.tsx), each loaded with its component */
  antdCss?: string;
  production?: boolean;
}

/** `consume shared module (default) @portal/shared@^2.0.0 (strict) (fallback: …)` → `@portal/shared` */
const sharedKeyOf = (identifier: string) => /^consume shared module \([^)]*\) (.+?)@\S* /.exec(identifier)?.[1];
/** `provide shared module (default) react@19.2.0 = …` → `react` */
const providedKeyOf = (identifier: string) => /^provide shared module \([^)]*\) (.+?)@\S* /.exec(identifier)?.[1];

/**
 * The host's code a signed-in page's first screen needs, fetched from the page's first bytes
 * instead of level after level (main.js runs, then asks for the bootstrap's chunks, which run and ask
 * for the cabinet's): on a phone's Slow 4G each level is a round trip plus the time the level before
 * takes to run. The build lists, in `<script type="application/json" id="portal-startup-files">`:
 * - `startup`: the bootstrap's chunks (host/src/index.ts) and the shared libraries they take
 *   (react-dom, the router, redux, i18next, axios, @portal/shared…), followed through the libraries
 *   these take in turn;
 * - `cabinet`: the registry's and the cabinet's chunks (layout/cabinet-loader.ts), their libraries
 *   and sheets;
 * - `antd`: antd's context (layout/antd-scope.tsx), which every screen but the home is drawn in: a
 *   remote's area waits for it before it draws the remote's screen.
 * index.html's inline script preloads the first two, and `antd` off the home, at low priority (as
 * the bundler's own async scripts have), when the stored session is valid. A visitor's /login preloads nothing: its card is painted
 * from the HTML, and the scripts arriving at once would only run before that paint.
 * Read off the build itself: the named chunk groups, the shared modules each chunk consumes, and
 * the chunks each shared module's provider loads.
 */
class StartupPreloadPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('StartupPreloadPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'StartupPreloadPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const page = compilation.getAsset('index.html');
        if (!page) throw new Error('StartupPreloadPlugin: index.html must be built first');
        // Each shared module's provider: what its get() loads when a chunk consumes it (the chunk
        // group of the provider's import), rather than every group its files are in.
        const providers = new Map<string, Chunk[]>();
        for (const module of compilation.modules) {
          const key = module.type === 'provide-module' ? providedKeyOf(module.identifier()) : undefined;
          const block = key ? module.blocks[0] : undefined;
          const group = block ? compilation.chunkGraph.getBlockChunkGroup(block) : null;
          if (key && group) providers.set(key, group.chunks);
        }
        if (providers.size === 0) throw new Error('StartupPreloadPlugin: no shared module\'s provider found (the federation renamed its modules?)');
        const seen = new Set<Chunk>();
        const filesOf = (group: string): string[] => {
          const files = new Set<string>();
          const visit = (chunk: Chunk) => {
            if (seen.has(chunk)) return;
            seen.add(chunk);
            for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
            for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
              const key = module.type === 'consume-shared-module' ? sharedKeyOf(module.identifier()) : undefined;
              // The provider's chunks: the shared modules it takes in turn are consumed by them.
              (key ? providers.get(key) ?? [] : []).forEach(visit);
            }
          };
          const chunks = compilation.namedChunkGroups.get(group)?.chunks;
          if (!chunks) throw new Error(`StartupPreloadPlugin: no chunk group "${group}" (its import lost its webpackChunkName?)`);
          chunks.forEach(visit);
          return [...files].map((file) => `/${file}`);
        };
        const files = { startup: filesOf('bootstrap'), cabinet: [...filesOf('registry'), ...filesOf('cabinet')], antd: filesOf('antd-scope') };
        const list = `<script type="application/json" id="portal-startup-files">${JSON.stringify(files)}</script>`;
        const html = page.source.source().toString().replace(/<meta charset[^>]*>/, (charset) => charset + list);
        compilation.updateAsset('index.html', new sources.RawSource(html));
      });
    });
  }
}

/**
 * The libraries every signed-in page runs before its first draw, and antd's base that every antd
 * component (and antd's context, which every screen but the home is drawn in) runs first: each one
 * file rather than one per shared module and per 3 KB of code they share (14 and 16 files), so a
 * phone fetches them in fewer round trips and the page preloads fewer links.
 */
const STARTUP_CHUNKS = {
  startupLibraries: {
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-redux|use-sync-external-store|@remix-run[\\/]router|react-router|react-router-dom|axios|i18next|@reduxjs[\\/]toolkit|immer|redux|reselect|redux-thunk)[\\/]/,
    name: 'libraries', chunks: 'all' as const, enforce: true, priority: 30,
  },
  antdBase: {
    test: /[\\/]node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|stylis|@emotion[\\/]\w+|@rc-component[\\/](util|motion|resize-observer|portal|trigger)|antd[\\/]es[\\/](config-provider|theme|locale|_util))[\\/]/,
    name: 'antd-base', chunks: 'all' as const, enforce: true, priority: 20,
  },
};

/** A remote's build is the preset's (@portal/remote-kit); the host's is its base plus what only the host has. */
export function createPortalConfig({ name, dir, outDir, production = true, antdCss }: PortalBuild): Configuration {
  if (name !== 'host') return createRemoteConfig({ name, dir, outDir: outDir ?? path.join(ROOT, 'dist/remotes', name), production });
  const base = baseConfig({
    name,
    dir,
    production,
    contractVersion: contractVersion(),
    federation: {
      shared: sharedModules({ from: dir }),
      // One federation runtime on the page, provided to the remotes (see the preset). The host
      // registers each remote by the remoteEntry its manifest names, so it needs no snapshot code.
      experiments: { provideExternalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
      // What the host offers a remote, read by the API's release gate from dist/mf-manifest.json.
      manifest: {
        additionalData: ({ stats }: { stats: { metaData: object } }) => {
          (stats.metaData as Record<string, unknown>).portal = { contractVersion: contractVersion(), shared: providedVersions(dir) };
          return stats;
        },
      },
      runtimePlugins: [path.join(dir, 'src/features/remote-loader/error-plugin.ts')],
    },
  });
  return {
    ...base,
    module: {
      ...base.module,
      rules: [
        ...(base.module?.rules ?? []),
        ...(antdCss ? [
          { test: /antd[\\/]es[\\/][\w-]+[\\/][\w-]+\.js$/, loader: path.join(ROOT, 'scripts/antd-css-loader.cjs'), options: { dir: antdCss } },
        ] : []),
      ],
    },
    ...(antdCss ? {
      optimization: {
        ...base.optimization,
        splitChunks: {
          ...(base.optimization?.splitChunks || {}),
          // A sheet that two chunks import would be written into each (the same file twice under two
          // names): the sheets two or more chunks share get a chunk of their own.
          cacheGroups: {
            antdSheets: { type: 'css', test: /[\\/]antd-css[\\/]/, chunks: 'all', minChunks: 2, minSize: 0, priority: 10 },
            ...STARTUP_CHUNKS,
          },
        },
      },
    } : {}),
    // The theme's variables and the icons' rules, built with antd's sheets (scripts/antd-styles.tsx).
    ...(antdCss ? { resolve: { ...base.resolve, alias: { '@portal/antd-theme.css': path.join(antdCss, 'theme.css') } } } : {}),
    entry: { main: './src/index.ts' },
    output: {
      path: outDir ?? path.join(ROOT, 'dist'),
      publicPath: '/',
      filename: 'static/[name].[contenthash:8].js',
      chunkFilename: 'static/[name].[contenthash:8].js',
      cssFilename: 'static/[name].[contenthash:8].css',
      cssChunkFilename: 'static/[name].[contenthash:8].css',
      uniqueName: `portal_${name}`,
      chunkLoadTimeout: 120_000, // spec §9: screen chunk load timeout
      // The host's folder holds the remotes' folders and the registry: a host build keeps them.
      clean: { keep: /(^|[\\/])(remotes[\\/]|remotes\.json$)/ },
    },
    plugins: [
      ...(base.plugins ?? []),
      new HtmlRspackPlugin({ template: path.join(dir, 'index.html'), inject: 'body', minify: production }),
      new StartupPreloadPlugin(),
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
    ],
  };
}
