import { connect, type Socket } from 'node:net';
import { createTestApp, testDatabases, tokensFor, until, type TestApp } from '../test/test-app';

describe.each(testDatabases())('the request queue on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let dealer: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // One request of the API at a time, two waiting at most: small enough to fill in a test.
    t = await createTestApp(kind, { requestQueue: { limit: 2, concurrency: 1 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    dealer = (await tokensFor(t.app, 'dealer@demo.test')).access;
  }, 30_000);
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await t?.close();
  }, 30_000);

  /** A new order whose body is still arriving: it holds the one place until `finish` sends the rest. */
  function slowOrder(): { answer: Promise<string>; finish(): void } {
    const body = JSON.stringify({ items: [{ product: 1, quantity: 100 }] });
    const { port } = t.app.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.write(`POST /api/orders/ HTTP/1.1\r\nHost: portal\r\nAuthorization: Bearer ${dealer}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`);
    let text = '';
    const answer = new Promise<string>((resolve) => {
      socket.on('data', (chunk) => { text += chunk.toString(); });
      socket.on('close', () => resolve(text));
    });
    return { answer, finish: () => socket.write(body.slice(10)) };
  }

  test('a full queue answers 503 with Retry-After at once, a health check answers while requests wait, and the waiting ones are served after', async () => {
    const order = slowOrder();
    await until(() => t.app.requestQueue.running() === 1);
    const headers = { authorization: `Bearer ${dealer}`, 'accept-language': 'en' };
    const waiting = [fetch(`${base}/api/news/`, { headers }), fetch(`${base}/api/orders/`, { headers })];
    await until(() => t.app.requestQueue.waiting() === 2);

    const refused = await fetch(`${base}/api/users/me/`, { headers });
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ code: 'busy', message: 'The server is busy right now. Please try again in a few seconds.' });
    // An API path spelt otherwise waits in the same queue: it is refused alike, not let past it.
    for (const spelt of ['/%61pi/users/me/', '/API/users/me/', '//api/users/me/']) {
      expect((await fetch(`${base}${spelt}`, { headers })).status).toBe(503);
    }

    // The health check is never queued: it answers while the API's place is taken.
    const health = await fetch(`${base}/api/health/`);
    expect(health.status).toBe(200);
    expect(t.app.requestQueue.waiting()).toBe(2);

    order.finish();
    expect(await order.answer).toMatch(/^HTTP\/1\.1 201/);
    expect((await Promise.all(waiting)).map((response) => response.status)).toEqual([200, 200]);
    await until(() => t.app.requestQueue.running() === 0);
    expect((await fetch(`${base}/api/users/me/`, { headers })).status).toBe(200);
  }, 30_000);

  test('a client that leaves while its request waits gives its place back', async () => {
    const order = slowOrder();
    await until(() => t.app.requestQueue.running() === 1);
    const { port } = t.app.server.address() as { port: number };
    const leaving = connect(port, '127.0.0.1');
    sockets.push(leaving);
    leaving.write(`GET /api/news/ HTTP/1.1\r\nHost: portal\r\nAuthorization: Bearer ${dealer}\r\n\r\n`);
    await until(() => t.app.requestQueue.waiting() === 1);
    leaving.destroy();
    await until(() => t.app.requestQueue.waiting() === 0);
    order.finish();
    expect(await order.answer).toMatch(/^HTTP\/1\.1 201/);
    await until(() => t.app.requestQueue.running() === 0);
  }, 30_000);
});
