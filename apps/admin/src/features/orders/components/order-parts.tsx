import { Group, Image, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AdminOrderEvent } from '@gemstore/contracts';
import { formatRupees, formatWhen } from '../../../lib/format.ts';

/** What the order, return and refunds pages are made of: framed sections, stone lines and a timeline of steps. */

export function Section({ title, note, children, testId }: { title: string; note?: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Stack gap="xs">
        <Title order={4}>{title}</Title>
        {note && <Text size="sm" c="dimmed">{note}</Text>}
        {children}
      </Stack>
    </Paper>
  );
}

/** One stone of an order: its picture, name, SKU, what is special about it (badges), and its price. */
export function StoneLine({ stone, badges, testId }: { stone: { image: string; name: string; sku: string; price: number }; badges?: ReactNode; testId: string }) {
  return (
    <Group wrap="nowrap" justify="space-between" data-testid={testId}>
      <Group wrap="nowrap" gap="sm">
        {stone.image ? <Image src={stone.image} alt="" w={56} h={56} radius="sm" fit="cover" /> : <Paper w={56} h={56} bg="gray.1" />}
        <Stack gap={0}>
          <Text size="sm" fw={500}>{stone.name}</Text>
          <Text size="xs" c="dimmed">SKU {stone.sku}</Text>
          {badges}
        </Stack>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatRupees(stone.price)}</Text>
    </Group>
  );
}

/** Steps, oldest first, each with what it said, a note, who took it and when. */
export function StepTimeline({ events }: { events: AdminOrderEvent[] }) {
  return (
    <Timeline bulletSize={14} lineWidth={2} active={events.length - 1}>
      {events.map((e) => (
        <Timeline.Item key={e.id} title={e.label} data-testid="timeline-event" data-kind={e.kind}>
          {e.detail && <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{e.detail}</Text>}
          {e.note && <Text size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>“{e.note}”</Text>}
          <Text size="xs" c="dimmed">{e.by} · {formatWhen(e.at)}</Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
