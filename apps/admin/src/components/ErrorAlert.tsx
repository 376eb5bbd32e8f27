import { Alert, type AlertProps } from '@mantine/core';
import { errorMessage, fieldErrors } from '../lib/api.ts';

/**
 * A failed call's message in a red alert, or nothing while there is no error (a query's or a
 * mutation's `error` is null until it fails). `role="alert"` where the failure follows a click.
 */
export function ErrorAlert({ error, ...props }: { error: unknown; role?: 'alert' } & Omit<AlertProps, 'children' | 'color'>) {
  if (error === null || error === undefined) return null;
  return <Alert color="red" {...props}>{errorMessage(error)}</Alert>;
}

/** A form's failure that names no field (a field's error shows beside its input instead). */
export function FormErrorAlert({ error, ...props }: { error: unknown } & Omit<AlertProps, 'children' | 'color' | 'role'>) {
  if (Object.keys(fieldErrors(error)).length) return null;
  return <ErrorAlert error={error} role="alert" {...props} />;
}

/** A failed save of a long form: its fields' errors show beside them, so the alert points there; any other failure says itself. */
export function SaveErrorAlert({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  return <Alert color="red" role="alert">{Object.keys(fieldErrors(error)).length ? 'Please correct the fields marked below.' : errorMessage(error)}</Alert>;
}
