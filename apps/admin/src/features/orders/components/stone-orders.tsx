import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../../lib/api.ts';
import { formatWhen } from '../../../lib/format.ts';
import { stageColor } from '../../../lib/statuses.ts';

/** The orders that hold a stone, newest first, each a link to its page: a sold stone's buyer is one click away. */
export function StoneOrders({ stoneId }: { stoneId: number }) {
  const held = useQuery({ queryKey: ['admin', 'orders', 'of-stone', stoneId], queryFn: () => api.adminStoneOrders({ params: { id: stoneId } }) });
  const orders = held.data?.orders ?? [];
  if (orders.length === 0) return null;
  return (
    <Stack gap={4} data-testid="stone-orders">
      <Text size="sm" fw={500}>{orders.length === 1 ? 'Its order' : 'Its orders'}</Text>
      {orders.map((o) => (
        <Group key={o.id} gap="xs" wrap="wrap">
          <Anchor component={Link} to={`/orders/${o.id}`} size="sm">Order {o.order_number}</Anchor>
          <Badge size="xs" variant="light" color={stageColor(o.stage)}>{o.stage_label}</Badge>
          <Text size="xs" c="dimmed">{formatWhen(o.placed_on)}</Text>
        </Group>
      ))}
    </Stack>
  );
}
