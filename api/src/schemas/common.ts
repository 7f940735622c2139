// Schemas every area uses: the error body, list query and page, id params, a write's body.
import { Type, type TObject, type TProperties, type TSchema } from 'typebox';

export const ErrorBody = Type.Object({
  message: Type.String(),
  code: Type.String(),
  fields: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});

/** Query of every list (design §6); an area adds its field filters. Unknown query keys are ignored. */
export function ListQuery<T extends TProperties>(filters: T = {} as T) {
  return Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    ordering: Type.Optional(Type.String({ maxLength: 200, pattern: '^-?[a-z_]+(,-?[a-z_]+)*$' })),
    search: Type.Optional(Type.String({ maxLength: 200 })),
    ...filters,
  });
}

export function Page<T extends TSchema>(item: T) {
  return Type.Object({
    count: Type.Integer(),
    next: Type.Union([Type.String(), Type.Null()]),
    previous: Type.Union([Type.String(), Type.Null()]),
    results: Type.Array(item),
  });
}

/** A row id: a positive 32-bit integer (both databases' `integer`). */
export const RowId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const IdParams = Type.Object({ id: RowId });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** ISO-8601 UTC timestamp. */
export const Timestamp = Type.String({ format: 'date-time' });

/** A required text field: not blank. */
export const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

export const Email = Type.String({ format: 'email', maxLength: 254 });

/**
 * A decimal input (money, a percent): a JSON number or a decimal string, as DRF's DecimalField
 * takes it. Places, digits and range are the field's own, checked by lib/money.ts `parseDecimal`.
 */
export const DecimalInput = Type.Union([Type.String({ maxLength: 40 }), Type.Number()], { description: 'A decimal: a JSON number or a decimal string; answered as a string.' });

/** Standard error answers, for routes to spread into `response`. */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
};

/** The write body: the writable fields as given, the item's other fields allowed and ignored. */
export function writeBody<Writable extends TProperties>(item: TObject, writable: Writable): TObject<Writable> {
  const ignored = Object.fromEntries(Object.keys(item.properties).filter((name) => !Object.hasOwn(writable, name)).map((name) => [name, Type.Optional(Type.Unknown())]));
  // Typed as the writable fields: the others are accepted only to be ignored.
  return Type.Object({ ...ignored, ...writable }, { additionalProperties: false }) as TObject<Writable>;
}
