// bench/refresh-storm: 50 concurrent calls through the shared API client with an expired access
// token, against the real API (design §8: exactly 1 refresh call, 50 successes).
// A counting proxy in front of the API sees every request the client really sends.
// Run: npx tsx bench/refresh-storm.ts
import http from 'node:http';
import { startPortal, ACCOUNTS, DEMO_PASSWORD } from '../e2e/portal-server';

// The client keeps its tokens in browser storage; give Node a minimal one.
const memory = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, String(v)),
    removeItem: (k: string) => void memory.delete(k),
    clear: () => memory.clear(),
  },
});

const CONCURRENT = 50;

async function main() {
  const portal = await startPortal({ env: { ACCESS_TOKEN_TTL: '4' } });
  const counts = new Map<string, number>();
  const target = new URL(portal.url);
  const proxy = http.createServer((req, res) => {
    const key = `${req.method} ${req.url?.split('?')[0]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const upstream = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => { res.writeHead(502); res.end(); });
    req.pipe(upstream);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;

  try {
    const { createApiClient, setTokens } = await import('../shared/src/index');
    const client = createApiClient({ baseURL: proxyUrl });
    const { data } = await client.post('/api/token/', { email: ACCOUNTS.dealer, password: DEMO_PASSWORD });
    setTokens({ access: data.access, refresh: data.refresh });
    // Token times are whole seconds: a 4-second token is expired after 5.1 s, and the refreshed one
    // still lives for at least 3 s, however late in a second it was issued.
    await new Promise((r) => setTimeout(r, 5100));
    counts.clear();

    const started = performance.now();
    const results = await Promise.allSettled(Array.from({ length: CONCURRENT }, () => client.get('/api/users/me/')));
    const ms = performance.now() - started;
    const successes = results.filter((r) => r.status === 'fulfilled').length;
    const refreshes = counts.get('POST /api/token/refresh/') ?? 0;
    const firstTries = counts.get('GET /api/users/me/') ?? 0;
    console.log('bench/refresh-storm: 50 concurrent requests with an expired access token');
    console.log(`  refresh calls      ${refreshes}   (budget: exactly 1)`);
    console.log(`  successes          ${successes}/${CONCURRENT}   (budget: ${CONCURRENT})`);
    console.log(`  requests sent      ${firstTries}   (each request at most twice: ${CONCURRENT * 2})`);
    console.log(`  wall time          ${ms.toFixed(0)} ms`);
    console.log(refreshes === 1 && successes === CONCURRENT ? '  within budget' : '  OVER budget');
  } finally {
    proxy.close();
    await portal.stop();
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
