import { useState } from 'react';
import { errorMessage, fieldErrors } from './api.ts';

/**
 * The state of a form whose submit runs one or more API calls: busy while a step runs, the failed
 * call's field errors beside their inputs, and one alert for the rest (a failure without field
 * errors, or a field the form has no input for, named in `alertFor`).
 */
export function useFormSteps({ alertFor = [], onFailure }: { alertFor?: string[]; onFailure?: (fields: Record<string, string>) => void } = {}) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);

  async function run(step: () => Promise<void>): Promise<void> {
    setBusy(true);
    setErrors({});
    setAlert(null);
    try {
      await step();
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      const named = alertFor.find((field) => fields[field]);
      if (named) setAlert(fields[named]!);
      else if (!Object.keys(fields).length) setAlert(errorMessage(err));
      onFailure?.(fields);
    } finally {
      setBusy(false);
    }
  }

  return { busy, errors, alert, run };
}
