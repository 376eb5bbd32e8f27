import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's title, with what acts on the whole page (an add or export button, a count) on its right. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  if (children === undefined) return <Title order={2}>{title}</Title>;
  return (
    <Group justify="space-between">
      <Title order={2}>{title}</Title>
      {children}
    </Group>
  );
}
