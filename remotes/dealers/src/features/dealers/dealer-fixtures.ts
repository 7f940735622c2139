// A dealer as the API answers it, for the screens' tests.
import type { Dealer } from '@portal/shared';

export const dealerOf = (id: number, fields: Partial<Dealer> = {}): Dealer => ({
  id, name: 'ООО «Ромашка»', legal_name: 'ООО «Ромашка»', tax_id: '7707083893', group: 3, group_name: 'Опт', group_discount_percent: '12.50',
  email: 'sales@romashka.example', phone: '+7 495 111-22-33', address: 'Москва', is_active: true, created_at: '2026-01-15T09:00:00Z',
  summary: { orders_count: 0, year_total: '0.00', last_order: null }, users: [], ...fields,
});
