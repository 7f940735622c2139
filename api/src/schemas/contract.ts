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
  /** What changed in the version in force, in the admin's words ('' when none was written). */
  summary: Type.String(),
  /** The text of `earlier_signed_version`, to set beside the new one; null when there is none. */
  earlier_signed_text: Nullable(Type.String()),
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
  summary: Type.String(),
  signatures: Type.Array(ContractSignatureSchema),
});

/** A new version of the agreement (admin): its text and what changed, in the admin's words. */
export const PublicationBody = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 200_000 }),
  summary: Type.String({ minLength: 1, maxLength: 2000 }),
}, { additionalProperties: false });

/** How many dealer users must sign a version published now (every active one: design §4). */
export const MustSignSchema = Type.Object({ must_sign: Type.Integer() });

/** The version just published, and how many dealer users must now sign it. */
export const PublishedSchema = Type.Object({
  number: Type.Integer(),
  created_at: Timestamp,
  summary: Type.String(),
  must_sign: Type.Integer(),
});
