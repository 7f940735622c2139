// Notification mail (issue 19 item 4): who gets each mail, in which language, with why and the link,
// and who never does (the acting user, another dealer's users, an inactive user, a kind turned off,
// an internal note, a newsletter's second publish). Mail goes before the answer, so the outbox is
// read right after it.
import { client, outboxMails, testDatabases, type Client } from '../test/test-app';
import { orderWorld, pdf, type OrderWorld } from '../test/order-world';

type Mail = { to: string; subject: string; text: string };

const A_RU = 'orders-a@test.test';
const A_EN = 'orders-a-en@test.test';
const A_OFF = 'orders-a-inactive@test.test';
const B = 'orders-b@test.test';

describe.each(testDatabases())('notification mail on %s', (kind) => {
  let w: OrderWorld;
  let url: string;
  let dealerAEn: Client;
  let groupA: number;
  let seen = 0;
  /** The mails since the last call, by recipient. */
  const newMails = (): Map<string, Mail> => {
    const all = outboxMails(w.t.dataDir);
    const fresh = all.slice(seen);
    seen = all.length;
    const byTo = new Map<string, Mail>();
    for (const mail of fresh) {
      if (byTo.has(mail.to)) throw new Error(`two mails to ${mail.to}: ${byTo.get(mail.to)!.subject} / ${mail.subject}`);
      byTo.set(mail.to, mail);
    }
    return byTo;
  };
  /** Forgets the mails so far (those of setting a scene up). */
  const skipMails = () => { seen = outboxMails(w.t.dataDir).length; };
  const recipients = (mails: Map<string, Mail>) => [...mails.keys()].sort();
  /** Says why and where to turn it off, and links to the screen. */
  const explained = (mail: Mail, path: string, language: 'ru' | 'en') => {
    expect(mail.text).toContain(`${url}${path}`);
    expect(mail.text).toContain(language === 'ru'
      ? `Вы получили это письмо, потому что` : 'You received this mail because');
    expect(mail.text).toContain(language === 'ru'
      ? `Отключить такие письма можно в профиле: ${url}/profile` : `You can turn such mails off in your profile: ${url}/profile`);
  };

  beforeAll(async () => {
    w = await orderWorld(kind);
    const { app } = w.t;
    url = app.config.publicUrl;
    // Dealer A has a second user, reading in English, and a third one, deactivated.
    const addUser = async (email: string, isActive: boolean) => {
      const { id } = await app.db.insertInto('users').values({
        email, password_hash: '', first_name: 'Второй', last_name: 'Дилер', role: 'dealer', dealer_id: w.dealerIdA, is_active: isActive,
        contract_signed: true, contract_signed_at: new Date().toISOString(), date_joined: new Date().toISOString(), last_login: null,
      }).returning('id').executeTakeFirstOrThrow();
      return client(app, (await app.tokens.issue({ id, email, role: 'dealer', dealer_id: w.dealerIdA, contract_signed: true })).access);
    };
    dealerAEn = await addUser(A_EN, true);
    expect((await dealerAEn.put('/api/users/me/', { language: 'en' })).status).toBe(200);
    await addUser(A_OFF, false);
    // The admin reads in English too.
    expect((await w.admin.put('/api/users/me/', { language: 'en' })).status).toBe(200);
    groupA = (await w.admin.get(`/api/dealers/${w.dealerIdA}/`)).json.group;
    skipMails();
  }, 30_000);
  afterAll(async () => { await w?.close(); });

  const confirmedOrder = async () => {
    const order = await w.smallOrder(w.dealerA);
    expect((await w.setStatus(w.manager, order, 'confirmed')).status).toBe(200);
    return order;
  };

  test('an order confirmed mails the dealer\'s active users, each in their language; not the manager, not another dealer', async () => {
    const order = await w.smallOrder(w.dealerA);
    skipMails();
    expect((await w.setStatus(w.manager, order, 'confirmed')).status).toBe(200);
    const mails = newMails();
    expect(recipients(mails)).toEqual([A_EN, A_RU]);
    const ru = mails.get(A_RU)!;
    expect(ru.subject).toBe(`Заказ № ${order.number} подтверждён`);
    expect(ru.text).toMatch(/^Здравствуйте!/);
    explained(ru, `/orders/${order.id}`, 'ru');
    const en = mails.get(A_EN)!;
    expect(en.subject).toBe(`Order No. ${order.number} has been confirmed`);
    explained(en, `/orders/${order.id}`, 'en');
  });

  test('the order shipped by its first parcel in transit names the carrier, the tracking number and the waybill; the last parcel delivered completes it', async () => {
    const order = await confirmedOrder();
    skipMails();
    const shipping = (await w.manager.post('/api/shipping/create/', { order: order.id, carrier: 'СДЭК' })).json;
    expect(newMails().size).toBe(0);
    const moved = await w.manager.form('PUT', `/api/shippings/${shipping.id}/`, {
      order: String(order.id), carrier: 'СДЭК', tracking_number: 'TRK-777', status: 'in_transit',
    }, { name: 'накладная.pdf', type: 'application/pdf', data: pdf('waybill') });
    expect(moved.status).toBe(200);
    const shipped = newMails();
    expect(recipients(shipped)).toEqual([A_EN, A_RU]);
    const ru = shipped.get(A_RU)!;
    expect(ru.subject).toBe(`Заказ № ${order.number} отгружен`);
    expect(ru.text).toContain('Перевозчик: СДЭК');
    expect(ru.text).toContain('Трек-номер: TRK-777');
    expect(ru.text).toContain(`Накладная «накладная.pdf» (скачать на странице заказа): ${url}/orders/${order.id}`);
    explained(ru, `/orders/${order.id}`, 'ru');
    const en = shipped.get(A_EN)!;
    expect(en.subject).toBe(`Order No. ${order.number} has been shipped`);
    expect(en.text).toContain('Tracking number: TRK-777');

    // A second parcel on its way ships nothing new: no mail.
    const second = (await w.manager.post('/api/shipping/create/', { order: order.id, carrier: 'ПЭК' })).json;
    const move = async (s: { id: number }, status: string) => w.manager.put(`/api/shippings/${s.id}/`, { ...(await w.manager.get(`/api/shippings/${s.id}/`)).json, status });
    expect((await move(second, 'in_transit')).status).toBe(200);
    expect((await move(shipping, 'delivered')).status).toBe(200);
    expect(newMails().size).toBe(0);
    expect((await move(second, 'delivered')).status).toBe(200);
    const completed = newMails();
    expect(recipients(completed)).toEqual([A_EN, A_RU]);
    expect(completed.get(A_RU)!.subject).toBe(`Заказ № ${order.number} выполнен`);
  });

  test('an order cancelled by staff mails the dealer with the comment', async () => {
    const order = await w.smallOrder(w.dealerA);
    skipMails();
    const current = (await w.manager.get(`/api/orders/${order.id}/`)).json;
    expect((await w.manager.put(`/api/orders/${order.id}/`, { ...current, status: 'cancelled', status_comment: 'Нет в наличии' })).status).toBe(200);
    const mails = newMails();
    expect(recipients(mails)).toEqual([A_EN, A_RU]);
    expect(mails.get(A_RU)!.subject).toBe(`Заказ № ${order.number} отменён`);
    expect(mails.get(A_RU)!.text).toContain('Комментарий: Нет в наличии');
    expect(mails.get(A_EN)!.subject).toBe(`Order No. ${order.number} has been cancelled`);
  });

  test('a kind turned off in the profile sends nothing of that kind, the other kinds still come', async () => {
    expect((await w.dealerA.put('/api/users/me/', { notifications: { order_status: false } })).status).toBe(200);
    try {
      const order = await confirmedOrder();
      expect(recipients(newMails())).toEqual([A_EN]);
      expect((await w.dealerA.post('/api/orderdelreq/', { order: order.id, reason: 'Передумали' })).status).toBe(201);
      const request = (await w.manager.get(`/api/orderdelreq/?order=${order.id}`)).json.results[0];
      skipMails();
      expect((await w.manager.put(`/api/orderdelreq/${request.id}/`, { ...request, status: 'rejected' })).status).toBe(200);
      expect(recipients(newMails())).toEqual([A_EN, A_RU]);
    } finally {
      expect((await w.dealerA.put('/api/users/me/', { notifications: { order_status: true } })).status).toBe(200);
    }
  });

  test('a cancellation request mails staff (not the dealer who asked); its approval mails the dealer\'s users (not the deciding manager)', async () => {
    const order = await confirmedOrder();
    skipMails();
    const created = await w.dealerA.post('/api/orderdelreq/', { order: order.id, reason: 'Ошиблись адресом' });
    expect(created.status).toBe(201);
    const asked = newMails();
    expect(recipients(asked)).toEqual(['admin@demo.test', 'manager@demo.test']);
    const manager = asked.get('manager@demo.test')!;
    expect(manager.subject).toBe(`Запрос на отмену заказа № ${order.number}`);
    expect(manager.text).toContain('Дилер «Дилер А» просит отменить заказ');
    expect(manager.text).toContain('Причина: Ошиблись адресом');
    explained(manager, '/orders/deletion-requests', 'ru');
    expect(asked.get('admin@demo.test')!.subject).toBe(`Cancellation request for order No. ${order.number}`);
    explained(asked.get('admin@demo.test')!, '/orders/deletion-requests', 'en');

    const approved = await w.manager.put(`/api/orderdelreq/${created.json.id}/`, { ...created.json, status: 'approved', status_comment: 'Отменили' });
    expect(approved.status).toBe(200);
    const decided = newMails();
    // One mail for the one event: the decision says the order is cancelled.
    expect(recipients(decided)).toEqual([A_EN, A_RU]);
    const ru = decided.get(A_RU)!;
    expect(ru.subject).toBe(`Заказ № ${order.number} отменён по вашему запросу`);
    expect(ru.text).toContain('Комментарий: Отменили');
    explained(ru, `/orders/${order.id}`, 'ru');
    expect(decided.get(A_EN)!.subject).toBe(`Order No. ${order.number} cancelled as you asked`);
  });

  test('a claim mails staff when it arrives, the dealer when its status changes or staff reply; an internal note mails nobody', async () => {
    const order = await w.smallOrder(w.dealerA);
    for (const status of ['confirmed', 'shipped']) expect((await w.setStatus(w.manager, order, status)).status).toBe(200);
    skipMails();
    const created = await dealerAEn.post('/api/claims/', { order: order.id, product: w.product.dime, quantity: 2, reason: 'shortage', description: 'Не хватает двух' });
    expect(created.status).toBe(201);
    const claim = created.json;
    const arrived = newMails();
    expect(recipients(arrived)).toEqual(['admin@demo.test', 'manager@demo.test']);
    const manager = arrived.get('manager@demo.test')!;
    expect(manager.subject).toBe(`Новая претензия по заказу № ${order.number}`);
    expect(manager.text).toContain('Причина: Недовложение');
    explained(manager, `/admin/claims/${claim.id}`, 'ru');
    expect(arrived.get('admin@demo.test')!.text).toContain('Reason: Shortage');

    expect((await w.manager.put(`/api/claims/${claim.id}/`, { ...claim, status: 'in_review' })).status).toBe(200);
    const reviewed = newMails();
    expect(recipients(reviewed)).toEqual([A_EN, A_RU]);
    expect(reviewed.get(A_RU)!.subject).toBe(`Претензия по заказу № ${order.number}: На рассмотрении`);
    explained(reviewed.get(A_RU)!, `/admin/claims/${claim.id}`, 'ru');
    expect(reviewed.get(A_EN)!.subject).toBe(`Claim on order No. ${order.number}: In review`);

    const note = await w.manager.post(`/api/claims/${claim.id}/comments/`, { body: 'Проверить склад', internal: true });
    expect(note.status).toBe(201);
    expect(newMails().size).toBe(0);

    expect((await w.manager.post(`/api/claims/${claim.id}/comments/`, { body: 'Довезём завтра' })).status).toBe(201);
    const replied = newMails();
    expect(recipients(replied)).toEqual([A_EN, A_RU]);
    expect(replied.get(A_RU)!.subject).toBe(`Ответ по претензии к заказу № ${order.number}`);
    expect(replied.get(A_RU)!.text).toContain('Довезём завтра');
    expect(replied.get(A_RU)!.text).not.toContain('Проверить склад');
    explained(replied.get(A_EN)!, `/admin/claims/${claim.id}`, 'en');

    // The dealer's own message in the conversation mails nobody.
    expect((await w.dealerA.post(`/api/claims/${claim.id}/comments/`, { body: 'Спасибо' })).status).toBe(201);
    expect(newMails().size).toBe(0);
  });

  test('a registration request from a visitor mails the staff who want it', async () => {
    const body = { company_name: 'ООО «Новый дилер»', tax_id: '7712345671', contact_name: 'Иван Петров', email: 'new@dealer.example', phone: '+7 495 111-22-33' };
    const created = await w.t.app.inject({ method: 'POST', url: '/api/regreq/', payload: body });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const mails = newMails();
    expect(recipients(mails)).toEqual(['admin@demo.test', 'manager@demo.test']);
    const manager = mails.get('manager@demo.test')!;
    expect(manager.subject).toBe('Заявка на регистрацию: ООО «Новый дилер»');
    expect(manager.text).toContain('ИНН: 7712345671');
    explained(manager, `/dealers/registrations/${id}`, 'ru');
    expect(mails.get('admin@demo.test')!.subject).toBe('Registration request: ООО «Новый дилер»');

    expect((await w.admin.put('/api/users/me/', { notifications: { staff_requests: false } })).status).toBe(200);
    try {
      // Sent by the manager for a caller: the manager is not mailed about it, the admin turned it off.
      expect((await w.manager.post('/api/regreq/', { ...body, email: 'second@dealer.example' })).status).toBe(201);
      expect(newMails().size).toBe(0);
    } finally {
      expect((await w.admin.put('/api/users/me/', { notifications: { staff_requests: true } })).status).toBe(200);
    }
  });

  test('a newsletter published mails its audience once each: again published or published twice at once, nobody twice', async () => {
    const draft = await w.manager.post('/api/newsletters/', { title: 'Новый прайс', body: 'Цены с 1 декабря.', audience: groupA, published: false });
    expect(draft.status).toBe(201);
    expect(newMails().size).toBe(0);
    const publish = (published: boolean) => w.manager.put(`/api/newsletters/${draft.json.id}/`, { ...draft.json, published });
    expect((await publish(true)).status).toBe(200);
    const mails = newMails();
    // Dealer A's group only: dealer B and the demo dealers are in other groups.
    expect(recipients(mails)).toEqual([A_EN, A_RU]);
    const ru = mails.get(A_RU)!;
    expect(ru.subject).toBe('Новый прайс');
    expect(ru.text).toContain('Цены с 1 декабря.');
    explained(ru, `/comms/news/${draft.json.id}`, 'ru');
    explained(mails.get(A_EN)!, `/comms/news/${draft.json.id}`, 'en');

    expect((await publish(false)).status).toBe(200);
    expect((await publish(true)).status).toBe(200);
    expect(newMails().size).toBe(0);

    // Two publishes at once of another draft, for every dealer: each user still gets one mail.
    expect((await dealerAEn.put('/api/users/me/', { notifications: { newsletter: false } })).status).toBe(200);
    try {
      const all = await w.manager.post('/api/newsletters/', { title: 'Всем дилерам', body: 'Текст', audience: null, published: false });
      const answers = await Promise.all([1, 2].map(() => w.admin.put(`/api/newsletters/${all.json.id}/`, { ...all.json, published: true })));
      for (const answer of answers) expect(answer.status).toBe(200);
      const everyone = recipients(newMails());
      expect(everyone).toEqual(expect.arrayContaining([A_RU, B, 'dealer@demo.test']));
      expect(everyone).not.toContain(A_EN);
      expect(everyone).not.toContain(A_OFF);
      expect(everyone.filter((to) => to.endsWith('@demo.test') && !to.startsWith('dealer'))).toEqual([]);
      const delivered = await w.t.app.db.selectFrom('newsletter_deliveries').select('user_id').where('newsletter_id', '=', all.json.id).execute();
      expect(delivered.length).toBe(everyone.length);
    } finally {
      expect((await dealerAEn.put('/api/users/me/', { notifications: { newsletter: true } })).status).toBe(200);
    }
  });

  test('a newsletter to an audience larger than a batch mails each of its users exactly once', async () => {
    // 130 users: more than one batch of deliveries (NEWSLETTER_BATCH) and many batches of mail sent together (MAIL_BATCH).
    const { app } = w.t;
    const group = (await w.admin.post('/api/dealergroups/', { name: 'Большая рассылка', discount_percent: '0' })).json.id as number;
    const dealer = (await w.admin.post('/api/dealers/', { name: 'Дилер с большим штатом', group })).json.id as number;
    const emails = Array.from({ length: 130 }, (_, i) => `crowd-${i}@test.test`);
    const now = new Date().toISOString();
    await app.db.insertInto('users').values(emails.map((email) => ({
      email, password_hash: '', first_name: 'Сотрудник', last_name: 'Дилера', role: 'dealer' as const, dealer_id: dealer, is_active: true,
      contract_signed: true, contract_signed_at: now, date_joined: now, last_login: null,
    }))).execute();
    skipMails();
    const created = await w.manager.post('/api/newsletters/', { title: 'Для большого штата', body: 'Текст', audience: group, published: true });
    expect(created.status).toBe(201);
    expect(recipients(newMails())).toEqual([...emails].sort());
  });
});
