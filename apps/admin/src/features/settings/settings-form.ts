import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * A settings page's form: the saved settings read once into the form, and a save whose answer (the
 * settings as now saved) replaces what the page read.
 */
export function useSettingsForm<Settings, Form, Body>({ key, read, write, formOf }: {
  key: readonly string[];
  read: () => Promise<Settings>;
  write: (body: Body) => Promise<Settings>;
  formOf: (settings: Settings) => Form;
}) {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: key, queryFn: read });
  const [form, setForm] = useState<Form | null>(null);
  useEffect(() => {
    if (settings.data && !form) setForm(formOf(settings.data));
  }, [settings.data, form]);
  const save = useMutation({ mutationFn: write, onSuccess: (data: Settings) => queryClient.setQueryData(key, data) });
  return { settings, form, setForm, save };
}
