import { Input, Loader, Paper } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';

/** The editor (tiptap and ProseMirror, about half the back office's code) loads only when a post or page form opens. */
const Editor = lazy(() => import('./RichText.tsx').then((m) => ({ default: m.RichText })));

export function RichText(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense fallback={<Input.Wrapper label={props.label}><Paper withBorder radius="sm" mih={300} p="md"><Loader size="sm" /></Paper></Input.Wrapper>}>
      <Editor {...props} />
    </Suspense>
  );
}
