// One error handler: every error answers {message, code, fields?} (design §6). Bad input is a 400
// (never a 500), and a 5xx never carries internal text: it is logged and answered generically.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error';
import { languageOf, message, type Language, type MessageCode, type MessageValue } from '../lib/messages';
import { applySecurityHeaders } from './security-headers';

interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const fieldMessageCode: Record<string, MessageCode> = {
  required: 'field_required',
  additionalProperties: 'field_unknown',
  type: 'field_type',
  minLength: 'field_too_short',
  maxLength: 'field_too_long',
  minimum: 'field_too_small',
  exclusiveMinimum: 'field_too_small',
  maximum: 'field_too_large',
  exclusiveMaximum: 'field_too_large',
  pattern: 'field_format',
  format: 'field_format',
  const: 'field_choice',
  enum: 'field_choice',
  anyOf: 'field_choice',
};

/** TypeBox's issues as {field: [messages]}; a nested field is named by its dotted path. */
function fieldsOf(issues: SchemaIssue[], language: Language): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const add = (name: string, code: MessageCode) => {
    const text = message(code, language);
    const key = name || 'non_field_errors';
    // Field names come from the client: `toString` or `__proto__` must not reach Object.prototype.
    if (!Object.hasOwn(fields, key)) Object.defineProperty(fields, key, { value: [], enumerable: true, writable: true, configurable: true });
    if (!fields[key].includes(text)) fields[key].push(text);
  };
  const pathOf = (pointer: string) => pointer.split('/').filter(Boolean).join('.');
  for (const issue of issues) {
    const at = pathOf(issue.instancePath);
    const join = (name: string) => (at ? `${at}.${name}` : name);
    if (issue.keyword === 'required') {
      for (const name of (issue.params.requiredProperties as string[] | undefined) ?? []) add(join(name), 'field_required');
    } else if (issue.keyword === 'additionalProperties') {
      for (const name of (issue.params.additionalProperties as string[] | undefined) ?? []) add(join(name), 'field_unknown');
    } else if (issue.keyword === 'boolean') {
      add(at, 'field_unknown'); // `additionalProperties: false` reported at the property itself
    } else if (issue.keyword === 'format' && issue.params.format === 'email') {
      add(at, 'field_email');
    } else {
      add(at, fieldMessageCode[issue.keyword] ?? 'field_format');
    }
  }
  return fields;
}

/** Fastify's own 4xx errors, by code. */
const fastifyCodes: Record<string, MessageCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported_media_type',
};

function send(reply: FastifyReply, status: number, code: MessageCode, fields?: Record<string, string[]>, values?: Record<string, MessageValue>) {
  const language = languageOf(reply.request.headers['accept-language']);
  return reply.status(status).send({ message: message(code, language, values), code, ...(fields ? { fields } : {}) });
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // An address the router cannot read (`/%ZZ`) is answered here before any hook: the headers every
  // answer carries are set here too (issue 30 item 8).
  applySecurityHeaders(request, reply);
  const language = languageOf(request.headers['accept-language']);
  if (error instanceof ApiError) {
    const fields = error.fields && Object.fromEntries(Object.entries(error.fields).map(([name, codes]) => [name, codes.map((code) => message(code, language, error.values))]));
    return send(reply, error.statusCode, error.code, fields, error.values);
  }
  if (error.validation) {
    const issues = error.validation as unknown as SchemaIssue[];
    const fields = fieldsOf(issues, language);
    // The query and params name their fields too; only a body of the wrong kind has none.
    return send(reply, 400, 'invalid', Object.keys(fields).length ? fields : undefined);
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return send(reply, 429, 'rate_limited');
  if (error.code && fastifyCodes[error.code]) return send(reply, status, fastifyCodes[error.code]);
  if (error instanceof SyntaxError) return send(reply, 400, 'invalid_json');
  if (status >= 400 && status < 500) {
    const byStatus: Record<number, MessageCode> = { 401: 'not_authenticated', 404: 'not_found', 405: 'method_not_allowed', 409: 'conflict', 413: 'payload_too_large', 415: 'unsupported_media_type' };
    return send(reply, status, byStatus[status] ?? 'invalid');
  }
  request.log.error({ err: error }, 'request failed');
  return send(reply, status >= 500 && status < 600 ? status : 500, status === 503 ? 'unavailable' : 'server_error');
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  applySecurityHeaders(request, reply);
  const fallback = request.server.portalFallback;
  if (fallback && fallback(request, reply)) return reply;
  return send(reply, 404, 'not_found');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by portal-static: answers a GET that matched no file with index.html (SPA routes). */
    portalFallback: ((request: FastifyRequest, reply: FastifyReply) => boolean) | null;
  }
}

export function installErrorHandling(app: FastifyInstance): void {
  app.decorate('portalFallback', null);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
}
