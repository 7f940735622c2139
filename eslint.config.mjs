// Lint keeps the boundaries of design §2: a remote never imports another remote or the host;
// @portal/shared imports only libraries, and its screen building blocks (shared/src/ui/) reach the
// page's singletons only through the package name; antd only as the shared components of
// shared/antd-components.json (antd/es/<name>), never the whole package; no import cycles; no `any`
// outside tests and the frozen migrations.
import { readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const antdComponents = JSON.parse(readFileSync(new URL('./shared/antd-components.json', import.meta.url), 'utf8')).components;

// The remotes are the folders under remotes/: a new remote gets its boundaries without an edit here.
const remotes = readdirSync(new URL('./remotes/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// A type-only import of antd (a table's column type) is erased from the bundle, so it may name any module.
const noAntdDirect = {
  regex: `^antd(/lib/.*|/es/(?!((${antdComponents.join('|')})$|locale/)).*)?$`,
  allowTypeImports: true,
  message: 'Import antd as a shared component, antd/es/<name>, listed in shared/antd-components.json.',
};
const tests = ['**/*.test.{ts,tsx}', 'api/src/test/**', 'e2e/**'];
/** What host code may not import: a remote (reached only through Module Federation), the API, shared by a path. */
const hostImports = [
  { group: [...remotes.map((name) => `@portal/${name}`), '**/remotes/**', '**/api/**', '**/shared/src/**'], message: 'The host reaches remotes only through Module Federation, and shared only as @portal/shared.' },
  noAntdDirect,
];
const blockImports = [
  { regex: '^@portal/(?!shared(/ui/[^/]+)?$)', message: 'A building block imports libraries, @portal/shared and the other blocks.' },
  { group: ['**/host/**', '**/remotes/**', '**/api/**', '**/shared/src/**'], message: 'A building block imports libraries, @portal/shared and the other blocks.' },
  noAntdDirect,
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.tmp/**', 'coverage/**', 'test-results/**', 'playwright-report/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x reads only .js dependencies, and no-cycle would see no TypeScript edge.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Libraries are not followed (ignoreExternal): a cycle through node_modules is not ours to
      // fix, and parsing them would make lint several times slower.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // No style computed in the browser (design §3 "Styles and the first draw"): antd's token run time
  // stays off the page's draws, and our own styles are static CSS files beside their components.
  {
    files: ['shared/src/**/*.tsx', 'host/src/**/*.tsx', 'remotes/*/src/**/*.tsx'],
    ignores: tests,
    rules: {
      'no-restricted-syntax': ['error',
        { selector: "CallExpression[callee.property.name='useToken'], CallExpression[callee.name='useToken']", message: 'No theme.useToken() while rendering: read the theme as var(--ant-…), `token` of @portal/shared/ui/tokens in a style, or in a .css file beside the component.' },
        { selector: "JSXOpeningElement[name.name='style']", message: 'No <style> written while the page runs: put the rules in a .css file beside the component (built into a static sheet).' },
      ],
    },
  },
  {
    // Tests build odd inputs on purpose; migrations take Kysely<any> and are frozen in time.
    files: [...tests, 'api/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    ignores: ['shared/src/ui/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [
        { group: ['@portal/*', '**/host/**', '**/remotes/**', '**/api/**'], message: '@portal/shared imports only libraries.' },
        // The blocks would otherwise ride along in the singleton every remote shares.
        { group: ['./ui', './ui/**'], message: 'The screen building blocks are imported by a screen, as @portal/shared/ui/<block>, not by the contract.' },
        noAntdDirect,
      ] }],
    },
  },
  // The blocks are bundled into each remote that uses them, so they must take the store, the API
  // client and i18n from the one shared @portal/shared, never by a relative path out of ui/ (that
  // would give each remote its own copy of the store). A file `depth` folders below ui/ leaves it
  // with `depth` steps up; import-x/no-restricted-paths cannot say this, as it resolves
  // @portal/shared to shared/src/index.ts as well. Tests are not bundled: they may reach the
  // package's test helpers.
  ...[1, 2, 3].map((depth) => ({
    files: [`shared/src/ui/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    ignores: tests,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [
      { regex: `^(\\.\\./){${depth}}`, message: 'A building block takes the shared singletons through @portal/shared, not by a relative path out of ui/.' },
      ...blockImports,
    ] }] },
  })),
  {
    files: ['shared/src/ui/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: blockImports }] },
  },
  {
    files: ['host/src/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: hostImports }] },
  },
  // bulletproof-react's arrows: app → features → lib; a feature never reaches back into app/.
  {
    files: ['host/src/features/**/*.{ts,tsx}'],
    ignores: tests,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [
      ...hostImports,
      { regex: '^(\\.\\./)+app(/|$)', message: 'A host feature does not import app/: app composes the features (what a feature needs from elsewhere lives in @portal/shared or the feature that owns it).' },
    ] }] },
  },
  // The API's parts (ARCHITECTURE.md): an area (api/src/areas/<area>.ts) never imports another
  // area, what two share lives in lib/ or a module of its own; lib/ imports no area, route or
  // repository. The schemas import the lifecycles (lib/lifecycle.ts): they feed the OpenAPI enums.
  {
    files: ['api/src/areas/**/*.ts'],
    ignores: ['api/src/areas/index.ts', ...tests],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [
        { regex: '^\\.(/|$)|(^|/)areas(/|$)', message: 'An area never imports another area: what two areas share lives in api/src/lib/ or a module of its own.' },
      ] }],
    },
  },
  {
    files: ['api/src/lib/**/*.ts'],
    ignores: tests,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [
        { group: ['**/areas', '**/areas/**', '**/routes/**', '**/repositories/**'], message: 'api/src/lib/ imports no area, route or repository: they build on lib, not the other way.' },
      ] }],
    },
  },
  ...remotes.flatMap((name) => {
    const patterns = [
      { group: ['@portal/host', '**/host/**', '**/api/**', '**/shared/src/**', ...remotes.filter((r) => r !== name).flatMap((r) => [`@portal/${r}`, `**/${r}/**`])], message: 'A remote imports only libraries, @portal/shared and its building blocks @portal/shared/ui/<block>.' },
      noAntdDirect,
    ];
    return [
      // One data path (style 5): a screen reads and saves through its area, useItem, useResourceForm
      // or useChoices; only a resource's api.ts (its non-CRUD calls) takes the client itself.
      {
        files: [`remotes/${name}/src/**/*.{ts,tsx}`],
        rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns, paths: [
          { name: '@portal/shared', importNames: ['apiClient'], message: 'Read and save through the area (useItem, useResourceForm, useChoices); a call that is not plain CRUD goes in the resource\'s api.ts, with apiGet/apiPost/apiPut/apiDelete.' },
        ] }] },
      },
      {
        files: [`remotes/${name}/src/**/api.ts`, `remotes/${name}/src/**/*.test.{ts,tsx}`],
        rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
      },
    ];
  }),
);
