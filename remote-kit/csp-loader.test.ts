import { readFileSync } from 'node:fs';
import path from 'node:path';

describe('the build loader that fits antd\'s helpers to the policy', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the loader is the build's CommonJS module
  const loader = require('./csp-loader.cjs') as (this: { resourcePath: string }, source: string) => string;
  const run = (file: string) => loader.call({ resourcePath: file }, readFileSync(file, 'utf8'));
  const root = path.join(__dirname, '..');

  test.each([
    'node_modules/@rc-component/util/es/Dom/dynamicCSS.js',
    'node_modules/@ant-design/icons/es/cssUtils.js',
  ])('takes the page\'s nonce in injectCSS of %s when the caller names none', (file) => {
    const out = run(path.join(root, file));
    expect(out).toMatch(/function injectCSS\(css, option = \{\}\) \{\n {2}if \(!option\.csp\?\.nonce\) option = \{ \.\.\.option, csp: \{ \.\.\.option\.csp, nonce: pageCspNonce\(\) \} \};/);
    expect(out).toContain('function pageCspNonce()');
  });

  test('a remote\'s icons write no rules of their own where the page\'s built sheet has them (its antd variables on <html>)', () => {
    const out = run(path.join(root, 'node_modules/@ant-design/icons/es/cssUtils.js'));
    expect(out).toMatch(/export function updateCSS\(css, key, originOption = \{\}\) \{\n {2}if \(key === '@ant-design-icons' && iconsStyledByPage\(\)\) return null;/);
    expect(out).toContain("getComputedStyle(document.documentElement).getPropertyValue('--ant-font-family') !== ''");
  });

  test('styles the autosize textarea\'s hidden copy through the CSSOM, not a style attribute', () => {
    const out = run(path.join(root, 'node_modules/@rc-component/input/es/calculateNodeHeight.js'));
    expect(out).toContain('hiddenTextarea.style.cssText = `${sizingStyle};${HIDDEN_TEXTAREA_STYLE}`;');
    expect(out).not.toContain("setAttribute('style'");
  });

  test('fails the build when a file is written otherwise (a new version of the library)', () => {
    const file = '/x/node_modules/@rc-component/util/es/Dom/dynamicCSS.js';
    expect(() => loader.call({ resourcePath: file }, 'export function injectCSS(css, options) {}')).toThrow(/no longer written as/);
    expect(() => loader.call({ resourcePath: '/x/other.js' }, '')).toThrow(/has no edit for this file/);
  });
});
