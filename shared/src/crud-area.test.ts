import { createApiClient } from './api-client';
import { cachedChoices } from './choices-cache';
import { createCrudArea, toFormData, type CrudAreaState } from './crud-area';
import { createPortalStore, injectSlices } from './store';
import { accessToken, deferred, memoryTokenStore, stubServer, type StubHandler } from './test-helpers';
import type { ApiPaths } from './types';

type Item = { id: number; name: string };
/** The test's areas read the news: any list path of the contract would do. */
type NewsPath = '/api/news/' | '/api/newsletters/';

let areaCount = 0;
function setup(handler: StubHandler, options: { multipart?: boolean; staff?: boolean; createPath?: keyof ApiPaths } = {}) {
  areaCount += 1;
  const server = stubServer(handler);
  const tokens = memoryTokenStore({ access: accessToken({ is_staff: options.staff ?? false }), refresh: 'r' });
  const api = createApiClient({ baseURL: '', adapter: server.adapter, tokens });
  const area = createCrudArea<NewsPath, Item, keyof ApiPaths>({
    name: `things${areaCount}`,
    path: (state) => (state.auth.user?.is_staff ? '/api/newsletters/' : '/api/news/'),
    multipart: options.multipart,
    createPath: options.createPath,
  });
  injectSlices([area.slice]);
  const store = createPortalStore({ api, tokens });
  const select = () => area.selectArea(store.getState());
  return { server, area, store, select };
}

const page = (results: Item[], count = results.length) => ({ count, next: null, previous: null, results });
const flags = (state: CrudAreaState<Item>) => ({
  loading: state.loading, loaded: state.loaded, saving: state.saving, saved: state.saved,
  deleting: state.deleting, deleted: state.deleted, error: state.error,
});
const idle = { loading: false, loaded: false, saving: false, saved: false, deleting: false, deleted: false, error: null };

describe('CRUD area (spec §4, §7)', () => {
  it('selectArea gives the initial state before the slice is injected', () => {
    const area = createCrudArea<NewsPath, Item>({ name: 'neverInjected', path: '/api/news/' });
    const store = createPortalStore({ api: createApiClient({ baseURL: '', tokens: memoryTokenStore() }), tokens: memoryTokenStore() });
    expect(area.selectArea(store.getState())).toEqual({ items: [], count: 0, current: null, ...idle, savedItem: null });
    store.dispose();
  });

  it('the path function picks /api/news/ for a dealer and /api/newsletters/ for staff', async () => {
    const dealer = setup(() => ({ status: 200, data: page([]) }));
    await dealer.store.dispatch(dealer.area.fetchList());
    const staff = setup(() => ({ status: 200, data: page([]) }), { staff: true });
    await staff.store.dispatch(staff.area.fetchList());
    expect(dealer.server.requests[0].url).toBe('/api/news/');
    expect(staff.server.requests[0].url).toBe('/api/newsletters/');
  });

  it('list: loading while the call is open, then loaded with the results and the count', async () => {
    const gate = deferred();
    const { store, area, server, select } = setup(async () => { await gate.promise; return { status: 200, data: page([{ id: 1, name: 'a' }], 120) }; });
    const pending = store.dispatch(area.fetchList({ page: 2, page_size: 50 }));
    expect(flags(select())).toEqual({ ...idle, loading: true });
    gate.resolve();
    await pending;
    expect(flags(select())).toEqual({ ...idle, loaded: true });
    expect(select().items).toEqual([{ id: 1, name: 'a' }]);
    expect(select().count).toBe(120);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/api/news/', params: { page: 2, page_size: 50 } });
  });

  it('Any failed data call: the server\'s message is stored as that area\'s error', async () => {
    const { store, area, select } = setup(() => ({ status: 500, data: { message: 'База недоступна' } }));
    await store.dispatch(area.fetchList());
    expect(flags(select())).toEqual({ ...idle, error: 'База недоступна' });
  });

  it('Any failed data call without a message stores the generic error message', async () => {
    const { store, area, select } = setup(() => ({ status: 500, data: {} }));
    await store.dispatch(area.fetchList());
    expect(select().error).toBe('Произошла ошибка. Попробуйте ещё раз.');
  });

  it('one: GET {path}{id}/ into current', async () => {
    const { store, area, server, select } = setup(() => ({ status: 200, data: { id: 5, name: 'five' } }));
    await store.dispatch(area.fetchOne(5));
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/api/news/5/' });
    expect(select().current).toEqual({ id: 5, name: 'five' });
    expect(flags(select())).toEqual({ ...idle, loaded: true });
  });

  it('create: saving, then saved with the saved item added to the list', async () => {
    const gate = deferred();
    const { store, area, server, select } = setup(async (request) => {
      if (request.method === 'GET') return { status: 200, data: page([{ id: 1, name: 'a' }]) };
      await gate.promise;
      return { status: 201, data: { id: 2, name: 'b' } };
    });
    await store.dispatch(area.fetchList());
    const pending = store.dispatch(area.create({ name: 'b' } as never));
    expect(flags(select())).toEqual({ ...idle, loaded: true, saving: true });
    gate.resolve();
    await pending;
    expect(flags(select())).toEqual({ ...idle, loaded: true, saved: true });
    expect(select().savedItem).toEqual({ id: 2, name: 'b' });
    expect(select().items).toEqual([{ id: 1, name: 'a' }, { id: 2, name: 'b' }]);
    expect(select().count).toBe(2);
    expect(server.requests[1]).toMatchObject({ method: 'POST', url: '/api/news/' });
    expect(JSON.parse(server.requests[1].data as string)).toEqual({ name: 'b' });
  });

  it('create goes to createPath when the area has one (/api/shipping/create/)', async () => {
    const { store, area, server } = setup(() => ({ status: 201, data: { id: 3, name: 'c' } }), { createPath: '/api/shipping/create/' });
    await store.dispatch(area.create({ name: 'c' } as never));
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/shipping/create/' });
  });

  it('a failed save clears saving and stores the error', async () => {
    const { store, area, select } = setup(() => ({ status: 400, data: { message: 'Укажите название', fields: { name: ['required'] } } }));
    await store.dispatch(area.create({ name: '' } as never));
    expect(flags(select())).toEqual({ ...idle, error: 'Укажите название' });
    expect(select().savedItem).toBeNull();
  });

  it('Successful update: the matching item in the list is replaced by id', async () => {
    const { store, area, server, select } = setup((request) => (request.method === 'GET'
      ? { status: 200, data: page([{ id: 1, name: 'a' }, { id: 2, name: 'b' }, { id: 3, name: 'c' }]) }
      : { status: 200, data: { id: 2, name: 'B (server)' } }));
    await store.dispatch(area.fetchList());
    await store.dispatch(area.update({ id: 2, name: 'B' } as never));
    expect(server.requests[1]).toMatchObject({ method: 'PUT', url: '/api/news/2/' });
    expect(JSON.parse(server.requests[1].data as string)).toEqual({ id: 2, name: 'B' });
    expect(select().items).toEqual([{ id: 1, name: 'a' }, { id: 2, name: 'B (server)' }, { id: 3, name: 'c' }]);
    expect(select().savedItem).toEqual({ id: 2, name: 'B (server)' });
    expect(flags(select())).toEqual({ ...idle, loaded: true, saved: true });
  });

  it('a multipart area sends create and update as form-data (FormData or a plain item)', async () => {
    const { store, area, server } = setup((request) => ({ status: 200, data: { id: 9, name: String((request.data as FormData).get('name')) } }), { multipart: true });
    await store.dispatch(area.update({ id: 9, name: 'with file' } as never));
    const form = new FormData();
    form.append('id', '9');
    form.append('name', 'given form');
    await store.dispatch(area.update(form));
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['PUT /api/news/9/', 'PUT /api/news/9/']);
    expect(server.requests[0].data).toBeInstanceOf(FormData);
    expect((server.requests[0].data as FormData).get('name')).toBe('with file');
    expect(server.requests[1].data).toBe(form);
  });

  it('delete: deleting, then deleted with the item gone from the list', async () => {
    const gate = deferred();
    const { store, area, server, select } = setup(async (request) => {
      if (request.method === 'GET') return { status: 200, data: page([{ id: 1, name: 'a' }, { id: 2, name: 'b' }]) };
      await gate.promise;
      return { status: 204 };
    });
    await store.dispatch(area.fetchList());
    const pending = store.dispatch(area.remove(1));
    expect(flags(select())).toEqual({ ...idle, loaded: true, deleting: true });
    gate.resolve();
    await pending;
    expect(flags(select())).toEqual({ ...idle, loaded: true, deleted: true });
    expect(select().items).toEqual([{ id: 2, name: 'b' }]);
    expect(select().count).toBe(1);
    expect(server.requests[1]).toMatchObject({ method: 'DELETE', url: '/api/news/1/' });
  });

  it('a failed delete clears deleting and stores the error', async () => {
    const { store, area, select } = setup(() => ({ status: 404, data: { message: 'Не найдено' } }));
    await store.dispatch(area.remove(77));
    expect(flags(select())).toEqual({ ...idle, error: 'Не найдено' });
  });

  it('A clear action resets the flags', async () => {
    const { store, area, select } = setup((request) => (request.method === 'GET'
      ? { status: 200, data: page([{ id: 1, name: 'a' }]) }
      : { status: 400, data: { message: 'нет' } }));
    await store.dispatch(area.fetchList());
    await store.dispatch(area.create({ name: 'x' } as never));
    expect(select().error).toBe('нет');
    store.dispatch(area.clear());
    expect(flags(select())).toEqual(idle);
    expect(select().savedItem).toBeNull();
    expect(select().items).toEqual([{ id: 1, name: 'a' }]);
  });

  it('refuses the name of a slice of @portal/shared', () => {
    expect(() => createCrudArea<NewsPath, Item>({ name: 'cart', path: '/api/news/' })).toThrow(/cart/);
  });

  it('turns a plain item into form-data: files as they are, objects as JSON, nulls left out', () => {
    const file = new Blob(['x']);
    const form = toFormData({ order: 3, document: file, items: [{ product: 1 }], comment: null });
    expect(form.get('order')).toBe('3');
    expect(form.get('document')).toBeInstanceOf(Blob);
    expect(form.get('items')).toBe('[{"product":1}]');
    expect(form.has('comment')).toBe(false);
  });

  it('is typed for the entities of the contract', () => {
    const claims = createCrudArea({ name: 'claimsTyped', path: '/api/claims/' });
    expect(claims.name).toBe('claimsTyped');
    expect(claims.slice.name).toBe('claimsTyped');
  });

  it('every list call of an area carries its fixed params, under the view\'s own', async () => {
    const server = stubServer(() => ({ status: 200, data: page([]) }));
    const tokens = memoryTokenStore({ access: accessToken(), refresh: 'r' });
    const api = createApiClient({ baseURL: '', adapter: server.adapter, tokens });
    const area = createCrudArea({ name: 'pendingOnly', path: '/api/orderdelreq/', params: { status: 'pending' } });
    injectSlices([area.slice]);
    const store = createPortalStore({ api, tokens });
    await store.dispatch(area.fetchList({ page: 2 }));
    expect(server.requests[0]).toMatchObject({ url: '/api/orderdelreq/', params: { status: 'pending', page: 2 } });
    store.dispose();
  });

  it('a failed call tells its status and field messages besides the area\'s error', async () => {
    const { store, area, select } = setup(() => ({ status: 400, data: { message: 'Проверьте поля формы.', fields: { name: ['Обязательное поле'] } } }));
    const result = await store.dispatch(area.create({ name: '' } as never));
    expect(result.meta).toMatchObject({ requestStatus: 'rejected', status: 400, fields: { name: 'Обязательное поле' } });
    expect(select().error).toBe('Проверьте поля формы.');
    const missing = setup(() => ({ status: 404, data: { message: 'Не найдено.' } }));
    const read = await missing.store.dispatch(missing.area.fetchOne(7));
    expect(read.meta).toMatchObject({ requestStatus: 'rejected', status: 404 });
  });

  it('a save forgets the kept choices of its path, so the next form offers what was saved', async () => {
    let asked = 0;
    const ask = () => { asked += 1; return Promise.resolve(asked); };
    await cachedChoices('/api/news/', { page_size: 500 }, '1', ask);
    await cachedChoices('/api/news/', { page_size: 500 }, '1', ask);
    expect(asked).toBe(1);
    const { store, area } = setup(() => ({ status: 201, data: { id: 1, name: 'a' } }));
    await store.dispatch(area.create({ name: 'a' } as never));
    await cachedChoices('/api/news/', { page_size: 500 }, '1', ask);
    expect(asked).toBe(2);
  });
});
