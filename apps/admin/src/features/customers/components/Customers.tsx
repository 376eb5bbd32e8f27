import { Alert, Anchor, Badge, Button, Card, Group, Modal, Pagination, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, downloadInvoice, errorMessage } from '../../../lib/api.ts';
import { formatDate, formatRupees, formatWhen } from '../../../lib/format.ts';


/** The store's customers, searched by name, email or mobile number. */
export function CustomersPage() {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: ['admin', 'customers', q, page], queryFn: () => api.adminCustomers({ query: { q, page } }) });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.per_page)) : 1;
  return (
    <Stack maw={1100}>
      <Title order={2}>Customers</Title>
      <TextInput
        label="Search" placeholder="Name, email or mobile number" maw={420} value={text}
        onChange={(e) => { setPage(1); setText(e.currentTarget.value); }}
      />
      {list.isError && <Alert color="red">{errorMessage(list.error)}</Alert>}
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover aria-label="Customers">
          <Table.Thead>
            <Table.Tr><Table.Th>Name</Table.Th><Table.Th>Email</Table.Th><Table.Th>Mobile</Table.Th><Table.Th>Since</Table.Th><Table.Th /></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.customers.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td><Anchor component={Link} to={`/customers/${c.id}`}>{c.name}</Anchor></Table.Td>
                <Table.Td>{c.email ?? '—'}</Table.Td>
                <Table.Td>{c.phone ?? '—'}</Table.Td>
                <Table.Td>{formatDate(c.created_at)}</Table.Td>
                <Table.Td>{c.blocked && <Badge color="red" variant="light">blocked</Badge>}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data && list.data.customers.length === 0 && <Text c="dimmed">No customers found.</Text>}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
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
      {page.isError && <Alert color="red">{errorMessage(page.error)}</Alert>}
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
          {(block.isError || unblock.isError) && <Alert color="red" role="alert">{errorMessage(block.error ?? unblock.error)}</Alert>}
          {c.blocked && (
            <Alert color="red" title="This customer is blocked">
              Blocked on {formatWhen(c.blocked_at!)}: they cannot sign in or order.{c.blocked_reason ? ` Reason: ${c.blocked_reason}` : ''}
            </Alert>
          )}
          <Card withBorder>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Text size="sm"><b>Email:</b> {c.email ?? '—'}</Text>
              <Text size="sm"><b>Mobile:</b> {c.phone ?? '—'}</Text>
              <Text size="sm"><b>Customer since:</b> {formatDate(c.created_at)}{c.verified ? '' : ' (not verified)'}</Text>
            </SimpleGrid>
          </Card>

          <Title order={3}>Orders</Title>
          {data.orders.length === 0 ? <Text c="dimmed">No orders yet.</Text> : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label="Orders">
              <Table.Thead><Table.Tr><Table.Th>Order</Table.Th><Table.Th>Placed</Table.Th><Table.Th>Status</Table.Th><Table.Th>Stones</Table.Th><Table.Th>Total</Table.Th><Table.Th /></Table.Tr></Table.Thead>
              <Table.Tbody>
                {data.orders.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td><Anchor component={Link} to={`/orders/${o.id}`}>{o.order_number}</Anchor></Table.Td>
                    <Table.Td>{formatDate(o.placed_on)}</Table.Td>
                    <Table.Td>
                      {o.stage_label}
                      {o.refund_pending && <Badge ml="xs" color="orange" variant="light">refund owed</Badge>}
                    </Table.Td>
                    <Table.Td>{o.total_qty}</Table.Td>
                    <Table.Td>{formatRupees(o.total_amount)}</Table.Td>
                    <Table.Td>
                      {o.status === 'paid' && (
                        <Button size="compact-xs" variant="subtle" onClick={() => downloadInvoice(o.id).catch((err: unknown) => setProblem(errorMessage(err)))}>Invoice</Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          )}

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
          {data.returns.length === 0 ? <Text c="dimmed">No returns.</Text> : (
            <Table striped aria-label="Returns">
              <Table.Thead><Table.Tr><Table.Th>Return</Table.Th><Table.Th>Order</Table.Th><Table.Th>Requested</Table.Th><Table.Th>Reason</Table.Th><Table.Th>Status</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {data.returns.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td><Anchor component={Link} to={`/returns/${r.id}`}>#{r.id}</Anchor></Table.Td>
                    <Table.Td><Anchor component={Link} to={`/orders/${r.order_id}`}>{r.order_number}</Anchor></Table.Td><Table.Td>{formatDate(r.placed_on)}</Table.Td>
                    <Table.Td>{r.reason}</Table.Td><Table.Td>{r.status}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}

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
