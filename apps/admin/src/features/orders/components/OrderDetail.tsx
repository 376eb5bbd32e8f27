import {
  Alert, Anchor, Badge, Button, Grid, Group, Modal, Stack, Text, Textarea, TextInput, Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminOrder, AdminOrderResponse, OrderAddress } from '@gemstore/contracts';
import { api, downloadCreditNote, downloadInvoice, errorMessage, fieldErrors } from '../../../lib/api.ts';
import { FormErrorAlert } from '../../../components/ErrorAlert.tsx';
import { formatCount, formatDate, formatRupees, formatWhen } from '../../../lib/format.ts';
import { orderKey, ordersKey } from '../../../lib/query-keys.ts';
import { returnColor, stageColor } from '../../../lib/statuses.ts';
import { Section, StepTimeline, StoneLine } from './order-parts.tsx';
import { RefundPaymentButton, RefundsTable, RefundStonesDialog, useMayRefund } from './refund-actions.tsx';
import { CourierSelect, TrackingNumber } from '../../settings/components/courier-fields.tsx';

function Address({ value }: { value: OrderAddress }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>{value.name}</Text>
      <Text size="sm">{value.address}, {value.locality}</Text>
      {value.landmark && <Text size="sm">{value.landmark}</Text>}
      <Text size="sm">{value.city.name}, {value.state.name} {value.pincode}</Text>
      <Text size="sm">{value.country.name}</Text>
      <Text size="sm" c="dimmed">{value.phone}</Text>
    </Stack>
  );
}

type Step = 'dispatch' | 'deliver' | 'cancel' | null;

/** The steps staff take on an order, each offered only when the order's state allows it. */
function Actions({ order, onDone }: { order: AdminOrder; onDone: (data: AdminOrderResponse) => void }) {
  const [open, setOpen] = useState<Step>(null);
  const [courierId, setCourierId] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: (step: { kind: 'dispatch'; courier_id: number; tracking_number: string } | { kind: 'deliver' } | { kind: 'cancel'; reason: string }) => {
      const params = { id: order.id };
      if (step.kind === 'dispatch') return api.adminOrderDispatch({ params, body: { courier_id: step.courier_id, tracking_number: step.tracking_number } });
      if (step.kind === 'deliver') return api.adminOrderDeliver({ params });
      return api.adminOrderCancel({ params, body: { reason: step.reason } });
    },
    onSuccess: (data) => { setOpen(null); onDone(data); },
  });
  const errors = fieldErrors(act.error);
  const close = () => { setOpen(null); act.reset(); };
  const submit = (kind: 'dispatch' | 'cancel') => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    if (kind === 'dispatch') act.mutate({ kind, courier_id: Number(courierId ?? 0), tracking_number: String(form.get('tracking_number')) });
    else act.mutate({ kind, reason: String(form.get('reason') ?? '') });
  };
  const failure = <FormErrorAlert error={act.error} />;
  return (
    <>
      <Group gap="xs">
        {order.actions.dispatch && <Button onClick={() => setOpen('dispatch')}>Mark dispatched</Button>}
        {order.actions.deliver && <Button onClick={() => setOpen('deliver')}>Mark delivered</Button>}
        {order.actions.cancel && <Button color="red" variant="light" onClick={() => setOpen('cancel')}>Cancel order</Button>}
      </Group>
      <Modal opened={open === 'dispatch'} onClose={close} title={`Dispatch order ${order.order_number}`}>
        <form onSubmit={submit('dispatch')}>
          <Stack>
            {failure}
            <CourierSelect value={courierId} onChange={setCourierId} error={errors.courier_id} />
            <TextInput name="tracking_number" label="Tracking number" required error={errors.tracking_number} />
            <Text size="xs" c="dimmed">The customer is told by email (or SMS) and can then request a return from the order.</Text>
            <Button type="submit" loading={act.isPending}>Mark dispatched</Button>
          </Stack>
        </form>
      </Modal>
      <Modal opened={open === 'deliver'} onClose={close} title={`Order ${order.order_number} delivered?`}>
        <Stack>
          {failure}
          <Text size="sm">Mark the parcel {order.dispatch ? `sent with ${order.dispatch.courier_partner} (${order.dispatch.tracking_number})` : ''} as delivered.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Not yet</Button>
            <Button loading={act.isPending} onClick={() => act.mutate({ kind: 'deliver' })}>Mark delivered</Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={open === 'cancel'} onClose={close} title={`Cancel order ${order.order_number}`}>
        <form onSubmit={submit('cancel')}>
          <Stack>
            {failure}
            <Text size="sm">The order is unpaid. Its stones are for sale again at once, and the customer can no longer pay for it.</Text>
            <Textarea name="reason" label="Why (kept on the timeline, not shown to the customer)" autosize minRows={2} error={errors.reason} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>Keep the order</Button>
              <Button type="submit" color="red" loading={act.isPending}>Cancel order</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

function NoteForm({ orderId, onDone }: { orderId: number; onDone: (data: AdminOrderResponse) => void }) {
  const [note, setNote] = useState('');
  const add = useMutation({
    mutationFn: () => api.adminOrderNote({ params: { id: orderId }, body: { note } }),
    onSuccess: (data) => { setNote(''); onDone(data); },
  });
  return (
    <form onSubmit={(e) => { e.preventDefault(); add.mutate(); }}>
      <Stack gap="xs">
        <Textarea label="Add a private note" value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={2}
          error={fieldErrors(add.error).note ?? (add.isError && !fieldErrors(add.error).note ? errorMessage(add.error) : undefined)} />
        <Group justify="flex-end"><Button type="submit" size="xs" variant="light" loading={add.isPending} disabled={!note.trim()}>Add note</Button></Group>
      </Stack>
    </form>
  );
}

/** One order: customer, addresses, stones, payments, dispatch, returns, the steps staff may take and the timeline of every step. */
export function OrderDetailPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const result = useQuery({ queryKey: orderKey(id), queryFn: () => api.adminOrder({ params: { id } }), enabled: Number.isInteger(id) && id > 0 });
  const order = result.data?.order;
  const [problem, setProblem] = useState<string | null>(null);
  const [refunding, setRefunding] = useState(false);
  const mayRefund = useMayRefund();
  const changed = (data: AdminOrderResponse) => {
    queryClient.setQueryData(orderKey(id), data);
    void queryClient.invalidateQueries({ queryKey: ordersKey, predicate: (q) => q.queryKey[2] !== 'one' });
  };

  if (result.isError) return <Alert color="red" role="alert">{errorMessage(result.error)} <Anchor component={Link} to="/orders">Back to orders</Anchor></Alert>;
  if (!order) return <Text c="dimmed">Loading the order…</Text>;
  return (
    <Stack maw={1200}>
      <Group justify="space-between" align="start">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2}>Order {order.order_number}</Title>
            <Badge color={stageColor(order.stage)} variant="light" size="lg" data-testid="order-stage">{order.stage_label}</Badge>
            {order.refund_owed && <Badge color="red" variant="light" size="lg">Refund owed</Badge>}
          </Group>
          <Text size="sm" c="dimmed">Placed {formatWhen(order.placed_on)} · {formatCount(order.total_qty, 'stone')} · {formatRupees(order.total)}</Text>
          {order.promotion && (
            <Text size="sm" c="dimmed" data-testid="order-promotion">
              Stones {formatRupees(order.stones_total)} · less {formatRupees(order.promotion.amount)} with the code {order.promotion.code}
            </Text>
          )}
          {order.refunded_amount > 0 && (
            <Text size="sm" c="dimmed" data-testid="order-refunded">Refunded {formatRupees(order.refunded_amount)}{order.refunded_on && <> on {formatDate(order.refunded_on)}</>} · net paid {formatRupees(order.net_paid)}</Text>
          )}
          {order.stage === 'awaiting_payment' && <Text size="sm" c="dimmed">Stones held until {formatWhen(order.reserved_until)}</Text>}
        </Stack>
        <Group gap="xs">
          <Actions order={order} onDone={changed} />
          {mayRefund && order.actions.refund_lines && <Button color="red" variant="light" onClick={() => setRefunding(true)}>Refund</Button>}
          {order.status === 'paid' && (
            <Button variant="light" onClick={() => { setProblem(null); downloadInvoice(order.id).catch((err: unknown) => setProblem(errorMessage(err))); }}>Invoice</Button>
          )}
          <Button component={Link} to="/orders" variant="subtle">All orders</Button>
        </Group>
      </Group>
      {problem && <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)}>{problem}</Alert>}
      <RefundStonesDialog order={order} opened={refunding} onClose={() => setRefunding(false)} />

      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <Section title="Stones" testId="order-lines">
              {order.lines.map((l) => (
                <StoneLine key={l.id} stone={l} testId="order-line" badges={<>
                  {l.stage && <Badge size="xs" color={l.stage === 'refunded' ? 'green' : 'orange'} variant="light" data-testid="line-stage">{l.stage_label}</Badge>}
                  {l.refunded && l.stage !== 'refunded' && <Badge size="xs" color="green" variant="light">Refund under way</Badge>}
                </>} />
              ))}
              <Group justify="space-between" data-testid="order-shipping">
                <Text size="sm">Shipping</Text>
                <Text size="sm">{order.shipping === 0 ? 'Free' : formatRupees(order.shipping)}</Text>
              </Group>
              <Group justify="space-between">
                <Text size="sm" fw={600}>Total</Text>
                <Text size="sm" fw={600} data-testid="order-total">{formatRupees(order.total)}</Text>
              </Group>
            </Section>

            <Section title="Payment" testId="order-payments">
              {order.provider_order_id && <Text size="sm">Provider order <Text span ff="monospace" size="sm">{order.provider_order_id}</Text></Text>}
              {order.payments.length === 0 && <Text size="sm" c="dimmed">No payment yet.</Text>}
              {order.payments.map((p) => (
                <Group key={p.id} justify="space-between" align="start" wrap="nowrap" data-testid="order-payment">
                  <Stack gap={0}>
                    <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>{p.provider_payment_id}</Text>
                    <Text size="xs" c="dimmed">{p.provider} · {p.status} · {formatWhen(p.created_at)}</Text>
                    {p.refund_owed && <Badge size="xs" color="red" variant="light">Owed back</Badge>}
                  </Stack>
                  <Stack gap={4} align="flex-end">
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatRupees(p.amount)}</Text>
                    {mayRefund && p.refund_owed && <RefundPaymentButton orderId={order.id} orderNumber={order.order_number} paymentId={p.id} amount={p.amount} />}
                  </Stack>
                </Group>
              ))}
            </Section>

            {order.refunds.length > 0 && (
              <Section title="Refunds" testId="order-refunds">
                <RefundsTable refunds={order.refunds} label={`Refunds of order ${order.order_number}`} />
              </Section>
            )}

            {order.credit_notes.length > 0 && (
              <Section title="Credit notes" note="GST credit notes issued for refunds, each against the order's tax invoice." testId="order-credit-notes">
                {order.credit_notes.map((n) => (
                  <Group key={n.id} justify="space-between" wrap="nowrap">
                    <Text size="sm">
                      <Text span ff="monospace" size="sm">{n.number}</Text> · {formatWhen(n.issued_at)} · {formatRupees(n.amount)} · against invoice {n.invoice_number}
                    </Text>
                    <Button
                      size="xs" variant="light" style={{ flexShrink: 0 }}
                      onClick={() => { setProblem(null); downloadCreditNote(order.id, n.id).catch((err: unknown) => setProblem(errorMessage(err))); }}
                    >
                      Credit note PDF
                    </Button>
                  </Group>
                ))}
              </Section>
            )}

            {order.dispatch && (
              <Section title="Dispatch" testId="order-dispatch">
                <Text size="sm">
                  {order.dispatch.courier_partner}, tracking number <TrackingNumber number={order.dispatch.tracking_number} url={order.dispatch.tracking_url} />
                </Text>
                <Text size="sm" c="dimmed">
                  Dispatched {formatWhen(order.dispatch.dispatched_on)}{order.dispatch.delivered_on ? ` · delivered ${formatWhen(order.dispatch.delivered_on)}` : ''}
                </Text>
              </Section>
            )}

            {order.returns.length > 0 && (
              <Section title="Returns" testId="order-returns">
                {order.returns.map((r) => (
                  <Group key={r.id} justify="space-between">
                    <Text size="sm">
                      <Anchor component={Link} to={`/returns/${r.id}`} size="sm">Return #{r.id}</Anchor> · {formatCount(r.total_qty, 'stone')} · requested {formatWhen(r.placed_on)}
                    </Text>
                    <Badge variant="light" color={returnColor(r.status)}>{r.status_label}</Badge>
                  </Group>
                ))}
              </Section>
            )}

            <Section title="Timeline" testId="order-timeline">
              <StepTimeline events={order.timeline} />
              <NoteForm orderId={order.id} onDone={changed} />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <Section title="Customer" testId="order-customer">
              <Text size="sm" fw={500}>{order.customer.name || 'Customer'}</Text>
              {order.customer.email && <Anchor size="sm" href={`mailto:${order.customer.email}`} style={{ overflowWrap: 'anywhere' }}>{order.customer.email}</Anchor>}
              {order.customer.phone && <Text size="sm">{order.customer.phone}</Text>}
            </Section>
            <Section title="Shipping address"><Address value={order.shipping_address} /></Section>
            <Section title="Billing address"><Address value={order.billing_address} /></Section>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
