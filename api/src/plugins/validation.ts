// Validation of every body, query and params with TypeBox's compiler. Bodies are checked as sent:
// no type coercion and no silent removal of unknown properties (they answer 400). Query strings
// and path params arrive as text and are converted first, but strictly: "1.5" or "12abc" is not
// an integer (TypeBox's converter would truncate them). A NUL character in any text is refused.
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const BOOLEAN = /^(true|false)$/;

/** Undoes TypeBox's conversion where it was lossy, so that the check fails on the raw text. */
function strictConvert(schema: TSchema, value: unknown): unknown {
  // Keep the raw text: the converter may change the object it is given.
  const raw = typeof value === 'object' && value !== null ? { ...(value as Record<string, unknown>) } : {};
  const converted = Value.Convert(schema, value);
  const properties = (schema as { properties?: Record<string, { type?: string }> }).properties;
  if (!properties || typeof converted !== 'object' || converted === null) return converted;
  const out = converted as Record<string, unknown>;
  for (const [name, property] of Object.entries(properties)) {
    const text = raw[name];
    if (typeof text !== 'string') continue;
    const pattern = property.type === 'integer' ? INTEGER : property.type === 'number' ? NUMBER : property.type === 'boolean' ? BOOLEAN : null;
    if (pattern && !pattern.test(text)) out[name] = text;
  }
  return out;
}

/** Where a text holds a NUL character (PostgreSQL cannot store one): a JSON pointer, or null. */
function nulAt(value: unknown, at = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulAt(item, `${at}/${key}`);
    if (found !== null) return found;
  }
  return null;
}

export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema);
  return (value: unknown) => {
    const candidate = httpPart === 'body' ? value : strictConvert(schema, value);
    if (!check.Check(candidate)) return { error: [...check.Errors(candidate)] as unknown as Error };
    // Valid by the schema, but a NUL in any text is refused the same on both databases.
    const nul = nulAt(candidate);
    if (nul !== null) return { error: [{ keyword: 'format', instancePath: nul, params: {} }] as unknown as Error };
    return { value: candidate };
  };
};
