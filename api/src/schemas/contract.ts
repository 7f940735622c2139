import { Type } from 'typebox';
import { Nullable, Timestamp } from './common';

/** A version of the agreement: its number and when it came into force. */
export const ContractVersionSchema = Type.Object({ number: Type.Integer(), created_at: Timestamp });

export const ContractSchema = Type.Object({
  text: Type.String(),
  /** The version in force; null while the agreement has never been written. */
  version: Nullable(ContractVersionSchema),
  /** Whether the caller signed the version in force. */
  signed: Type.Boolean(),
  signed_at: Nullable(Timestamp),
  /** The latest earlier version the caller signed, when they have not signed this one: the agreement has changed. */
  earlier_signed_version: Nullable(Type.Integer()),
});

export const SignResponse = Type.Object({ signed: Type.Literal(true), signed_at: Timestamp });

/** One signature of a version: who signed it (the user, their dealer) and when. */
export const ContractSignatureSchema = Type.Object({
  user_id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  dealer: Nullable(Type.String()),
  signed_at: Timestamp,
});

/** A version with everyone who signed it, for the admin (newest version first). */
export const ContractVersionSignaturesSchema = Type.Object({
  number: Type.Integer(),
  created_at: Timestamp,
  created_by: Nullable(Type.String()),
  signatures: Type.Array(ContractSignatureSchema),
});
