import { Type } from 'typebox';
import { UserSchema } from './users';

export const TokenRequest = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
}, { additionalProperties: false });

export const RefreshRequest = Type.Object({
  refresh: Type.String({ minLength: 1, maxLength: 4096 }),
}, { additionalProperties: false });

export const TokenPair = Type.Object({ access: Type.String(), refresh: Type.String() });

export const TokenResponse = Type.Object({ access: Type.String(), refresh: Type.String(), user: UserSchema });
