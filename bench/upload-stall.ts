// bench/upload-stall: what a release upload that unpacks far beyond its size does to everyone else
// (issue 30 item 3). The archive is small (well under 1 MB of gzip) and unpacks to 480 MB: a built
// remote's files and 48 chunks of 10 MB of zeros each (every one within RELEASE_FILE_LIMIT_MB, 50 MB
// all together after the fifth: RELEASE_LIMIT_MB refuses it), or one file of 480 MB. Each is uploaded
// --uploads times (default 5), one after another, by the admin; meanwhile a prober sends
// `GET /api/health/`, one after another on a kept connection, and times each answer.
//
// Budget: the health answers' p99 ≤ 50 ms during the uploads, and every upload refused (413).
// The real server (e2e/portal-server.ts: SQLite, the demo data, the built portal of dist/, not rebuilt here).
// Run: npx tsx bench/upload-stall.ts [--uploads 5]
import { createGzip } from 'node:zlib';
import { Header } from 'tar';
import { ACCOUNTS, DEMO_PASSWORD, startPortal } from '../e2e/portal-server';

const BUDGET_P99_MS = 50;
const MB = 1024 * 1024;
const at = process.argv.indexOf('--uploads');
const UPLOADS = at >= 0 ? Number(process.argv[at + 1]) : 5;

interface Entry { path: string; size: number; text?: string }

/** A gzip tar of `entries` (a file's bytes its text, or zeros), made without holding what it unpacks to. */
async function gzipTar(entries: Entry[]): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const out: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => gzip.on('end', resolve));
  const write = (bytes: Buffer) => new Promise<void>((resolve) => { if (gzip.write(bytes)) resolve(); else gzip.once('drain', resolve); });
  const zeros = Buffer.alloc(MB);
  for (const entry of entries) {
    const body = entry.text === undefined ? null : Buffer.from(entry.text);
    const header = new Header({ path: entry.path, mode: 0o644, uid: 0, gid: 0, size: body?.length ?? entry.size, mtime: new Date(0), type: 'File' });
    header.encode();
    await write(header.block!);
    if (body) await write(body);
    else for (let left = entry.size; left > 0; left -= MB) await write(left >= MB ? zeros : zeros.subarray(0, left));
    const size = body?.length ?? entry.size;
    if (size % 512) await write(Buffer.alloc(512 - (size % 512)));
  }
  await write(Buffer.alloc(1024));
  gzip.end();
  await done;
  return Buffer.concat(out);
}

/** A built remote's files, enough for the gate, if the archive got that far. */
function buildFiles(): Entry[] {
  const manifest = {
    id: 'comms', name: 'comms',
    metaData: { name: 'comms', remoteEntry: { name: 'remoteEntry.js', path: '' }, portal: { name: 'comms', contractVersion: '2.0.0', shared: {} } },
    shared: [], exposes: [],
  };
  return [
    { path: 'mf-manifest.json', size: 0, text: JSON.stringify(manifest) },
    { path: 'remoteEntry.js', size: 0, text: 'var comms;' },
  ];
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const archives: Array<[string, Buffer]> = [
    ['48 chunks of 10 MB (480 MB)', await gzipTar([...buildFiles(), ...Array.from({ length: 48 }, (_, i) => ({ path: `chunk-${i}.js`, size: 10 * MB }))])],
    ['one file of 480 MB', await gzipTar([...buildFiles(), { path: 'chunk-huge.js', size: 480 * MB }])],
  ];
  const portal = await startPortal();
  try {
    const login = await fetch(`${portal.url}/api/token/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ACCOUNTS.admin, password: DEMO_PASSWORD }) });
    const { access } = (await login.json()) as { access: string };

    /** GET /api/health/ one after another until `until` settles: each answer's time. */
    const probe = async (until: Promise<unknown>) => {
      let over = false;
      void until.finally(() => { over = true; });
      const times: number[] = [];
      while (!over) {
        const started = performance.now();
        const res = await fetch(`${portal.url}/api/health/`);
        await res.arrayBuffer();
        times.push(performance.now() - started);
      }
      return times;
    };
    const idle = await probe(new Promise((r) => setTimeout(r, 1000)));
    console.log(`GET /api/health/ while the server is idle: p50 ${ms(percentile(idle, 50))}, p99 ${ms(percentile(idle, 99))} (${idle.length} answers)`);

    let within = true;
    for (const [what, archive] of archives) {
      const statuses: number[] = [];
      const uploadMs: number[] = [];
      const uploads = (async () => {
        for (let i = 0; i < UPLOADS; i += 1) {
          const started = performance.now();
          const res = await fetch(`${portal.url}/api/remotes/comms/releases/`, {
            method: 'POST', headers: { authorization: `Bearer ${access}`, 'content-type': 'application/gzip' }, body: new Uint8Array(archive),
          });
          await res.arrayBuffer();
          statuses.push(res.status);
          uploadMs.push(performance.now() - started);
        }
      })();
      const times = await probe(uploads);
      await uploads;
      const p99 = percentile(times, 99);
      const refused = statuses.every((s) => s === 413);
      within &&= p99 <= BUDGET_P99_MS && refused;
      console.log(`${what}, ${(archive.length / MB).toFixed(2)} MB of gzip, uploaded ${UPLOADS} times:`);
      console.log(`  answers ${statuses.join(' ')} (${refused ? 'all refused' : 'NOT all refused'}), each in ${uploadMs.map((v) => v.toFixed(0)).join(' ')} ms`);
      console.log(`  GET /api/health/ meanwhile: p50 ${ms(percentile(times, 50))}, p99 ${ms(p99)}, max ${ms(Math.max(...times))} (${times.length} answers)  ${p99 <= BUDGET_P99_MS ? 'within' : 'OVER'} ${BUDGET_P99_MS} ms`);
    }
    console.log(within ? 'within budget' : 'OVER budget');
  } finally {
    await portal.stop();
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
