import { ERROR_STATUSES, type ErrorCode, type ErrorCodeWith } from '@gemstore/contracts';

/**
 * Business errors carry a stable code of the API's list (ERROR_STATUSES in @gemstore/contracts)
 * and the one status that code comes with; one handler maps them to HTTP (plugins/errors.ts).
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(message: string, readonly code: ErrorCode) {
    super(message);
    this.statusCode = ERROR_STATUSES[code];
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.', code: ErrorCodeWith<404> = 'not_found') { super(message, code); }
}

export class ConflictError extends AppError {
  constructor(message: string, code: ErrorCodeWith<409>) { super(message, code); }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in to continue.', code: ErrorCodeWith<401> = 'unauthenticated') { super(message, code); }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Your role does not allow this.', code: ErrorCodeWith<403> = 'forbidden') { super(message, code); }
}

export class TooManyRequestsError extends AppError {
  constructor(message = 'Too many requests. Please wait and try again.', readonly retryAfterSeconds = 60, code: ErrorCodeWith<429> = 'rate_limited') {
    super(message, code);
  }
}

/** The database cannot be reached: 503 with a retry-after, whatever the call (plugins/database-availability.ts). */
export class DatabaseUnavailableError extends AppError {
  constructor(readonly retryAfterSeconds = 2) {
    super('The shop cannot reach its database just now. Please try again in a moment.', 'database_unavailable');
  }
}

/** 422 with field errors keyed by the request's field names (as the storefront API names them). */
export class ValidationError extends AppError {
  constructor(readonly errors: Record<string, string[]>, message?: string) {
    super(message ?? Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', 'validation_failed');
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}
