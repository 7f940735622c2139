// Validation of every body, query and params with TypeBox's compiler. Bodies are checked as sent:
// no type coercion and no silent removal of unknown properties (they answer 400). Query strings
// and path params arrive as text and are converted first, but strictly: "1.5" or "12abc" is not
// an integer (TypeBox's converter would truncate them). A NUL character in any text is refused.
// Every text field of a body (JSON or multipart, whose fields arrive here the same) is cleaned in
// this one place (lib/text.ts): direction controls, zero-width and control characters go; a
// single-line field (a schema's maxLength under LONG_TEXT) has its line breaks and tabs made spaces,
// a long text keeps them. Secrets (passwords, tokens) are kept as sent. The body is checked as sent
// first (a field too long with invisible characters is still too long), then cleaned and checked
// again (a required name of invisible characters alone is blank).
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { longText, singleLine } from '../lib/text';

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

/** A text field with a maxLength from here on (or none) is a long text: comments, descriptions, Markdown. */
export const LONG_TEXT = 1000;
/** Fields kept exactly as sent: a password may hold any character, a token is compared byte for byte. */
const SECRET = /password|token|^refresh$/i;

/** The schemas a value may match: the schema itself, or the members of its union. */
function alternatives(schema: TSchema | undefined): TSchema[] {
  if (!schema || typeof schema !== 'object') return [];
  const { anyOf, oneOf } = schema as { anyOf?: TSchema[]; oneOf?: TSchema[] };
  const members = anyOf ?? oneOf;
  return Array.isArray(members) ? members.flatMap(alternatives) : [schema];
}

/** The body with its texts cleaned (the same object when nothing changed). */
function cleanTexts(value: unknown, schema: TSchema | undefined, name = ''): unknown {
  const schemas = alternatives(schema);
  if (typeof value === 'string') {
    const text = schemas.find((s) => (s as { type?: unknown }).type === 'string') as { maxLength?: number } | undefined;
    if (!text || SECRET.test(name)) return value;
    return text.maxLength !== undefined && text.maxLength < LONG_TEXT ? singleLine(value) : longText(value);
  }
  if (Array.isArray(value)) {
    const items = schemas.map((s) => (s as { items?: TSchema }).items).find(Boolean);
    if (!items) return value;
    const cleaned = value.map((item) => cleanTexts(item, items, name));
    return cleaned.some((item, i) => item !== value[i]) ? cleaned : value;
  }
  if (typeof value === 'object' && value !== null) {
    const properties = schemas.map((s) => (s as { properties?: Record<string, TSchema> }).properties).find(Boolean);
    if (!properties) return value;
    let out: Record<string, unknown> | null = null;
    for (const [key, property] of Object.entries(properties)) {
      if (!Object.hasOwn(value, key)) continue;
      const before = (value as Record<string, unknown>)[key];
      const after = cleanTexts(before, property, key);
      if (after === before) continue;
      out ??= { ...(value as Record<string, unknown>) };
      out[key] = after;
    }
    return out ?? value;
  }
  return value;
}

// A route's check is compiled when the route first takes a request, not when it is registered: a
// process (a worker, a test file's application) pays only for the routes it answers.
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  let compiled: ReturnType<typeof Compile> | undefined;
  return (value: unknown) => {
    const check = (compiled ??= Compile(schema));
    let candidate = httpPart === 'body' ? value : strictConvert(schema, value);
    if (!check.Check(candidate)) return { error: [...check.Errors(candidate)] as unknown as Error };
    if (httpPart === 'body') {
      const cleaned = cleanTexts(candidate, schema);
      if (cleaned !== candidate && !check.Check(cleaned)) return { error: [...check.Errors(cleaned)] as unknown as Error };
      candidate = cleaned;
    }
    // Valid by the schema, but a NUL in any text is refused the same on both databases.
    const nul = nulAt(candidate);
    if (nul !== null) return { error: [{ keyword: 'format', instancePath: nul, params: {} }] as unknown as Error };
    return { value: candidate };
  };
};
