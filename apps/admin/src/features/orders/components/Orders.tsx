import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminOrderFilter, AdminOrderSummary, AdminOrdersQuery } from '@gemstore/contracts';
import { ADMIN_ORDER_FILTERS, ORDER_STAGE_LABELS } from '@gemstore/contracts/constants';
import { api, callUrl, downloadFile, errorMessage, routes } from '../../../lib/api.ts';
import { dayStart, formatCount, formatRupees, formatWhen } from '../../../lib/format.ts';
import { ordersKey } from '../../../lib/query-keys.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RowCard } from '../../../components/RowCard.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { stageColor } from '../../../lib/statuses.ts';

const FILTER_LABELS: Record<AdminOrderFilter, string> = { ...ORDER_STAGE_LABELS, refund_owed: 'Refund owed' };
const FILTER_OPTIONS = ADMIN_ORDER_FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f] }));

function Flags({ order }: { order: AdminOrderSummary }) {
  // The stage already names one open return.
  const saysReturn = (order.stage === 'return_requested' || order.stage === 'returned') && order.open_returns === 1;
  return (
    <Group gap={4}>
      <StatusBadge color={stageColor(order.stage)}>{order.stage_label}</StatusBadge>
      {order.refund_owed && <StatusBadge color="red">Refund owed</StatusBadge>}
      {order.open_returns > 0 && !saysReturn && <StatusBadge color="orange">{order.open_returns === 1 ? 'Return open' : `${formatCount(order.open_returns, 'return')} open`}</StatusBadge>}
    </Group>
  );
}

function contactLine(o: AdminOrderSummary): string {
  return [o.customer.email, o.customer.phone].filter(Boolean).join(' · ');
}

/** The store's orders: by stage, search (order number, name, email, phone), the days placed, pages, and CSV export. */
export function OrdersPage() {
  // The stage lives in the address, so the dashboard and the back button can open a filtered list.
  const [params, setParams] = useSearchParams();
  const status = (ADMIN_ORDER_FILTERS as readonly string[]).includes(params.get('status') ?? '') ? params.get('status') as AdminOrderFilter : null;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [exporting, setExporting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const filter: Omit<AdminOrdersQuery, 'page'> = {
    ...(status ? { status } : {}), ...(q ? { q } : {}),
    ...(dayStart(from) ? { from: dayStart(from) } : {}), ...(dayStart(to, true) ? { to: dayStart(to, true) } : {}),
  };
  const query = { ...filter, page };
  const orders = useQuery({ queryKey: [...ordersKey, query], queryFn: () => api.adminOrders({ query }), placeholderData: keepPreviousData });
  const reset = <T,>(set: (v: T) => void) => (v: T) => { setPage(1); set(v); };

  const exportCsv = async () => {
    setExporting(true); setProblem(null);
    try {
      await downloadFile(callUrl(routes.adminOrdersExport, { query: filter }), 'orders.csv');
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack>
      <PageHeader title="Orders">
        <Button variant="light" loading={exporting} onClick={() => void exportCsv()}>Export CSV</Button>
      </PageHeader>
      <Group align="end" wrap="wrap">
        <TextInput label="Find" placeholder="Order number, SKU, name, email or phone" value={search} w={{ base: '100%', sm: 280 }}
          onChange={(e) => reset(setSearch)(e.currentTarget.value)} />
        <Select label="Status" placeholder="Every order" clearable w={{ base: '100%', sm: 200 }} data={FILTER_OPTIONS} value={status}
          onChange={(v) => { setPage(1); setParams(v ? { status: v } : {}); }} />
        <TextInput type="date" label="Placed from" value={from} onChange={(e) => reset(setFrom)(e.currentTarget.value)} w={{ base: '47%', sm: 160 }} />
        <TextInput type="date" label="Placed until" value={to} onChange={(e) => reset(setTo)(e.currentTarget.value)} w={{ base: '47%', sm: 160 }} />
      </Group>
      {problem && <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)}>{problem}</Alert>}
      <ErrorAlert error={orders.error} role="alert" />

      <DataTable
        label="Orders" striped highlightOnHover minWidth={820} rows={orders.data?.data ?? []} rowKey={(o) => o.id}
        rowProps={(o) => ({ 'data-testid': 'order-row', 'data-order-id': o.id })} rowTo={(o) => `/orders/${o.id}`}
        cards={{
          label: 'Orders',
          render: (o) => (
            <RowCard
              to={`/orders/${o.id}`} data-testid="order-card"
              title={o.order_number} amount={formatRupees(o.total)} status={<Flags order={o} />} when={formatWhen(o.placed_on)}
            >
              <Text size="sm">{o.customer.name || 'Customer'}</Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{contactLine(o)}</Text>
            </RowCard>
          ),
        }}
        columns={[
          { head: 'Order', cell: (o) => <Link to={`/orders/${o.id}`} onClick={(e) => e.stopPropagation()}>{o.order_number}</Link> },
          { head: 'Placed', cell: (o) => <Text size="sm">{formatWhen(o.placed_on)}</Text> },
          {
            head: 'Customer',
            cell: (o) => (
              <>
                <Text size="sm">{o.customer.name}</Text>
                <Text size="xs" c="dimmed">{contactLine(o)}</Text>
              </>
            ),
          },
          { head: 'Stones', cell: (o) => o.total_qty },
          { head: 'Total', align: 'right', cell: (o) => formatRupees(o.total) },
          { head: 'Status', cell: (o) => <Flags order={o} /> },
        ]}
      />
      {orders.data && (
        <Text size="sm" c="dimmed" data-testid="orders-total">
          {orders.data.total === 0 ? 'No orders match.' : formatCount(orders.data.total, 'order')}
        </Text>
      )}
      <Pager of={orders.data} page={page} onChange={setPage} />
    </Stack>
  );
}
