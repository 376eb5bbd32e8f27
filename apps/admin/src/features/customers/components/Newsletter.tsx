import { Alert, Badge, Button, Group, Pagination, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminNewsletterQuery, NewsletterStatus } from '@gemstore/contracts';
import { api, callUrl, downloadFile, errorMessage, routes } from '../../../lib/api.ts';
import { formatCount, formatDate } from '../../../lib/format.ts';

const STATUS_LABELS: Record<NewsletterStatus, { label: string; color: string }> = {
  confirmed: { label: 'Subscribed', color: 'green' },
  pending: { label: 'Not confirmed yet', color: 'yellow' },
  unsubscribed: { label: 'Unsubscribed', color: 'gray' },
};

/**
 * The newsletter's addresses: who is subscribed (confirmed the emailed link), who has not confirmed
 * yet, and who unsubscribed through the link in an email; the export holds the subscribed ones only.
 */
export function NewsletterPage() {
  const [status, setStatus] = useState<AdminNewsletterQuery['status']>('all');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const list = useQuery({ queryKey: ['admin', 'newsletter', status, q, page], queryFn: () => api.adminNewsletter({ query: { status, q, page } }) });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.per_page)) : 1;
  const counts = list.data?.counts;
  const exportCsv = async () => {
    setExporting(true); setProblem(null);
    try {
      await downloadFile(callUrl(routes.adminNewsletterExport, { query: { q } }), 'newsletter-subscribers.csv');
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack maw={1000}>
      <Group justify="space-between">
        <Title order={2}>Newsletter</Title>
        <Button variant="light" loading={exporting} onClick={() => void exportCsv()}>Export subscribers (CSV)</Button>
      </Group>
      {counts && (
        <Text size="sm" c="dimmed" data-testid="newsletter-counts">
          {formatCount(counts.confirmed, 'subscriber')} · {formatCount(counts.pending, 'address', 'addresses')} not confirmed yet · {formatCount(counts.unsubscribed, 'unsubscribe')}.
          The export holds the subscribers only: never an address that has not confirmed or has unsubscribed.
        </Text>
      )}
      {problem && <Alert color="red" role="alert">{problem}</Alert>}
      <Group align="end">
        <SegmentedControl
          aria-label="Show" value={status} onChange={(v) => { setPage(1); setStatus(v as AdminNewsletterQuery['status']); }}
          data={[{ value: 'all', label: 'All' }, { value: 'confirmed', label: 'Subscribed' }, { value: 'pending', label: 'Not confirmed' }, { value: 'unsubscribed', label: 'Unsubscribed' }]}
        />
        <TextInput label="Search" placeholder="Part of an address" maw={320} value={text} onChange={(e) => { setPage(1); setText(e.currentTarget.value); }} />
      </Group>
      {list.isError && <Alert color="red">{errorMessage(list.error)}</Alert>}
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label="Newsletter addresses">
          <Table.Thead>
            <Table.Tr><Table.Th>Email</Table.Th><Table.Th>Status</Table.Th><Table.Th>Signed up</Table.Th><Table.Th>Confirmed</Table.Th><Table.Th>Unsubscribed</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.subscribers.map((s) => (
              <Table.Tr key={s.email}>
                <Table.Td>{s.email}</Table.Td>
                <Table.Td><Badge variant="light" color={STATUS_LABELS[s.status].color}>{STATUS_LABELS[s.status].label}</Badge></Table.Td>
                <Table.Td>{formatDate(s.created_at)}</Table.Td>
                <Table.Td>{s.confirmed_at ? formatDate(s.confirmed_at) : '—'}</Table.Td>
                <Table.Td>{s.unsubscribed_at ? formatDate(s.unsubscribed_at) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data && list.data.subscribers.length === 0 && <Text c="dimmed">No addresses here.</Text>}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}
