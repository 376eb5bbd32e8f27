import { Anchor, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminReturnSummary } from '@gemstore/contracts';
import { api, errorMessage } from '../../../lib/api.ts';
import { formatCount, formatRupees, formatWhen } from '../../../lib/format.ts';
import { dashboardKey, orderKey, ordersKey, refundsKey, returnKey, returnsKey } from '../../../lib/query-keys.ts';
import { Section } from './order-parts.tsx';
import { RefundPaymentButton, RefundsTable } from './refund-actions.tsx';
import { returnColor } from '../../../lib/statuses.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';

/**
 * Refunds a received return's stones in one click (Refunded). The server keys a return's refund
 * by the return itself, so a second click finds the first refund instead of making another.
 */
function RefundReturnButton({ ret }: { ret: AdminReturnSummary }) {
  const queryClient = useQueryClient();
  const refund = useMutation({
    mutationFn: () => api.adminReturnStatus({ params: { id: ret.id }, body: { status: 'refunded' } }),
    onSuccess: (data) => queryClient.setQueryData(returnKey(ret.id), data),
    // Refused or done, the lists read again: the return may have moved on meanwhile.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: refundsKey });
      void queryClient.invalidateQueries({ queryKey: returnsKey, predicate: (q) => !(q.queryKey[2] === 'one' && q.queryKey[3] === ret.id) });
      void queryClient.invalidateQueries({ queryKey: orderKey(ret.order_id) });
      void queryClient.invalidateQueries({ queryKey: ordersKey, predicate: (q) => q.queryKey[2] !== 'one' });
      void queryClient.invalidateQueries({ queryKey: dashboardKey });
    },
  });
  return (
    <Stack gap={4} align="flex-end">
      <Button size="xs" color="green" variant="light" loading={refund.isPending} onClick={() => refund.mutate()} aria-label={`Refund return #${ret.id}`}>
        {ret.to_refund > 0 ? `Refund ${formatRupees(ret.to_refund)}` : 'Mark refunded (paid back from the order)'}
      </Button>
      {refund.isError && <Text size="xs" c="red" role="alert" ta="right">{errorMessage(refund.error)}</Text>}
    </Stack>
  );
}

/** Money owed back: payments that could not buy their stones, returns received and not refunded, and the latest refunds. */
export function RefundsPage() {
  const view = useQuery({ queryKey: refundsKey, queryFn: () => api.adminRefunds() });
  const d = view.data;
  return (
    <Stack maw={1100}>
      <PageHeader title="Refunds" />
      <ErrorAlert error={view.error} role="alert" />
      {!d && !view.isError && <Loader />}
      {d && (
        <>
          <Section
            title="Payments owed back" testId="owed-payments"
            note="Money that arrived but could not buy the stones: paid after the stones' hold ran out, paid twice, or paid for a cancelled order. It goes back in full."
          >
            {d.owed.length === 0 && <Text size="sm">No payment is owed back.</Text>}
            {d.owed.map((o) => (
              <Card key={o.order_id} withBorder padding="sm" data-testid="owed-order" data-order-id={o.order_id}>
                <Group justify="space-between" align="start" wrap="wrap">
                  <Stack gap={0}>
                    <Anchor component={Link} to={`/orders/${o.order_id}`} fw={600}>Order {o.order_number}</Anchor>
                    <Text size="sm">{o.customer.name || 'Customer'}</Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{[o.customer.email, o.customer.phone].filter(Boolean).join(' · ')}</Text>
                  </Stack>
                  <Text size="xs" c="dimmed">Placed {formatWhen(o.placed_on)}</Text>
                </Group>
                <Stack gap="xs" mt="xs">
                  {o.payments.map((p) => (
                    <Group key={p.id} justify="space-between" align="start" wrap="nowrap" data-testid="owed-payment">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{p.provider_payment_id}</Text>
                        <Text size="xs" c="dimmed">{p.provider} · paid {formatWhen(p.created_at)}</Text>
                      </Stack>
                      <RefundPaymentButton orderId={o.order_id} orderNumber={o.order_number} paymentId={p.id} amount={p.amount} />
                    </Group>
                  ))}
                </Stack>
              </Card>
            ))}
          </Section>

          <Section
            title="Returns received, not refunded" testId="returns-to-refund"
            note="The stones are back with the shop. Refund them here, or open the return to reject it after all."
          >
            {d.returns_to_refund.length === 0 && <Text size="sm">No received return is waiting for its refund.</Text>}
            {d.returns_to_refund.map((r) => (
              <Group key={r.id} justify="space-between" align="start" wrap="nowrap" data-testid="return-to-refund" data-return-id={r.id}>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Anchor component={Link} to={`/returns/${r.id}`} fw={600}>Return #{r.id}</Anchor>
                    <StatusBadge size="sm" color={returnColor(r.status)}>{r.status_label}</StatusBadge>
                  </Group>
                  <Text size="sm">
                    {r.customer.name || 'Customer'} · <Anchor component={Link} to={`/orders/${r.order_id}`} size="sm">order {r.order_number}</Anchor>
                    {' · '}{formatCount(r.total_qty, 'stone')}
                  </Text>
                  <Text size="xs" c="dimmed">{r.reason_label} · requested {formatWhen(r.placed_on)}</Text>
                </Stack>
                <RefundReturnButton ret={r} />
              </Group>
            ))}
          </Section>

          <Section title="Latest refunds" testId="recent-refunds">
            <RefundsTable refunds={d.recent} withOrder label="Latest refunds" />
          </Section>
        </>
      )}
    </Stack>
  );
}
