// Lint keeps the boundaries of design §2: a remote never imports another remote or the host;
// @portal/shared imports only libraries; antd only as the shared components of
// shared/antd-components.json (antd/es/<name>), never the whole package.
import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const antdComponents = JSON.parse(readFileSync(new URL('./shared/antd-components.json', import.meta.url), 'utf8')).components;

const remotes = ['catalog', 'orders', 'dealers', 'comms', 'admin'];
const noAntdDirect = {
  regex: `^antd(/lib/.*|/es/(?!((${antdComponents.join('|')})$|locale/)).*)?$`,
  message: 'Import antd as a shared component, antd/es/<name>, listed in shared/antd-components.json.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.tmp/**', 'coverage/**', 'test-results/**', 'playwright-report/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@portal/*', '**/host/**', '**/remotes/**', '**/api/**'], message: '@portal/shared imports only libraries.' },
        noAntdDirect,
      ] }],
    },
  },
  {
    files: ['host/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@portal/catalog', '@portal/orders', '@portal/dealers', '@portal/comms', '@portal/admin', '**/remotes/**', '**/api/**', '**/shared/src/**'], message: 'The host reaches remotes only through Module Federation, and shared only as @portal/shared.' },
        noAntdDirect,
      ] }],
    },
  },
  ...remotes.map((name) => ({
    files: [`remotes/${name}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@portal/host', '**/host/**', '**/api/**', '**/shared/src/**', ...remotes.filter((r) => r !== name).flatMap((r) => [`@portal/${r}`, `**/${r}/**`])], message: 'A remote imports only libraries and @portal/shared.' },
        noAntdDirect,
      ] }],
    },
  })),
);
