import { Alert, Badge, Button, Card, Group, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AdminOrderFilter, AdminOrderSummary, AdminOrdersQuery } from '@gemstore/contracts';
import { ADMIN_ORDER_FILTERS, ORDER_STAGE_LABELS } from '@gemstore/contracts/constants';
import { api, callUrl, downloadFile, errorMessage, routes } from '../../../lib/api.ts';
import { dayStart, formatCount, formatRupees, formatWhen } from '../../../lib/format.ts';
import { ordersKey } from '../../../lib/query-keys.ts';
import { stageColor } from '../../../lib/statuses.ts';

const FILTER_LABELS: Record<AdminOrderFilter, string> = { ...ORDER_STAGE_LABELS, refund_owed: 'Refund owed' };
const FILTER_OPTIONS = ADMIN_ORDER_FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f] }));

function Flags({ order }: { order: AdminOrderSummary }) {
  // The stage already names one open return.
  const saysReturn = (order.stage === 'return_requested' || order.stage === 'returned') && order.open_returns === 1;
  return (
    <Group gap={4}>
      <Badge color={stageColor(order.stage)} variant="light">{order.stage_label}</Badge>
      {order.refund_owed && <Badge color="red" variant="light">Refund owed</Badge>}
      {order.open_returns > 0 && !saysReturn && <Badge color="orange" variant="light">{order.open_returns === 1 ? 'Return open' : `${formatCount(order.open_returns, 'return')} open`}</Badge>}
    </Group>
  );
}

function contactLine(o: AdminOrderSummary): string {
  return [o.customer.email, o.customer.phone].filter(Boolean).join(' · ');
}

/** The store's orders: by stage, search (order number, name, email, phone), the days placed, pages, and CSV export. */
export function OrdersPage() {
  const navigate = useNavigate();
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
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / orders.data.per_page)) : 1;
  const rows = orders.data?.data ?? [];
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
      <Group justify="space-between">
        <Title order={2}>Orders</Title>
        <Button variant="light" loading={exporting} onClick={() => void exportCsv()}>Export CSV</Button>
      </Group>
      <Group align="end" wrap="wrap">
        <TextInput label="Find" placeholder="Order number, SKU, name, email or phone" value={search} w={{ base: '100%', sm: 280 }}
          onChange={(e) => reset(setSearch)(e.currentTarget.value)} />
        <Select label="Status" placeholder="Every order" clearable w={{ base: '100%', sm: 200 }} data={FILTER_OPTIONS} value={status}
          onChange={(v) => { setPage(1); setParams(v ? { status: v } : {}); }} />
        <TextInput type="date" label="Placed from" value={from} onChange={(e) => reset(setFrom)(e.currentTarget.value)} w={{ base: '47%', sm: 160 }} />
        <TextInput type="date" label="Placed until" value={to} onChange={(e) => reset(setTo)(e.currentTarget.value)} w={{ base: '47%', sm: 160 }} />
      </Group>
      {problem && <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)}>{problem}</Alert>}
      {orders.isError && <Alert color="red" role="alert">{errorMessage(orders.error)}</Alert>}

      <Stack hiddenFrom="sm" gap="xs" aria-label="Orders">
        {rows.map((o) => (
          <Card key={o.id} withBorder padding="sm" component={Link} to={`/orders/${o.id}`} data-testid="order-card">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{o.order_number}</Text>
              <Text fw={600}>{formatRupees(o.total)}</Text>
            </Group>
            <Text size="sm">{o.customer.name || 'Customer'}</Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{contactLine(o)}</Text>
            <Group justify="space-between" mt={6}>
              <Flags order={o} />
              <Text size="xs" c="dimmed">{formatWhen(o.placed_on)}</Text>
            </Group>
          </Card>
        ))}
      </Stack>

      <Table.ScrollContainer minWidth={820} visibleFrom="sm">
        <Table striped highlightOnHover aria-label="Orders">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order</Table.Th><Table.Th>Placed</Table.Th><Table.Th>Customer</Table.Th><Table.Th>Stones</Table.Th>
              <Table.Th ta="right">Total</Table.Th><Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((o) => (
              <Table.Tr key={o.id} data-testid="order-row" data-order-id={o.id} style={{ cursor: 'pointer' }} onClick={() => navigate(`/orders/${o.id}`)}>
                <Table.Td><Link to={`/orders/${o.id}`} onClick={(e) => e.stopPropagation()}>{o.order_number}</Link></Table.Td>
                <Table.Td><Text size="sm">{formatWhen(o.placed_on)}</Text></Table.Td>
                <Table.Td>
                  <Text size="sm">{o.customer.name}</Text>
                  <Text size="xs" c="dimmed">{contactLine(o)}</Text>
                </Table.Td>
                <Table.Td>{o.total_qty}</Table.Td>
                <Table.Td ta="right">{formatRupees(o.total)}</Table.Td>
                <Table.Td><Flags order={o} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {orders.data && (
        <Text size="sm" c="dimmed" data-testid="orders-total">
          {orders.data.total === 0 ? 'No orders match.' : formatCount(orders.data.total, 'order')}
        </Text>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}
