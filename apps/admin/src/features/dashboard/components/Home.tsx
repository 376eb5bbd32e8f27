import { Alert, Anchor, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AdminDashboardResponse } from '@gemstore/contracts';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { api, errorMessage } from '../../../lib/api.ts';
import { dashboardKey } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session.tsx';
import { SignInAlerts } from '../../staff/components/Staff.tsx';
import { formatRupees } from '../../../lib/format.ts';
import { useMayRefund } from '../../orders/components/refund-actions.tsx';

const SalesChart = lazy(() => import('./SalesChart.tsx'));

function Figure({ label, value, note, testId, to }: { label: string; value: string; note?: string; testId: string; to?: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">{label}</Text>
      <Text fz={26} fw={700} data-testid={testId}>{to ? <Anchor component={Link} to={to} inherit c="inherit">{value}</Anchor> : value}</Text>
      {note && <Text size="xs" c="dimmed">{note}</Text>}
    </Card>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A period's gross sales, refunds and net sales. */
function Period({ label, id, sales }: { label: string; id: string; sales: AdminDashboardResponse['sales']['today'] }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">{label}</Text>
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Text size="sm">Gross sales</Text>
        <Text fz={22} fw={700} data-testid={`sales-${id}`}>{formatRupees(sales.amount)}</Text>
      </Group>
      <Text size="xs" c="dimmed" ta="right">{plural(sales.orders, 'paid order', 'paid orders')}</Text>
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Text size="sm">Refunds{sales.refund_count > 0 ? ` (${sales.refund_count})` : ''}</Text>
        <Text size="sm" data-testid={`refunds-${id}`}>{sales.refunds > 0 ? `− ${formatRupees(sales.refunds)}` : formatRupees(0)}</Text>
      </Group>
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Text size="sm" fw={600}>Net sales</Text>
        <Text fw={700} data-testid={`net-${id}`}>{sales.net < 0 ? `− ${formatRupees(-sales.net)}` : formatRupees(sales.net)}</Text>
      </Group>
    </Card>
  );
}

/** The shop's numbers (for members who handle orders), or a welcome for the others. */
function Dashboard() {
  const mayRefund = useMayRefund();
  const numbers = useQuery({ queryKey: dashboardKey, queryFn: () => api.adminDashboard(), refetchInterval: 60_000 });
  if (numbers.isError) return <Alert color="red">{errorMessage(numbers.error)}</Alert>;
  const d = numbers.data;
  if (!d) return <Loader />;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Period label="Today" id="today" sales={d.sales.today} />
        <Period label="Last 7 days" id="7" sales={d.sales.days7} />
        <Period label="Last 30 days" id="30" sales={d.sales.days30} />
      </SimpleGrid>
      <Text size="xs" c="dimmed" data-testid="sales-hint">
        Gross sales: paid orders placed in the period, at their totals. Refunds: stones refunded in the period, whenever they were bought.
        Net sales: gross sales less refunds.
      </Text>
      <Card withBorder>
        <Group justify="space-between" mb="xs">
          <Text fw={600}>Sales and refunds per day</Text>
          <Text size="xs" c="dimmed">Paid orders by the day placed, refunds by the day made ({d.time_zone === 'UTC' ? 'UTC' : 'India time'})</Text>
        </Group>
        <Suspense fallback={<Loader size="sm" />}><SalesChart daily={d.daily} /></Suspense>
      </Card>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Figure label="Orders to dispatch" testId="awaiting-dispatch" value={String(d.awaiting_dispatch)} note="Paid, not yet dispatched" />
        <Figure label="Returns to decide" testId="returns-awaiting" value={String(d.returns_awaiting_decision)} note="Requested by customers" to="/returns" />
        <Figure
          label="Refunds owed" testId="refunds-owed" value={formatRupees(d.refunds_owed.amount)} to={mayRefund ? '/refunds' : undefined}
          note={`${d.refunds_owed.orders} late payments, ${d.refunds_owed.returns} received returns`}
        />
      </SimpleGrid>
      <Card withBorder>
        <Text fw={600} mb="xs">Stones available</Text>
        <Table aria-label="Stones available">
          <Table.Tbody>
            {d.stones.map((s) => (
              <Table.Tr key={s.product_id}><Table.Td>{s.name}</Table.Td><Table.Td ta="right" data-testid={`available-${s.product_id}`}>{s.available}</Table.Td></Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}

export function HomePage() {
  const { me } = useSession();
  if (!me) return null;
  const mayOrders = me.capabilities.includes('orders');
  return (
    <Stack maw={1100}>
      <Title order={2}>Welcome, {me.staff.name}</Title>
      {me.two_factor_setup_required && (
        <Alert color="orange" title="Two-factor sign-in required">
          {me.store.name} requires two-factor sign-in. <Anchor component={Link} to="/security">Turn it on under Security</Anchor> to use the back office.
        </Alert>
      )}
      {me.two_factor_sign_in_required && (
        <Alert color="orange" title="Sign in again with your code">
          {me.store.name} requires two-factor sign-in, and this sign-in was made without your authenticator code: sign out and sign in again with it.
        </Alert>
      )}
      {me.capabilities.includes('staff') && !me.two_factor_setup_required && !me.two_factor_sign_in_required && <SignInAlerts />}
      {mayOrders && !me.two_factor_setup_required && !me.two_factor_sign_in_required ? <Dashboard /> : <Text>You are signed in to {me.store.name} as {me.staff.role}.</Text>}
    </Stack>
  );
}
