import { Type } from 'typebox';
import { Nullable, Timestamp } from './common';

export const ContractSchema = Type.Object({
  text: Type.String(),
  signed: Type.Boolean(),
  signed_at: Nullable(Timestamp),
});

export const SignResponse = Type.Object({ signed: Type.Literal(true), signed_at: Timestamp });
