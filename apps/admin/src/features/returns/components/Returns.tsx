import {
  Alert, Anchor, Button, Grid, Group, Image, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { ReturnStatus, AdminReturn, AdminReturnResponse, AdminReturnStatusBody, AdminReturnSummary } from '@gemstore/contracts';
import { ORDER_STAGE_LABELS } from '@gemstore/contracts/constants';
import { ApiError, api, errorMessage, fieldErrors } from '../../../lib/api.ts';
import { formatCount, formatRupees, formatWhen } from '../../../lib/format.ts';
import { dashboardKey, orderKey, ordersKey, refundsKey, returnKey, returnsKey } from '../../../lib/query-keys.ts';
import { Section, StepTimeline, StoneLine } from '../../orders/components/order-parts.tsx';
import { useMayRefund } from '../../orders/components/refund-actions.tsx';
import { refundColor, returnColor } from '../../../lib/statuses.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RowCard } from '../../../components/RowCard.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { CourierSelect, TrackingNumber } from '../../settings/components/courier-fields.tsx';

type Filter = ReturnStatus | 'open' | 'all';

/** The queue's views, the returns waiting for a decision first. */
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'requested', label: 'Waiting for a decision' },
  { value: 'approved', label: 'Approved: parcel on its way' },
  { value: 'picked_up', label: 'Picked up' },
  { value: 'received', label: 'Received: to refund' },
  { value: 'open', label: 'Every open return' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All returns' },
];
const isFilter = (v: string | null): v is Filter => FILTERS.some((f) => f.value === v);

function ReturnBadge({ status, label, size }: { status: string; label: string; size?: 'sm' | 'lg' }) {
  return <StatusBadge color={returnColor(status)} size={size} data-testid="return-status">{label}</StatusBadge>;
}

const stones = (n: number) => formatCount(n, 'stone');
const contactLine = (c: AdminReturnSummary['customer']) => [c.email, c.phone].filter(Boolean).join(' · ');

/** The return requests: by status (waiting for a decision unless another view is chosen), oldest first, with pages. */
export function ReturnsPage() {
  // The view lives in the address, so the dashboard can link to a view and the back button returns to it.
  const [params, setParams] = useSearchParams();
  const filter: Filter = isFilter(params.get('status')) ? params.get('status') as Filter : 'requested';
  const [page, setPage] = useState(1);
  const query = { ...(filter === 'all' ? {} : { status: filter }), page };
  const list = useQuery({ queryKey: [...returnsKey, query], queryFn: () => api.adminReturns({ query }), placeholderData: keepPreviousData });

  return (
    <Stack maw={1200}>
      <PageHeader title="Returns" />
      <Select
        label="Show" w={{ base: '100%', sm: 300 }} data={FILTERS} value={filter} allowDeselect={false}
        onChange={(v) => { setPage(1); setParams(v && v !== 'requested' ? { status: v } : {}); }}
      />
      <ErrorAlert error={list.error} role="alert" />

      <DataTable
        label="Returns" striped highlightOnHover minWidth={860} rows={list.data?.data ?? []} rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-testid': 'return-row', 'data-return-id': r.id })} rowTo={(r) => `/returns/${r.id}`}
        cards={{
          label: 'Returns',
          render: (r) => (
            <RowCard
              to={`/returns/${r.id}`} data-testid="return-card" data-return-id={r.id}
              title={`Return #${r.id}`} amount={formatRupees(r.value)} status={<ReturnBadge status={r.status} label={r.status_label} />} when={formatWhen(r.placed_on)}
            >
              <Text size="sm">{r.customer.name || 'Customer'} · order {r.order_number}</Text>
              <Text size="xs" c="dimmed">{r.reason_label} · {stones(r.total_qty)} · {formatCount(r.photos, 'photo')}</Text>
            </RowCard>
          ),
        }}
        columns={[
          { head: 'Return', cell: (r) => <Anchor component={Link} to={`/returns/${r.id}`} onClick={(e) => e.stopPropagation()}>#{r.id}</Anchor> },
          { head: 'Requested', cell: (r) => <Text size="sm">{formatWhen(r.placed_on)}</Text> },
          { head: 'Order', cell: (r) => <Anchor component={Link} to={`/orders/${r.order_id}`} size="sm" onClick={(e) => e.stopPropagation()}>{r.order_number}</Anchor> },
          {
            head: 'Customer',
            cell: (r) => (
              <>
                <Text size="sm">{r.customer.name}</Text>
                <Text size="xs" c="dimmed">{contactLine(r.customer)}</Text>
              </>
            ),
          },
          { head: 'Reason', cell: (r) => <><Text size="sm">{r.reason_label}</Text><Text size="xs" c="dimmed">{formatCount(r.photos, 'photo')}</Text></> },
          { head: 'Stones', cell: (r) => r.total_qty },
          { head: 'Value', align: 'right', cell: (r) => formatRupees(r.value) },
          { head: 'Status', cell: (r) => <ReturnBadge status={r.status} label={r.status_label} /> },
        ]}
      />
      {list.data && (
        <Text size="sm" c="dimmed" data-testid="returns-total">
          {list.data.total === 0 ? 'No returns here.' : formatCount(list.data.total, 'return')}
        </Text>
      )}
      <Pager of={list.data} page={page} onChange={setPage} />
    </Stack>
  );
}

type Move = Exclude<ReturnStatus, 'requested'>;

/** The button of each next step. */
const MOVE_BUTTONS: Record<Move, string> = {
  approved: 'Approve', rejected: 'Reject', picked_up: 'Mark picked up', received: 'Mark received', refunded: 'Refund',
};
const NO_NOTES: Record<Move, string> = { approved: '', rejected: '', picked_up: '', received: '', refunded: '' };

/** What the Courier section says before there are courier details. */
const COURIER_WAITING: Partial<Record<ReturnStatus, string>> = {
  requested: 'The customer sends the courier and tracking number once the return is approved.',
  approved: 'The customer has not sent the courier and tracking number yet.',
};

/** The return's stones not refunded yet (what Refunded pays back). */
const toRefund = (ret: AdminReturn) => ret.lines.filter((l) => !l.refunded);

/**
 * The steps the return may take now, each in a dialog. What staff type is kept here, above the
 * dialogs, until the step succeeds: a refusal (the return moved on meanwhile, a field the server
 * did not accept) shows its reason and loses nothing.
 */
function ReturnSteps({ ret, onDone, onRefused }: { ret: AdminReturn; onDone: (data: AdminReturnResponse) => void; onRefused: () => void }) {
  const mayRefund = useMayRefund();
  const [open, setOpen] = useState<Move | null>(null);
  const [notes, setNotes] = useState(NO_NOTES);
  const [courier, setCourier] = useState<string | null>(ret.courier_id ? String(ret.courier_id) : null);
  const [tracking, setTracking] = useState(ret.tracking_number ?? '');
  const step = useMutation({
    mutationFn: (body: AdminReturnStatusBody) => api.adminReturnStatus({ params: { id: ret.id }, body }),
    onSuccess: (data, body) => {
      setNotes((n) => ({ ...n, [body.status]: '' }));
      setOpen(null);
      onDone(data);
    },
    // Anything but a field error may mean the return is not what this page shows: read it again.
    onError: (err) => { if (!(err instanceof ApiError && err.status === 422)) onRefused(); },
  });
  const errors = fieldErrors(step.error);
  const alert = step.isError && !errors.note && !errors.courier_id && !errors.tracking_number
    ? <Alert color="red" role="alert" title="Not done">{errorMessage(step.error)}</Alert> : null;
  const close = () => { setOpen(null); step.reset(); };
  const start = (move: Move) => {
    step.reset();
    // The customer may have sent the courier details since this page was read.
    if (move === 'picked_up' && !courier && !tracking) { setCourier(ret.courier_id ? String(ret.courier_id) : null); setTracking(ret.tracking_number ?? ''); }
    setOpen(move);
  };
  const submit = (move: Move) => (e: FormEvent) => {
    e.preventDefault();
    const body: AdminReturnStatusBody = { status: move, note: notes[move].trim() };
    if (move === 'picked_up' && courier && tracking.trim()) Object.assign(body, { courier_id: Number(courier), tracking_number: tracking.trim() });
    step.mutate(body);
  };
  const noteField = (move: Move, label: string, required = false) => (
    <Textarea
      label={label} value={notes[move]} required={required} autosize minRows={2} maxLength={1000} error={errors.note} data-autofocus={move !== 'picked_up' || undefined}
      onChange={(e) => { const v = e.currentTarget.value; setNotes((n) => ({ ...n, [move]: v })); }}
    />
  );
  const buttons = (label: string, color?: string) => (
    <Group justify="flex-end">
      <Button variant="default" onClick={close}>Close</Button>
      <Button type="submit" color={color} loading={step.isPending}>{label}</Button>
    </Group>
  );

  const refundLines = toRefund(ret);
  const refundAmount = refundLines.reduce((s, l) => s + l.price, 0);
  const refundUnderWay = ret.refund?.status === 'pending';
  const next = ret.next.filter((m): m is Move => m !== 'requested' && !(m === 'refunded' && refundUnderWay));

  return (
    <>
      <Group gap="xs">
        {next.map((move) => move === 'refunded' && !mayRefund
          ? <Text key={move} size="sm" c="dimmed" data-testid="refund-not-allowed">Your role cannot refund: an owner or a manager refunds it.</Text>
          : (
            <Button key={move} color={move === 'rejected' ? 'red' : move === 'refunded' ? 'green' : undefined} variant={move === 'rejected' ? 'light' : 'filled'}
              onClick={() => start(move)}>
              {move === 'refunded' ? `Refund ${formatRupees(refundAmount)}` : MOVE_BUTTONS[move]}
            </Button>
          ))}
      </Group>

      <Modal opened={open === 'approved'} onClose={close} title={`Approve return #${ret.id}?`}>
        <form onSubmit={submit('approved')}>
          <Stack>
            {alert}
            <Text size="sm">The customer is told by email, sends the stones back and enters the courier and tracking number on the order page.</Text>
            {noteField('approved', 'Private note (optional)')}
            {buttons('Approve')}
          </Stack>
        </form>
      </Modal>

      <Modal opened={open === 'rejected'} onClose={close} title={`Reject return #${ret.id}`}>
        <form onSubmit={submit('rejected')}>
          <Stack>
            {alert}
            {noteField('rejected', 'Reason (the customer reads it)', true)}
            <Text size="xs" c="dimmed">The customer sees this reason on the order page and in the email that tells them.</Text>
            {buttons('Reject return', 'red')}
          </Stack>
        </form>
      </Modal>

      <Modal opened={open === 'picked_up'} onClose={close} title={`Return #${ret.id} picked up`}>
        <form onSubmit={submit('picked_up')}>
          <Stack>
            {alert}
            <Text size="sm">
              {ret.courier_partner
                ? 'The customer sent the courier and tracking number below; change them only if the courier gave others.'
                : 'The customer has not sent the courier details: enter them from the courier\u2019s receipt.'}
            </Text>
            <CourierSelect value={courier} onChange={setCourier} error={errors.courier_id} />
            <TextInput label="Tracking number" value={tracking} onChange={(e) => setTracking(e.currentTarget.value)} required error={errors.tracking_number} />
            {noteField('picked_up', 'Private note (optional)')}
            <Text size="xs" c="dimmed">The customer is told by email, with the courier and tracking number.</Text>
            {buttons('Mark picked up')}
          </Stack>
        </form>
      </Modal>

      <Modal opened={open === 'received'} onClose={close} title={`Return #${ret.id} received?`}>
        <form onSubmit={submit('received')}>
          <Stack>
            {alert}
            <Text size="sm">The stones are back with the shop and hidden from the storefront: look them over, then show them again from Stones.</Text>
            {noteField('received', 'Private note (optional)')}
            {buttons('Mark received')}
          </Stack>
        </form>
      </Modal>

      <Modal opened={open === 'refunded'} onClose={close} title={`Refund return #${ret.id}`}>
        <form onSubmit={submit('refunded')}>
          <Stack>
            {alert}
            <Text size="sm">
              {formatRupees(refundAmount)} for {stones(refundLines.length)} goes back through the payment provider to the card, account or wallet the customer paid with.
              The customer is told by email.
            </Text>
            {noteField('refunded', 'Reason (kept with the refund)')}
            {buttons(`Refund ${formatRupees(refundAmount)}`, 'green')}
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** One return: the customer's request and photos, its stones, courier details, refund, its steps, and the next steps allowed. */
export function ReturnPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const valid = Number.isInteger(id) && id > 0;
  const result = useQuery({ queryKey: returnKey(id), queryFn: () => api.adminReturn({ params: { id } }), enabled: valid });
  const ret = result.data?.return;
  const changed = (data: AdminReturnResponse) => {
    queryClient.setQueryData(returnKey(id), data);
    void queryClient.invalidateQueries({ queryKey: returnsKey, predicate: (q) => !(q.queryKey[2] === 'one' && q.queryKey[3] === id) });
    void queryClient.invalidateQueries({ queryKey: refundsKey });
    void queryClient.invalidateQueries({ queryKey: orderKey(data.return.order_id) });
    void queryClient.invalidateQueries({ queryKey: ordersKey, predicate: (q) => q.queryKey[2] !== 'one' });
    void queryClient.invalidateQueries({ queryKey: dashboardKey });
  };
  const reload = () => void queryClient.invalidateQueries({ queryKey: returnKey(id) });

  if (!valid || result.isError) {
    return <Alert color="red" role="alert">{valid ? errorMessage(result.error) : 'There is no such return.'} <Anchor component={Link} to="/returns">Back to returns</Anchor></Alert>;
  }
  if (!ret) return <Text c="dimmed">Loading the return…</Text>;
  const value = ret.lines.reduce((s, l) => s + l.price, 0);
  return (
    <Stack maw={1200}>
      <Group justify="space-between" align="start">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2}>Return #{ret.id}</Title>
            <ReturnBadge status={ret.status} label={ret.status_label} size="lg" />
          </Group>
          <Text size="sm" c="dimmed">
            <Anchor component={Link} to={`/orders/${ret.order_id}`} size="sm">Order {ret.order_number}</Anchor> ({ORDER_STAGE_LABELS[ret.order_stage]})
            {' · '}requested {formatWhen(ret.placed_on)} · {stones(ret.lines.length)} · {formatRupees(value)}
          </Text>
        </Stack>
        <Group gap="xs">
          <ReturnSteps key={ret.id} ret={ret} onDone={changed} onRefused={reload} />
          <Button component={Link} to="/returns" variant="subtle">All returns</Button>
        </Group>
      </Group>

      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <Section title="The customer's request" testId="return-request">
              <Text size="sm" fw={500} data-testid="return-reason">{ret.reason_label}</Text>
              {ret.comment ? <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="return-comment">{ret.comment}</Text> : <Text size="sm" c="dimmed">No comment.</Text>}
              {ret.rejection_reason && (
                <Alert color="gray" title="Rejected: the reason the customer reads">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="rejection-reason">{ret.rejection_reason}</Text>
                </Alert>
              )}
            </Section>

            <Section title="Photos" testId="return-photos">
              {ret.photos.length === 0 ? <Text size="sm" c="dimmed">The customer sent no photos.</Text> : (
                <SimpleGrid cols={{ base: 2, sm: 3 }}>
                  {ret.photos.map((p, i) => (
                    <Anchor key={p.id} href={p.url} target="_blank" rel="noreferrer" aria-label={`Photo ${i + 1} from the customer, full size`}>
                      <Image src={p.url} alt={`Photo ${i + 1} from the customer`} radius="sm" h={160} fit="cover" data-testid="return-photo" />
                    </Anchor>
                  ))}
                </SimpleGrid>
              )}
              <Text size="xs" c="dimmed">Private: the links work on this shop for a while; reload the page for new ones.</Text>
            </Section>

            <Section title="Stones" testId="return-lines">
              {ret.lines.map((l) => (
                <StoneLine key={l.id} stone={l} testId="return-line" badges={l.refunded && <StatusBadge size="xs" color="green">Refunded</StatusBadge>} />
              ))}
            </Section>

            <Section title="Steps" testId="return-timeline">
              <StepTimeline events={ret.timeline} />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <Section title="Customer" testId="return-customer">
              <Anchor component={Link} to={`/customers/${ret.customer.id}`} size="sm" fw={500}>{ret.customer.name || 'Customer'}</Anchor>
              {ret.customer.email && <Anchor size="sm" href={`mailto:${ret.customer.email}`} style={{ overflowWrap: 'anywhere' }}>{ret.customer.email}</Anchor>}
              {ret.customer.phone && <Text size="sm">{ret.customer.phone}</Text>}
            </Section>
            <Section title="Courier" testId="return-courier">
              {ret.courier_partner
                ? <Text size="sm">{ret.courier_partner}, tracking number <TrackingNumber number={ret.tracking_number} url={ret.tracking_url} /></Text>
                : <Text size="sm" c="dimmed">{COURIER_WAITING[ret.status] ?? 'No courier details.'}</Text>}
            </Section>
            <Section title="Refund" testId="return-refund">
              {ret.refund ? (
                <Stack gap={4}>
                  <Group justify="space-between">
                    <Text size="sm">{formatRupees(ret.refund.amount)} · {ret.refund.provider}</Text>
                    <StatusBadge color={refundColor(ret.refund.status)} data-testid="refund-status">{ret.refund.status_label}</StatusBadge>
                  </Group>
                  {ret.refund.provider_refund_id && <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{ret.refund.provider_refund_id}</Text>}
                  {ret.refund.failure_reason && <Text size="xs" c="red">{ret.refund.failure_reason}</Text>}
                  <Text size="xs" c="dimmed">Started {formatWhen(ret.refund.created_at)}</Text>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  {ret.status === 'rejected' ? 'No refund: the return was rejected.'
                    : `${formatRupees(toRefund(ret).reduce((s, l) => s + l.price, 0))} to refund${ret.status === 'received' ? '.' : ' once the stones are received.'}`}
                </Text>
              )}
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
