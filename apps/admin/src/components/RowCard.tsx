import { Card, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type DataAttributes = { [name: `data-${string}`]: string | number | undefined };

/**
 * A list's row as a phone shows it: a card that opens the record, its name and amount on top,
 * what else it says in between, and its status and date at the foot.
 */
export function RowCard({ to, title, amount, status, when, children, ...data }: {
  to: string; title: ReactNode; amount: ReactNode; status: ReactNode; when: ReactNode; children: ReactNode;
} & DataAttributes) {
  return (
    <Card withBorder padding="sm" component={Link} to={to} {...data}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>{title}</Text>
        <Text fw={600}>{amount}</Text>
      </Group>
      {children}
      <Group justify="space-between" mt={6}>
        {status}
        <Text size="xs" c="dimmed">{when}</Text>
      </Group>
    </Card>
  );
}
