import { Type } from 'typebox';
import { Email, Nullable, Timestamp } from './common';

export const RoleSchema = Type.Enum(['dealer', 'manager', 'admin'], { type: 'string' });

export const UserSchema = Type.Object({
  id: Type.Integer(),
  email: Email,
  first_name: Type.String(),
  last_name: Type.String(),
  role: RoleSchema,
  is_staff: Type.Boolean(),
  dealer: Nullable(Type.Integer()),
  is_active: Type.Boolean(),
  contract_signed: Type.Boolean(),
  date_joined: Timestamp,
  last_login: Nullable(Timestamp),
});
