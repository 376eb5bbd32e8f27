/** Business errors carry a status and a stable code; one handler maps them to HTTP (plugins/errors.ts). */
export class AppError extends Error {
  constructor(readonly statusCode: number, message: string, readonly code: string) {
    super(message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.', code = 'not_found') { super(404, message, code); }
}

export class ConflictError extends AppError {
  constructor(message: string, code: string) { super(409, message, code); }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in to continue.', code = 'unauthenticated') { super(401, message, code); }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Your role does not allow this.', code = 'forbidden') { super(403, message, code); }
}

export class TooManyRequestsError extends AppError {
  constructor(message = 'Too many requests. Please wait and try again.', readonly retryAfterSeconds = 60, code = 'rate_limited') {
    super(429, message, code);
  }
}

/** The database cannot be reached: 503 with a retry-after, whatever the call (plugins/database-availability.ts). */
export class DatabaseUnavailableError extends AppError {
  constructor(readonly retryAfterSeconds = 2) {
    super(503, 'The shop cannot reach its database just now. Please try again in a moment.', 'database_unavailable');
  }
}

/** 422 with field errors keyed by the request's field names (as the storefront API names them). */
export class ValidationError extends AppError {
  constructor(readonly errors: Record<string, string[]>, message?: string) {
    super(422, message ?? Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', 'validation_failed');
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}
