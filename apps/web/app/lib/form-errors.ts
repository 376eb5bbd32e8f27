import { ApiError } from '@gemstore/contracts/client';

export interface FormErrors {
  /** The first message of each field the form shows (beside the relevant input). */
  fields: Record<string, string | undefined>;
  /** A message that belongs to no field on this form: a rate limit, an expired flow, a network failure. */
  general: string | undefined;
}

const NONE: FormErrors = { fields: {}, general: undefined };

/**
 * Splits a failed call's error into the messages beside the form's fields (`shown` names them) and
 * one message for the whole form. Field errors the form has no input for are not lost: they become
 * the form's message.
 */
export function formErrors(error: unknown, shown: readonly string[]): FormErrors {
  if (!error) return NONE;
  if (!(error instanceof ApiError)) {
    return { fields: {}, general: 'We could not reach the shop. Check your connection and try again.' };
  }
  if (error.status === 429) {
    return { fields: {}, general: error.message || 'Too many attempts. Please wait a few minutes and try again.' };
  }
  const fields: Record<string, string | undefined> = {};
  const others: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const first = messages?.[0];
    if (!first) continue;
    if (shown.includes(key)) fields[key] = first;
    else others.push(first);
  }
  const general = others[0] ?? (Object.keys(fields).length ? undefined : error.message);
  return { fields, general };
}
