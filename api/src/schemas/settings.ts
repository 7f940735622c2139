import { Type } from 'typebox';

/** What every signed-in user may read of the variables (design §6). */
export const SettingsSchema = Type.Object({
  /** The least an order may total, a decimal string; "0.00": no minimum. */
  min_order_total: Type.String({ pattern: '^\\d+\\.\\d{2}$' }),
  /** Where dealers write for help; empty when not set. */
  support_email: Type.String(),
});
