import { Button, Textarea, TextInput } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { friendlyUrlOf } from '@gemstore/contracts/urls';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';

type Draft = { title: string; url: string; meta_description: string };

/** What a post's or page's form says to search engines: its address (made from the title when empty) and its description. */
export function SearchFields({ draft, errors, set, urlDescription }: {
  draft: Draft;
  errors: Record<string, string>;
  set: (key: 'url' | 'meta_description') => (value: string) => void;
  urlDescription: string;
}) {
  return (
    <>
      <TextInput label="Friendly url" description={urlDescription} placeholder={friendlyUrlOf(draft.title)}
        value={draft.url} error={errors.url} onChange={(e) => set('url')(e.currentTarget.value)} />
      <Textarea label="Meta description" description={`What search engines show under the title (${draft.meta_description.length}/300).`} autosize minRows={2} maxLength={300}
        value={draft.meta_description} error={errors.meta_description} onChange={(e) => set('meta_description')(e.currentTarget.value)} />
    </>
  );
}

/** The remove button of a saved post or page, asking first, and why a removal failed. */
export function RemoveButton({ editing, remove, question, children }: {
  editing: boolean;
  remove: UseMutationResult<unknown, Error, void>;
  question: string;
  children: string;
}) {
  return (
    <>
      {editing && (
        <Button variant="subtle" color="red" loading={remove.isPending}
          onClick={() => { if (window.confirm(question)) remove.mutate(); }}>{children}</Button>
      )}
      <ErrorAlert error={remove.error} role="alert" />
    </>
  );
}
