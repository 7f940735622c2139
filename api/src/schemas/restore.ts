import { Type } from 'typebox';

export const RestoreRequest = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
}, { additionalProperties: false });

export const RestoreParams = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
});

export const NewPassword = Type.Object({
  password: Type.String({ minLength: 8, maxLength: 1024 }),
}, { additionalProperties: false });

export const MessageResponse = Type.Object({ message: Type.String() });
