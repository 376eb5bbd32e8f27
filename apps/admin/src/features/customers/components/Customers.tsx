import { Alert, Anchor, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, downloadInvoice, errorMessage } from '../../../lib/api.ts';
import { formatDate, formatRupees, formatWhen } from '../../../lib/format.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Fact } from '../../../components/Fact.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { RowCard } from '../../../components/RowCard.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';

/** The store's customers, searched by name, email or mobile number. */
export function CustomersPage() {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: ['admin', 'customers', q, page], queryFn: () => api.adminCustomers({ query: { q, page } }) });
  return (
    <Stack maw={1100}>
      <PageHeader title="Customers" />
      <TextInput
        label="Search" placeholder="Name, email or mobile number" maw={420} value={text}
        onChange={(e) => { setPage(1); setText(e.currentTarget.value); }}
      />
      <ErrorAlert error={list.error} />
      <DataTable
        label="Customers" striped highlightOnHover minWidth={600} rows={list.data?.customers} rowKey={(c) => c.id}
        empty={<Text c="dimmed">No customers found.</Text>} headWhenEmpty
        cards={{
          label: 'Customers',
          render: (c) => (
            <RowCard to={`/customers/${c.id}`} data-testid="customer-card" title={c.name} amount={null}
              status={c.blocked ? <StatusBadge color="red">blocked</StatusBadge> : null} when={`Since ${formatDate(c.created_at)}`}>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{[c.email, c.phone].filter(Boolean).join(' · ') || '—'}</Text>
            </RowCard>
          ),
        }}
        columns={[
          { head: 'Name', cell: (c) => <Anchor component={Link} to={`/customers/${c.id}`}>{c.name}</Anchor> },
          { head: 'Email', cell: (c) => c.email ?? '—' },
          { head: 'Mobile', cell: (c) => c.phone ?? '—' },
          { head: 'Since', cell: (c) => formatDate(c.created_at) },
          { cell: (c) => c.blocked && <StatusBadge color="red">blocked</StatusBadge> },
        ]}
      />
      <Pager of={list.data} page={page} onChange={setPage} />
    </Stack>
  );
}

/** A customer with orders, addresses and returns; block or unblock. */
export function CustomerPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const key = ['admin', 'customer', id];
  const page = useQuery({ queryKey: key, queryFn: () => api.adminCustomer({ params: { id } }) });
  const [blocking, setBlocking] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const onDone = async (data: Awaited<ReturnType<typeof api.adminCustomer>>) => {
    queryClient.setQueryData(key, data);
    setBlocking(false);
    await queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] });
  };
  const block = useMutation({ mutationFn: () => api.adminCustomerBlock({ params: { id }, body: { reason } }), onSuccess: onDone });
  const unblock = useMutation({ mutationFn: () => api.adminCustomerUnblock({ params: { id } }), onSuccess: onDone });
  const data = page.data;
  const c = data?.customer;

  return (
    <Stack maw={1100}>
      <Anchor component={Link} to="/customers" size="sm">← Customers</Anchor>
      <ErrorAlert error={page.error} />
      {data && c && (
        <>
          <Group justify="space-between" wrap="wrap">
            <Group>
              <Title order={2}>{c.name}</Title>
              {c.blocked && <Badge color="red">Blocked</Badge>}
            </Group>
            {c.blocked
              ? <Button variant="default" loading={unblock.isPending} onClick={() => unblock.mutate()}>Unblock</Button>
              : <Button color="red" variant="light" onClick={() => setBlocking(true)}>Block customer</Button>}
          </Group>
          {problem && <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)}>{problem}</Alert>}
          <ErrorAlert error={block.error ?? unblock.error} role="alert" />
          {c.blocked && (
            <Alert color="red" title="This customer is blocked">
              Blocked on {formatWhen(c.blocked_at!)}: they cannot sign in or order.{c.blocked_reason ? ` Reason: ${c.blocked_reason}` : ''}
            </Alert>
          )}
          <Card withBorder>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Fact label="Email">{c.email ?? '—'}</Fact>
              <Fact label="Mobile">{c.phone ?? '—'}</Fact>
              <Fact label="Customer since">{formatDate(c.created_at)}{c.verified ? '' : ' (not verified)'}</Fact>
            </SimpleGrid>
          </Card>

          <Title order={3}>Orders</Title>
          <DataTable
            label="Orders" striped minWidth={560} rows={data.orders} rowKey={(o) => o.id} empty={<Text c="dimmed">No orders yet.</Text>}
            columns={[
              { head: 'Order', cell: (o) => <Anchor component={Link} to={`/orders/${o.id}`}>{o.order_number}</Anchor> },
              { head: 'Placed', cell: (o) => formatDate(o.placed_on) },
              { head: 'Status', cell: (o) => <>{o.stage_label}{o.refund_pending && <StatusBadge ml="xs" color="orange">refund owed</StatusBadge>}</> },
              { head: 'Stones', cell: (o) => o.total_qty },
              { head: 'Total', cell: (o) => formatRupees(o.total_amount) },
              {
                cell: (o) => o.status === 'paid' && (
                  <Button size="compact-xs" variant="subtle" onClick={() => downloadInvoice(o.id).catch((err: unknown) => setProblem(errorMessage(err)))}>Invoice</Button>
                ),
              },
            ]}
          />

          <Title order={3}>Addresses</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {data.addresses.map((a) => (
              <Card key={a.id} withBorder>
                <Group gap="xs"><Text fw={600}>{a.label}</Text>{a.primary && <Badge variant="light">Primary</Badge>}</Group>
                <Text size="sm">{a.name}, {a.phone}</Text>
                <Text size="sm" c="dimmed">{a.text}</Text>
              </Card>
            ))}
          </SimpleGrid>
          {data.addresses.length === 0 && <Text c="dimmed">No addresses.</Text>}

          <Title order={3}>Returns</Title>
          <DataTable
            label="Returns" striped rows={data.returns} rowKey={(r) => r.id} empty={<Text c="dimmed">No returns.</Text>}
            columns={[
              { head: 'Return', cell: (r) => <Anchor component={Link} to={`/returns/${r.id}`}>#{r.id}</Anchor> },
              { head: 'Order', cell: (r) => <Anchor component={Link} to={`/orders/${r.order_id}`}>{r.order_number}</Anchor> },
              { head: 'Requested', cell: (r) => formatDate(r.placed_on) },
              { head: 'Reason', cell: (r) => r.reason },
              { head: 'Status', cell: (r) => r.status },
            ]}
          />

          <Modal opened={blocking} onClose={() => setBlocking(false)} title={`Block ${c.name}?`}>
            <Stack>
              <Text size="sm">They are signed out everywhere at once and can neither sign in nor place orders until you unblock them. Their orders stay as they are.</Text>
              <Textarea label="Reason (staff only)" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
              <Group justify="end">
                <Button variant="default" onClick={() => setBlocking(false)}>Cancel</Button>
                <Button color="red" loading={block.isPending} onClick={() => block.mutate()}>Block</Button>
              </Group>
            </Stack>
          </Modal>
        </>
      )}
    </Stack>
  );
}
