import { Type } from 'typebox';
import { statusSchema } from '../lib/lifecycle';
import { historySchema } from '../lib/status-history';
import { Email, Nullable, Text, Timestamp } from './common';

export const RegistrationRequestStatusSchema = statusSchema('regreq');

/** A dealer, or another registration request, that has the INN of the one read. */
export const SameTaxIdSchema = Type.Object({
  kind: Type.Union([Type.Literal('dealer'), Type.Literal('request')]),
  id: Type.Integer(),
  /** The dealer's name or the request's company name. */
  name: Type.String(),
  /** A request's status. */
  status: Type.Optional(RegistrationRequestStatusSchema),
});

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
  /**
   * Dealers and other registration requests with the same INN, oldest first (staff's reads: a
   * visitor's answer to POST leaves it out). The dealer this request's approval created is not listed.
   */
  same_tax_id: Type.Optional(Type.Array(SameTaxIdSchema)),
});
