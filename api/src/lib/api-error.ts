// The one error type that handlers throw; the error handler turns it into {message, code, fields}.
import type { MessageCode, MessageValue } from './messages';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: MessageCode,
    /** Field name → message codes; the error handler words them in the caller's language. */
    readonly fields?: Record<string, MessageCode[]>,
    /** Values for the `{name}` placeholders of the messages (a minimum order total). */
    readonly values?: Record<string, MessageValue>,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/** 404 for what does not exist and for what the caller may not see (design §4: ids do not leak). */
export const notFound = () => new ApiError(404, 'not_found');
