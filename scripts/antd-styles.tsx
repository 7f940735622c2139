// The styles of antd's components, built once at build time (design §3 "Styles and the first
// draw"): every component of shared/antd-components.json, and every antd component those draw
// inside them, rendered with antd's style run time on, in the cabinet's own theme
// (host/src/features/layout/antd-theme.ts). The page then runs antd with `zeroRuntime` and computes no style.
//
// One sheet per antd folder, which the host's build loads with that folder's code
// (scripts/antd-css-loader.cjs), so a screen loads the rules of the components it draws. What two
// or more folders draw (a button inside a dialog, the shared resets) goes into one base sheet,
// loaded with ConfigProvider; the theme's variables on <html> and the icons' rules into a theme
// sheet, which the cabinet's frame imports: it reads the variables and draws icons before any
// antd component is drawn.
//
// The rules read the theme through CSS variables, so one set of rules serves both themes; the
// variables are written per theme: the light ones under `html`, the dark ones under
// `html[data-theme="dark"]` (the cabinet sets the attribute), and antd's values for less motion under
// `prefers-reduced-motion` (the cabinet asks antd for no motion there). Scoped under `html`, they
// outrank the variables antd still writes while the page runs (where its components render).
//
// scripts/build.mjs bundles this file with esbuild for Node (antd's CommonJS build) and calls it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement, type ReactElement } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import { extractStyle } from '@ant-design/static-style-extract';
import { antdTheme, ANTD_CSS_VAR_KEY, type ThemeName } from '../host/src/features/layout/antd-theme';

/** antd's folder names → its exported names ('date-picker' → 'DatePicker'), read from antd's own index. */
function exportedNames(antdDir: string): Map<string, string> {
  const index = readFileSync(path.join(antdDir, 'es/index.js'), 'utf8');
  const names = new Map<string, string>();
  for (const [, name, folder] of index.matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)'/g)) names.set(folder, name);
  return names;
}

/** The antd folders a listed component imports, and theirs, as far as they go (a table draws a pager, a spinner, checkboxes...). */
function withInner(antdDir: string, folders: string[], known: Map<string, string>): string[] {
  const seen = new Set<string>();
  const visit = (folder: string) => {
    if (seen.has(folder) || !known.has(folder)) return;
    seen.add(folder);
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) { if (entry.name !== 'style') walk(path.join(dir, entry.name)); } else if (entry.name.endsWith('.js')) files.push(path.join(dir, entry.name));
      }
    };
    walk(path.join(antdDir, 'es', folder));
    for (const file of files) {
      for (const [, target] of readFileSync(file, 'utf8').matchAll(/from '((?:\.\.\/)+[\w-]+)'/g)) {
        const resolved = path.relative(path.join(antdDir, 'es'), path.resolve(path.dirname(file), target));
        if (!resolved.includes('/')) visit(resolved);
      }
    }
  };
  for (const folder of folders) visit(folder);
  return [...seen];
}

/**
 * The rules that set a theme's variables: `.css-var-portal{--ant-…}` and `.css-var-portal.ant-btn{--ant-button-…}`,
 * and those of the keys antd makes up for parts it draws in a ConfigProvider of their own (a confirm
 * dialog's panel), which the page never uses.
 */
const VARIABLES = /(?<=^|\})([^{}]*\.css-var-[\w-]+[^{}]*)\{(--[^{}]*)\}/g;
const OURS = new RegExp(`\\.${ANTD_CSS_VAR_KEY}(?![\\w-])`);

function render(names: string[], theme: ThemeName, motion: boolean): string {
  return extractStyle({
    includes: names,
    customTheme: (node: ReactElement) => createElement(ConfigProvider, { theme: antdTheme(theme, motion, false) }, node),
  });
}

function variables(css: string, scope: string): string[] {
  // An array of whole rules, never split on line breaks: a value may hold one (antd's font stack).
  return [...css.matchAll(VARIABLES)].filter(([, selector]) => OURS.test(selector)).map(([, selector, body]) => `${scope} ${selector}{${body}}`);
}

/** The body of the rule that sets the theme's own variables (`.css-var-portal{--ant-color-text:…}`), without the components'. */
function rootVariables(css: string): string {
  const rule = [...css.matchAll(VARIABLES)].find(([, selector]) => selector.trim() === `.${ANTD_CSS_VAR_KEY}`);
  if (!rule) throw new Error('antd-styles: no rule sets the theme\'s variables');
  return rule[2];
}

/** The rules without the variables, and without the marker server rendering leaves for antd's run time to read (`.data-ant-cssinjs-cache-path`). */
function withoutVariables(css: string): string {
  return css.replace(VARIABLES, '').replace(/\.data-ant-cssinjs-cache-path\{[^{}]*\}/g, '');
}

/** Top-level blocks of a sheet: `sel{…}`, `@media …{…{…}}`, `@keyframes …{…}`. */
function blocks(css: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i += 1) {
    const c = css[i];
    if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (depth === 0) { out.push(css.slice(start, i + 1).trim()); start = i + 1; }
    }
  }
  return out.filter(Boolean);
}

export interface AntdSheets {
  /** The theme's variables on <html> (both themes, less motion) and the icons' rules: loaded with the cabinet's frame. */
  theme: string;
  /** The rules two or more folders draw: loaded with ConfigProvider. */
  base: string;
  /** Per antd folder ('table', 'date-picker'...): the rules only that folder draws, loaded with its code. */
  folders: Record<string, string>;
}

/** antd's styles cut per component folder, plus the variables they read. */
export function buildAntdSheets(root: string): AntdSheets {
  const antdDir = path.dirname(require.resolve('antd/package.json', { paths: [root] }));
  const known = exportedNames(antdDir);
  const listed = (JSON.parse(readFileSync(path.join(root, 'shared/antd-components.json'), 'utf8')) as { components: string[] }).components
    .map((c) => c.split('/')[0]);
  const folders = withInner(antdDir, [...new Set(listed)], known).filter((f) => !['config-provider', 'theme', 'version', 'locale'].includes(f)).sort();
  const namesOf = (folder: string) => (folder === 'grid' ? ['Row', 'Col'] : [known.get(folder)!]);
  const sheets: Record<string, string[]> = {};
  const motionOnly = (moving: string, calm: string) => {
    const before = new Set(variables(moving, ''));
    return variables(calm, '').filter((rule) => !before.has(rule));
  };
  for (const folder of folders) {
    const names = namesOf(folder);
    const light = render(names, 'default', true);
    const dark = render(names, 'dark', true);
    const rules = withoutVariables(light);
    if (rules !== withoutVariables(dark)) throw new Error(`antd-styles: the rules of ${folder} differ between the themes`);
    // The variables of each theme, and antd's values for less motion, as blocks of their own.
    const still = [
      ...motionOnly(light, render(names, 'default', false)).map((rule) => `html${rule}`),
      ...motionOnly(dark, render(names, 'dark', false)).map((rule) => `html[data-theme="dark"]${rule}`),
    ];
    sheets[folder] = [
      ...blocks(rules),
      ...variables(light, 'html'),
      ...variables(dark, 'html[data-theme="dark"]'),
      ...(still.length ? [`@media (prefers-reduced-motion: reduce){${still.join('\n')}}`] : []),
    ].filter(Boolean);
  }
  // What two or more folders draw (a button in a dialog, shared keyframes, the theme's own
  // variables, which every folder writes) goes once into the base; the rest stays with its folder.
  const counts = new Map<string, number>();
  for (const folder of folders) for (const b of new Set(sheets[folder])) counts.set(b, (counts.get(b) ?? 0) + 1);
  const shared = [...counts].filter(([, n]) => n > 1).map(([b]) => b);
  const inBase = new Set(shared);
  const folderSheets: Record<string, string> = {};
  for (const folder of folders) folderSheets[folder] = sheets[folder].filter((b) => !inBase.has(b)).join('\n');
  // The theme's own variables on the page itself too, so that plain markup and our static CSS read
  // the same colours as var(--ant-…): light on <html>, dark under its data-theme attribute.
  const page = (theme: ThemeName, motion: boolean) => rootVariables(render(['Button'], theme, motion));
  const calmer = (theme: ThemeName) => {
    const moving = new Set(page(theme, true).split(';'));
    return page(theme, false).split(';').filter((declaration) => !moving.has(declaration)).join(';');
  };
  const stillPage = [`html{${calmer('default')}}`, `html[data-theme="dark"]{${calmer('dark')}}`];
  const version = JSON.parse(readFileSync(path.join(antdDir, 'package.json'), 'utf8')).version;
  // The icons' rules (`.anticon`, its spin) and antd's rules for links (`a`, `a:hover`...) go with the
  // variables: the shell draws icons and links before any antd component.
  const icons = shared.filter((b) => /^(\.anticon|@keyframes loadingCircle)/.test(b) || /^a([:[][^{]*)?\{/.test(b));
  const theme = [
    `/* antd ${version}: the theme's variables on the page, and the icons' rules (scripts/antd-styles.tsx) */`,
    `html{${page('default', true)}}`,
    `html[data-theme="dark"]{${page('dark', true)}}`,
    `@media (prefers-reduced-motion: reduce){${stillPage.join('\n')}}`,
    ...icons,
  ].join('\n');
  const base = [
    `/* antd ${version}: what two or more components draw (scripts/antd-styles.tsx) */`,
    ...shared.filter((b) => !icons.includes(b)),
  ].join('\n');
  return { theme, base, folders: folderSheets };
}
