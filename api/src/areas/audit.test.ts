// The audit trail (issue 17 item 6) from the outside, on SQLite and PostgreSQL: each
// security-relevant action writes its row (who, what, to which object, when), a refused change
// writes none, the admin alone reads the list (filters by actor, action, object and date; CSV),
// and nothing changes or deletes a row through the API.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call, createTestApp, testDatabases, tokensFor, type TestApp } from '../test/test-app';
import { tarGz, writePortalDist, writeRemoteBuild } from '../test/remote-builds';

jest.setTimeout(60_000);

interface Row {
  id: number;
  at: string;
  actor: { id: number | null; email: string | null; deploy_key: string | null } | null;
  action: string;
  target_type: string;
  target_id: string | null;
  details: Record<string, unknown>;
}

describe.each(testDatabases())('audit trail on %s', (kind) => {
  let t: TestApp;
  let dist: string;
  let work: string;
  const token: Record<'admin' | 'manager' | 'dealer', string> = { admin: '', manager: '', dealer: '' };
  let adminId = 0;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
    work = mkdtempSync(path.join(tmpdir(), 'portal-builds-'));
    writePortalDist(dist, [{ name: 'comms' }]);
    t = await createTestApp(kind, { portalDist: dist });
    for (const role of ['admin', 'manager', 'dealer'] as const) token[role] = (await tokensFor(t.app, `${role}@demo.test`)).access;
    adminId = (await t.app.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow()).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  const as = (role: keyof typeof token) => ({
    get: (url: string) => call(t.app, 'GET', url, { token: token[role] }),
    post: (url: string, body?: unknown, headers?: Record<string, string>) => call(t.app, 'POST', url, { token: token[role], body, headers }),
    put: (url: string, body: unknown) => call(t.app, 'PUT', url, { token: token[role], body }),
    del: (url: string) => call(t.app, 'DELETE', url, { token: token[role] }),
  });
  const admin = as('admin');
  /** The rows of the trail the query gives, newest first. */
  const rows = async (query = ''): Promise<Row[]> => {
    const answer = await admin.get(`/api/audit/?page_size=500${query ? `&${query}` : ''}`);
    expect(answer.status).toBe(200);
    return answer.json.results;
  };
  const newest = async (action: string) => (await rows(`action=${action}`))[0];
  const count = async () => (await admin.get('/api/audit/?page_size=1')).json.count as number;
  const byAdmin = { id: expect.any(Number), email: 'admin@demo.test', deploy_key: null };

  test('users: created, role and dealer changed, deactivated and activated, a link sent (by the admin and by the form)', async () => {
    const created = await admin.post('/api/users/', { email: 'audit-user@example.test', first_name: 'Аудит', last_name: 'Проверка', role: 'manager' });
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    expect(await newest('user.created')).toEqual({
      id: expect.any(Number), at: expect.stringMatching(/Z$/), actor: { id: adminId, email: 'admin@demo.test', deploy_key: null },
      action: 'user.created', target_type: 'user', target_id: String(id), details: { user_email: 'audit-user@example.test', role: 'manager', dealer: null },
    });
    const user = created.json;
    const dealer = (await t.app.db.selectFrom('dealers').select('id').limit(1).executeTakeFirstOrThrow()).id;
    expect((await admin.put(`/api/users/${id}/`, { ...user, role: 'dealer', dealer })).status).toBe(200);
    expect(await newest('user.role_changed')).toMatchObject({ actor: byAdmin, target_id: String(id), details: { from: 'manager', to: 'dealer' } });
    expect(await newest('user.dealer_changed')).toMatchObject({ target_id: String(id), details: { from: null, to: dealer } });
    expect((await admin.put(`/api/users/${id}/`, { ...user, role: 'dealer', dealer, is_active: false })).status).toBe(200);
    expect(await newest('user.deactivated')).toMatchObject({ actor: byAdmin, target_type: 'user', target_id: String(id) });
    expect((await admin.put(`/api/users/${id}/`, { ...user, role: 'dealer', dealer, is_active: true })).status).toBe(200);
    expect(await newest('user.activated')).toMatchObject({ target_id: String(id) });
    // Saving the user unchanged records nothing.
    const before = await count();
    expect((await admin.put(`/api/users/${id}/`, { ...user, role: 'dealer', dealer, first_name: 'Другое' })).status).toBe(200);
    expect(await count()).toBe(before);

    expect((await admin.post(`/api/users/${id}/send-link/`)).status).toBe(200);
    expect(await newest('user.password_reset_sent')).toMatchObject({ actor: byAdmin, target_id: String(id), details: { via: 'admin' } });
    // The visitor's form mails after its answer: the row comes with the mail, from nobody signed in.
    const manager = (await t.app.db.selectFrom('users').select('id').where('email', '=', 'manager@demo.test').executeTakeFirstOrThrow()).id;
    expect((await call(t.app, 'POST', '/api/restore/', { body: { email: 'manager@demo.test' } })).status).toBe(200);
    const sent = await waitFor(async () => (await rows(`action=user.password_reset_sent&target_id=${manager}`))[0]);
    expect(sent).toMatchObject({ actor: null, target_type: 'user', details: { via: 'restore_form', user_email: 'manager@demo.test' } });
    // An unknown address mails nothing and records nothing.
    const known = await count();
    expect((await call(t.app, 'POST', '/api/restore/', { body: { email: 'nobody@example.test' } })).status).toBe(200);
    expect(await count()).toBe(known);
  });

  test('a refused change writes no row', async () => {
    const before = await count();
    const me = (await admin.get(`/api/users/${adminId}/`)).json;
    const refused = await admin.put(`/api/users/${adminId}/`, { ...me, is_active: false });
    expect(refused.status).toBe(409);
    const minimum = (await admin.get('/api/variables/?search=min_order_total')).json.results[0];
    const bad = await admin.put(`/api/variables/${minimum.id}/`, { ...minimum, value: 'много' });
    expect(bad.status).toBe(400);
    expect(await count()).toBe(before);
  });

  test('dealers: deactivated and reactivated, each once', async () => {
    const dealer = (await admin.post('/api/dealers/', { name: 'Аудит-дилер', group: null })).json;
    expect((await admin.put(`/api/dealers/${dealer.id}/`, { ...dealer, is_active: false })).status).toBe(200);
    expect(await newest('dealer.deactivated')).toMatchObject({ actor: byAdmin, target_type: 'dealer', target_id: String(dealer.id), details: { dealer_name: 'Аудит-дилер' } });
    const { is_active: _kept, ...withoutState } = dealer;
    const before = await count();
    expect((await admin.put(`/api/dealers/${dealer.id}/`, { ...withoutState, address: 'новый' })).json.is_active).toBe(false);
    expect(await count()).toBe(before);
    expect((await admin.put(`/api/dealers/${dealer.id}/`, { ...dealer, is_active: true })).status).toBe(200);
    expect(await newest('dealer.activated')).toMatchObject({ target_id: String(dealer.id) });
  });

  test('registration requests: approved (with the user it made) and rejected', async () => {
    const ask = async (n: number) => (await call(t.app, 'POST', '/api/regreq/', {
      body: { company_name: `ООО Аудит ${n}`, tax_id: '7712345671', contact_name: 'Иван Петров', email: `audit-${n}@example.test`, phone: '+7 495 111-22-33' },
    })).json;
    const [one, two] = [await ask(1), await ask(2)];
    const approved = await as('manager').put(`/api/regreq/${one.id}/`, { ...one, status: 'approved' });
    expect(approved.status).toBe(200);
    expect(await newest('regreq.approved')).toMatchObject({
      actor: { email: 'manager@demo.test' }, target_type: 'regreq', target_id: String(one.id), details: { company_name: 'ООО Аудит 1', dealer: approved.json.dealer },
    });
    expect(await newest('user.created')).toMatchObject({ actor: { email: 'manager@demo.test' }, details: { user_email: 'audit-1@example.test', regreq: one.id } });
    expect((await admin.put(`/api/regreq/${two.id}/`, { ...two, status: 'rejected', decision_reason: 'Дубль' })).status).toBe(200);
    expect(await newest('regreq.rejected')).toMatchObject({ actor: byAdmin, target_id: String(two.id), details: { reason: 'Дубль' } });
  });

  test('settings: changed, created, deleted; the agreement published as a new version, not again for the same text', async () => {
    const variables = (await admin.get('/api/variables/?page_size=100')).json.results as Array<{ id: number; key: string; value: string }>;
    const support = variables.find((v) => v.key === 'support_email')!;
    expect((await admin.put(`/api/variables/${support.id}/`, { ...support, value: 'help@example.test' })).status).toBe(200);
    expect(await newest('setting.changed')).toMatchObject({ actor: byAdmin, target_type: 'setting', target_id: 'support_email', details: { from: support.value, to: 'help@example.test' } });
    const created = await admin.post('/api/variable/create/', { key: 'audit_probe', value: '1' });
    expect(await newest('setting.changed')).toMatchObject({ target_id: 'audit_probe', details: { from: null, to: '1' } });
    expect((await admin.del(`/api/variables/${created.json.id}/`)).status).toBe(204);
    expect(await newest('setting.deleted')).toMatchObject({ target_id: 'audit_probe', details: { from: '1' } });

    const agreement = variables.find((v) => v.key === 'contract_text')!;
    const published = await admin.put(`/api/variables/${agreement.id}/`, { ...agreement, value: `${agreement.value}\n\nНовый пункт.` });
    expect(published.status).toBe(200);
    const row = await newest('agreement.published');
    expect(row).toMatchObject({ actor: byAdmin, target_type: 'agreement', details: { version: expect.any(Number) } });
    expect(row.target_id).toBe(String(row.details.version));
    const before = await count();
    expect((await admin.put(`/api/variables/${agreement.id}/`, published.json)).status).toBe(200);
    expect(await count()).toBe(before);
  });

  test('deploy keys and releases: key created and revoked, release uploaded, activated, rolled back (a key as the actor)', async () => {
    const key = await admin.post('/api/remotes/comms/keys/', { name: 'ci' });
    expect(key.status).toBe(201);
    expect(await newest('deploy_key.created')).toMatchObject({ actor: byAdmin, target_type: 'deploy_key', target_id: String(key.json.id), details: { remote: 'comms', key_name: 'ci' } });
    const body = await tarGz(writeRemoteBuild(path.join(work, 'build-1'), 'comms', { portal: { version: '2.0.0' } }));
    const uploaded = await call(t.app, 'POST', '/api/remotes/comms/releases/', { token: key.json.key, body, headers: { 'content-type': 'application/gzip' } });
    expect(uploaded.status).toBe(201);
    expect(await newest('release.uploaded')).toMatchObject({ actor: { id: null, email: null, deploy_key: 'ci' }, target_type: 'release', target_id: uploaded.json.id, details: { remote: 'comms', version: '2.0.0', files: expect.any(Number), bytes: expect.any(Number), remote_entry_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    const live = (await admin.get('/api/remotes/')).json.find((r: { name: string }) => r.name === 'comms').live.id as string;
    const activated = await call(t.app, 'POST', '/api/remotes/comms/live/', { token: token.admin, body: { release: uploaded.json.id }, headers: { 'if-match': live } });
    expect(activated.status).toBe(200);
    expect(await newest('release.activated')).toMatchObject({ actor: byAdmin, target_id: uploaded.json.id, details: { remote: 'comms', previous: live } });
    expect((await admin.post('/api/remotes/comms/rollback/')).status).toBe(200);
    expect(await newest('release.rolled_back')).toMatchObject({ actor: byAdmin, target_id: live, details: { remote: 'comms' } });
    expect((await admin.del(`/api/remotes/comms/keys/${key.json.id}/`)).status).toBe(204);
    expect(await newest('deploy_key.revoked')).toMatchObject({ target_id: String(key.json.id), details: { key_name: 'ci' } });
  });

  test('filters: actor, action, target, from and to (a day or a moment), the period; bad values are 400', async () => {
    const all = await rows();
    expect(all.length).toBeGreaterThan(5);
    // Newest first.
    expect([...all].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id).map((r) => r.id)).toEqual(all.map((r) => r.id));
    const manager = all.find((r) => r.actor?.email === 'manager@demo.test')!;
    expect((await rows(`actor=${manager.actor!.id}`)).every((r) => r.actor?.email === 'manager@demo.test')).toBe(true);
    expect((await rows(`actor=${adminId}`)).length).toBe(all.filter((r) => r.actor?.id === adminId).length);
    expect((await rows('action=dealer.deactivated')).map((r) => r.action)).toEqual(['dealer.deactivated']);
    expect((await rows('target_type=setting')).map((r) => r.action).sort()).toEqual(['setting.changed', 'setting.changed', 'setting.deleted']);
    const dealerRow = all.find((r) => r.action === 'dealer.activated')!;
    expect((await rows(`target_type=dealer&target_id=${dealerRow.target_id}`)).map((r) => r.action)).toEqual(['dealer.activated', 'dealer.deactivated']);

    // Rows of an earlier day: outside today's period, inside theirs (`to` takes its whole day).
    await t.app.db.updateTable('audit_log').set({ at: '2001-01-15T10:00:00.000Z' }).where('id', '=', dealerRow.id).execute();
    const today = new Date().toISOString().slice(0, 10);
    expect((await rows(`from=${today}`)).map((r) => r.id)).not.toContain(dealerRow.id);
    expect((await rows('from=2001-01-15&to=2001-01-15')).map((r) => r.id)).toEqual([dealerRow.id]);
    expect((await rows('created_after=2001-01-15&created_before=2001-01-16')).map((r) => r.id)).toEqual([dealerRow.id]);
    expect((await rows('to=2001-01-15T10:00:00Z')).map((r) => r.id)).toEqual([dealerRow.id]);
    expect(await rows('to=2001-01-15T09:59:59Z')).toEqual([]);
    expect(await rows('from=2001-01-15T10:00:00.001Z&to=2001-01-15')).toEqual([]);
    for (const query of ['from=yesterday', 'to=2001-13-01', 'actor=abc', 'action=user.eaten', 'ordering=details', 'from=0000-01-01']) {
      const answer = await admin.get(`/api/audit/?${query}`);
      expect([query, answer.status, typeof answer.json.message]).toEqual([query, 400, 'string']);
    }
  });

  test('CSV: every matching row, the actor by email, the details as JSON', async () => {
    const answer = await admin.get('/api/audit/?format=csv&action=deploy_key.created');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    const [head, ...lines] = answer.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(head).toBe('ID;Когда;Кто;Действие;Объект;ID объекта;Подробности');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d+;\d\d\.\d\d\.\d{4} \d\d:\d\d;admin@demo\.test;Создан ключ деплоя;deploy_key;\d+;/);
    expect(lines[0]).toContain('""key_name"":""ci""');
  });

  test('the admin alone reads it; nobody writes it: POST, PUT and DELETE are refused and change nothing', async () => {
    const row = (await rows())[0];
    expect((await admin.get(`/api/audit/${row.id}/`)).json).toEqual(row);
    for (const role of ['manager', 'dealer'] as const) {
      for (const url of ['/api/audit/', `/api/audit/${row.id}/`, '/api/audit/?format=csv']) {
        const answer = await as(role).get(url);
        expect([role, url, answer.status, answer.json?.code]).toEqual([role, url, 404, 'not_found']);
      }
    }
    expect((await call(t.app, 'GET', '/api/audit/')).status).toBe(401);
    const before = await rows();
    for (const [method, url] of [['POST', '/api/audit/'], ['PUT', `/api/audit/${row.id}/`], ['DELETE', `/api/audit/${row.id}/`], ['PATCH', `/api/audit/${row.id}/`]] as const) {
      const answer = await call(t.app, method, url, { token: token.admin, body: { action: 'user.created', target_type: 'user', details: {} } });
      expect([method, answer.status >= 400 && answer.status < 500, answer.status === 404 || answer.status === 405]).toEqual([method, true, true]);
    }
    expect(await rows()).toEqual(before);
  });
});

/** Polls `read` until it gives a value (a write that follows an answer), for at most 10 s. */
async function waitFor<T>(read: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting for the row');
    await new Promise((resolve) => { setImmediate(resolve); });
  }
}
