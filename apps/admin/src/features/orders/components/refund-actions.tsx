import { Alert, Anchor, Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminOrder, AdminRefund, AdminRefundResponse } from '@gemstore/contracts';
import { api, errorMessage, fieldErrors, isErrorOf } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.tsx';
import { formatCount, formatRupees, formatWhen } from '../../../lib/format.ts';
import { dashboardKey, orderKey, ordersKey, refundsKey, returnsKey } from '../../../lib/query-keys.ts';
import { newRefundKey } from '../refund-key.ts';
import { refundColor } from '../../../lib/statuses.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';

/** Whether the signed-in member may refund (the server refuses the others anyway). */
export function useMayRefund(): boolean {
  return useSession().me?.capabilities.includes('refunds') ?? false;
}

/** The provider said no: that refund is failed for good, so trying again is a new refund with a new key. */
function refused(err: unknown): boolean {
  return isErrorOf('adminOrderRefund', err, 'refund_refused') || isErrorOf('adminReturnStatus', err, 'refund_refused');
}

/** What a refund answer changes: the order it belongs to, the lists that show it, the refunds view and the dashboard. */
export function useRefundDone() {
  const queryClient = useQueryClient();
  return (data: AdminRefundResponse) => {
    queryClient.setQueryData(orderKey(data.order.id), { order: data.order });
    void queryClient.invalidateQueries({ queryKey: ordersKey, predicate: (q) => !(q.queryKey[2] === 'one' && q.queryKey[3] === data.order.id) });
    void queryClient.invalidateQueries({ queryKey: refundsKey });
    void queryClient.invalidateQueries({ queryKey: returnsKey });
    void queryClient.invalidateQueries({ queryKey: dashboardKey });
  };
}

const failedMessage = (r: AdminRefund) => `The refund failed${r.failure_reason ? `: ${r.failure_reason}` : '.'} Nothing was paid back; you can try again.`;

/**
 * Refunds a payment that could not buy the stones (late, second or short), in one click. The
 * button's key is made once and kept until the provider refuses, so a double click or a retry after
 * a lost answer finds the refund already made instead of making another.
 */
export function RefundPaymentButton({ orderId, orderNumber, paymentId, amount }: { orderId: number; orderNumber: string; paymentId: number; amount: number }) {
  const [key, setKey] = useState(newRefundKey);
  const [failure, setFailure] = useState<string | null>(null);
  const done = useRefundDone();
  const refund = useMutation({
    mutationFn: () => api.adminOrderRefund({ params: { id: orderId }, body: { idempotency_key: key, payment_id: paymentId } }),
    onMutate: () => setFailure(null),
    onSuccess: (data) => {
      if (data.refund.status === 'failed') { setKey(newRefundKey()); setFailure(failedMessage(data.refund)); }
      done(data);
    },
    onError: (err) => {
      if (refused(err)) setKey(newRefundKey());
      setFailure(errorMessage(err));
    },
  });
  return (
    <Stack gap={4} align="flex-end">
      <Button size="xs" color="red" variant="light" loading={refund.isPending} onClick={() => refund.mutate()}
        aria-label={`Refund ${formatRupees(amount)} of order ${orderNumber}`}>
        Refund {formatRupees(amount)}
      </Button>
      {failure && <Text size="xs" c="red" role="alert" ta="right">{failure}</Text>}
    </Stack>
  );
}

/**
 * The refund dialog of a paid order: the whole order or the stones chosen, and a reason. Its
 * idempotency key is made when the dialog opens (and again only after the provider refused), so a
 * double click on Refund sends one refund however many requests leave.
 */
export function RefundStonesDialog({ order, opened, onClose }: { order: AdminOrder; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Refund order ${order.order_number}`} size="lg">
      {opened && <RefundStonesForm order={order} onClose={onClose} />}
    </Modal>
  );
}

function RefundStonesForm({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  // Made once as the dialog opens (this form mounts with it).
  const [key, setKey] = useState(newRefundKey);
  const open = order.lines.filter((l) => !l.refunded);
  const [chosen, setChosen] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const done = useRefundDone();
  const refund = useMutation({
    mutationFn: () => api.adminOrderRefund({ params: { id: order.id }, body: { idempotency_key: key, line_ids: chosen, reason } }),
    onMutate: () => setFailure(null),
    onSuccess: (data) => {
      done(data);
      if (data.refund.status === 'failed') { setKey(newRefundKey()); setFailure(failedMessage(data.refund)); return; }
      onClose();
    },
    onError: (err) => {
      if (refused(err)) setKey(newRefundKey());
      const fields = fieldErrors(err);
      setFailure(fields.line_ids ?? fields.reason ?? errorMessage(err));
    },
  });
  // A stone is paid back what it was sold for: its price less its share of the order's discount (in paise, so the sum is exact).
  const paidFor = (l: { price: number; discount: number }) => (Math.round(l.price * 100) - Math.round(l.discount * 100)) / 100;
  const total = order.lines.filter((l) => chosen.includes(l.id)).reduce((s, l) => Math.round((s + paidFor(l)) * 100) / 100, 0);
  const all = open.length > 0 && chosen.length === open.length;
  const toggle = (id: number, on: boolean) => setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));

  return (
    <form onSubmit={(e) => { e.preventDefault(); refund.mutate(); }}>
      <Stack>
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Checkbox label="Whole order (every stone not refunded yet)" checked={all} indeterminate={chosen.length > 0 && !all}
          disabled={open.length === 0} onChange={(e) => setChosen(e.currentTarget.checked ? open.map((l) => l.id) : [])} />
        <Stack gap="xs" aria-label="Stones to refund" role="group">
          {order.lines.map((l) => (
            <Group key={l.id} justify="space-between" wrap="nowrap" pl="md">
              <Checkbox
                checked={chosen.includes(l.id)} disabled={l.refunded} onChange={(e) => toggle(l.id, e.currentTarget.checked)}
                label={<>{l.name} <Text span size="xs" c="dimmed">SKU {l.sku}</Text></>}
                description={l.refunded ? 'Refunded already' : l.returned ? 'In a return: usually refunded from the return once received' : undefined}
              />
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatRupees(paidFor(l))}</Text>
            </Group>
          ))}
        </Stack>
        <Textarea label="Reason (kept with the refund)" value={reason} onChange={(e) => setReason(e.currentTarget.value)} autosize minRows={2} maxLength={500} />
        {order.shipping > 0 && (
          <Text size="xs" c="dimmed" data-testid="refund-shipping-kept">
            Refunding stones does not refund the order's shipping ({formatRupees(order.shipping)}): the parcel went out, and the credit notes cover the stones only.
          </Text>
        )}
        <Text size="xs" c="dimmed">The money goes back through the payment provider to the card, account or wallet the customer paid with, and the customer is told by email.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Close</Button>
          <Button type="submit" color="red" loading={refund.isPending} disabled={chosen.length === 0}>
            {chosen.length === 0 ? 'Refund' : `Refund ${formatRupees(total)}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Refunds as staff read them: when, what, how much, where it stands with the provider. */
export function RefundsTable({ refunds, withOrder = false, label }: { refunds: AdminRefund[]; withOrder?: boolean; label: string }) {
  const what = (r: AdminRefund) => (
    <>
      {r.kind === 'payment' ? 'A payment owed back' : formatCount(r.line_ids.length, 'stone')}
      {r.return_id && <> of <Anchor component={Link} to={`/returns/${r.return_id}`} size="sm">return #{r.return_id}</Anchor></>}
    </>
  );
  const status = (r: AdminRefund) => (
    <>
      <StatusBadge color={refundColor(r.status)} data-testid="refund-status">{r.status_label}</StatusBadge>
      {r.failure_reason && <Text size="xs" c="red">{r.failure_reason}</Text>}
    </>
  );
  const orderLink = (r: AdminRefund) => <Anchor component={Link} to={`/orders/${r.order_id}`} size="sm">{r.order_number}</Anchor>;
  return (
    <DataTable
      label={label} verticalSpacing="xs" minWidth={withOrder ? 720 : 520} rows={refunds} rowKey={(r) => r.id}
      empty={<Text size="sm" c="dimmed">No refunds yet.</Text>}
      rowProps={(r) => ({ 'data-testid': 'refund-row', 'data-refund-id': r.id })}
      cards={{
        label, gap: 'sm', role: 'list',
        render: (r) => (
          <Group role="listitem" justify="space-between" align="start" wrap="nowrap" data-testid="refund-card" data-refund-id={r.id}>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm">
                {withOrder && <>{orderLink(r)}{' · '}</>}{what(r)}
              </Text>
              {r.reason && <Text size="xs" c="dimmed">{r.reason}</Text>}
              <Text size="xs" c="dimmed">{formatWhen(r.created_at)}</Text>
              {r.provider_refund_id && <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{r.provider_refund_id}</Text>}
            </Stack>
            <Stack gap={4} align="flex-end">
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatRupees(r.amount)}</Text>
              {status(r)}
            </Stack>
          </Group>
        ),
      }}
      columns={[
        { head: 'Started', cell: (r) => <Text size="sm">{formatWhen(r.created_at)}</Text> },
        ...(withOrder ? [{ head: 'Order', cell: orderLink }] : []),
        {
          head: 'For',
          cell: (r) => (
            <>
              <Text size="sm">{what(r)}</Text>
              {r.reason && <Text size="xs" c="dimmed">{r.reason}</Text>}
            </>
          ),
        },
        { head: 'Amount', align: 'right', cell: (r) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatRupees(r.amount)}</Text> },
        { head: 'Status', cell: status },
        { head: "Provider's id", cell: (r) => <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{r.provider_refund_id ?? '—'}</Text> },
      ]}
    />
  );
}
