import { ERRORS, type ErrorData, type ErrorName } from '@piranha/contract';

/**
 * The one error services throw for an expected rule failure. The error handler turns it into the envelope
 * `{ dm_error, error_msg, data }` with the message in the request's language.
 */
export class AppError extends Error {
  readonly code: number;
  constructor(
    readonly errorName: ErrorName,
    readonly data: ErrorData = {},
    /** HTTP status; 200 for everything but the area check (spec §7). */
    readonly httpStatus = 200,
  ) {
    super(errorName);
    this.name = 'AppError';
    this.code = ERRORS[errorName].code;
  }
}
