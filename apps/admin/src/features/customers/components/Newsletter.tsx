import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminNewsletterQuery, NewsletterStatus } from '@gemstore/contracts';
import { api, callUrl, downloadFile, errorMessage, routes } from '../../../lib/api.ts';
import { formatCount, formatDate } from '../../../lib/format.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';

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
      <PageHeader title="Newsletter">
        <Button variant="light" loading={exporting} onClick={() => void exportCsv()}>Export subscribers (CSV)</Button>
      </PageHeader>
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
      <ErrorAlert error={list.error} />
      <DataTable
        label="Newsletter addresses" striped minWidth={560} rows={list.data?.subscribers} rowKey={(s) => s.email}
        empty={<Text c="dimmed">No addresses here.</Text>} headWhenEmpty
        columns={[
          { head: 'Email', cell: (s) => s.email },
          { head: 'Status', cell: (s) => <StatusBadge color={STATUS_LABELS[s.status].color}>{STATUS_LABELS[s.status].label}</StatusBadge> },
          { head: 'Signed up', cell: (s) => formatDate(s.created_at) },
          { head: 'Confirmed', cell: (s) => (s.confirmed_at ? formatDate(s.confirmed_at) : '—') },
          { head: 'Unsubscribed', cell: (s) => (s.unsubscribed_at ? formatDate(s.unsubscribed_at) : '—') },
        ]}
      />
      <Pager of={list.data} page={page} onChange={setPage} />
    </Stack>
  );
}
