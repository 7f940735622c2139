// @portal/shared compiled as the contract ships it (scripts/contract-pack.mjs) and as its API report
// reads it (scripts/api-report.mjs): tsc over shared/src without tests and the repository's own test
// helpers, with ui/testing (the render helpers a remote's component tests use), ES modules and .d.ts
// into DIR/dist, relative imports naming their files, the blocks' stylesheets beside them.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Compiles root/shared/src into stage/dist; STAGE.tsconfig.json beside it is the configuration it used. */
export function compileShared(root, stage) {
  // @portal/shared: tsc over shared/src without tests and the repository's own test helpers; with
  // ui/testing, the render helpers a remote's component tests use (their libraries optional peers).
  const isTestFile = (name) => /\.test\.tsx?$/.test(name) || /^test-helpers\.tsx?$/.test(name);
  const sources = [];
  /** The components' static stylesheets, copied beside their compiled modules. */
  const sheets = [];
  (function walk(folder) {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !isTestFile(entry.name)) sources.push(file);
      else if (entry.name.endsWith('.css')) sheets.push(file);
    }
  })(path.join(root, 'shared/src'));
  mkdirSync(stage, { recursive: true });
  writeFileSync(`${stage}.tsconfig.json`, JSON.stringify({
    compilerOptions: {
      target: 'ES2022', lib: ['ES2023', 'DOM', 'DOM.Iterable'], module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx',
      strict: true, esModuleInterop: true, skipLibCheck: true, resolveJsonModule: true, isolatedModules: true, types: [],
      // The blocks' stylesheets (`import './pager.css'`) are copied beside them, not compiled.
      noUncheckedSideEffectImports: false,
      declaration: true, noEmit: false, rootDir: path.join(root, 'shared/src'), outDir: path.join(stage, 'dist'),
    },
    files: sources,
  }, null, 2));
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', `${stage}.tsconfig.json`], { stdio: 'inherit' });

  // The compiled files run as Node ESM and in any bundler's strict ESM mode: relative imports name their file.
  (function fullySpecify(folder) {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) { fullySpecify(file); continue; }
      const text = readFileSync(file, 'utf8').replace(/((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]*)\2/g, (all, lead, quote, spec) => {
        if (/\.(js|json|css)$/.test(spec)) return all;
        const target = path.resolve(path.dirname(file), spec);
        const isDir = existsSync(target) && statSync(target).isDirectory();
        return `${lead}${quote}${spec}${isDir ? '/index.js' : '.js'}${quote}`;
      });
      writeFileSync(file, text);
    }
  })(path.join(stage, 'dist'));
  for (const sheet of sheets) cpSync(sheet, path.join(stage, 'dist', path.relative(path.join(root, 'shared/src'), sheet)));
}
