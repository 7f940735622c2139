import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { OpenAPI3 } from 'openapi-typescript';
import { API_TYPES_COMMAND, API_TYPES_FILE, apiDocument } from '../../../scripts/generate-api-types';
import { createTestApp, type TestApp } from './test-app';

// @portal/shared's entity types come from shared/src/api-types.ts, generated from the API's OpenAPI
// document; were a route schema changed and the file not regenerated, the portal would compile
// against shapes the API no longer serves.
const root = path.resolve(__dirname, '../../..');

/** The file the generator prints for a document (run as a command: see the script's header). */
function generate(document: OpenAPI3): string {
  const run = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/generate-api-types.ts', '--stdin'], {
    cwd: root, input: JSON.stringify(document), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`the generator failed (${run.status}): ${run.stderr}`);
  return run.stdout;
}

/** The first line where the two texts part, so that a failure says what drifted. */
function firstDifference(committed: string, generated: string): string {
  const a = committed.split('\n');
  const b = generated.split('\n');
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? a.length : line;
  return `first difference at line ${at + 1}:\n  committed: ${a[at] ?? '(end of file)'}\n  generated: ${b[at] ?? '(end of file)'}`;
}

describe('the committed API types (shared/src/api-types.ts)', () => {
  let t: TestApp;
  let document: OpenAPI3;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { demoData: 'off' });
    document = await apiDocument(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  test('are what the running API\'s document generates, byte for byte, every time', () => {
    const generated = generate(document);
    expect(generate(document)).toBe(generated);
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    if (generated !== committed) {
      throw new Error(`shared/src/api-types.ts differs from what the API serves: run \`${API_TYPES_COMMAND}\` and commit the result.\n`
        + firstDifference(committed, generated));
    }
  });
});
