import { Type } from 'typebox';
import { statusSchema } from '../lib/lifecycle';
import { historySchema } from '../lib/status-history';
import { Email, Nullable, Text, Timestamp } from './common';

export const RegistrationRequestStatusSchema = statusSchema('regreq');

export const RegistrationRequestCreate = Type.Object({
  company_name: Text(300),
  tax_id: Type.String({ minLength: 4, maxLength: 32, pattern: '^[0-9A-Za-z][0-9A-Za-z /-]*$' }),
  contact_name: Text(200),
  email: Email,
  phone: Type.String({ minLength: 5, maxLength: 40, pattern: '^\\+?[0-9 ()-]+$' }),
  comment: Type.Optional(Type.String({ maxLength: 5000 })),
}, { additionalProperties: false });

export const RegistrationRequestSchema = Type.Object({
  id: Type.Integer(),
  company_name: Type.String(),
  tax_id: Type.String(),
  contact_name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  comment: Type.String(),
  status: RegistrationRequestStatusSchema,
  created_at: Timestamp,
  decided_at: Nullable(Timestamp),
  decision_reason: Type.String(),
  /** The dealer an approval created. */
  dealer: Nullable(Type.Integer()),
  history: historySchema('regreq'),
});
