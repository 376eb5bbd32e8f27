import { Alert, Anchor, Button, Card, Group, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminEnquiry } from '@gemstore/contracts';
import { api, errorMessage, fieldErrors } from '../../../lib/api.ts';
import { formatWhen } from '../../../lib/format.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Fact } from '../../../components/Fact.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';

const STATUS_COLOURS: Record<AdminEnquiry['status'], string> = { new: 'blue', replied: 'yellow', handled: 'gray' };
type Filter = 'open' | 'handled' | 'all';

export function EnquiryStatus({ status }: { status: AdminEnquiry['status'] }) {
  return <StatusBadge color={STATUS_COLOURS[status]}>{status}</StatusBadge>;
}

/** The footer form's enquiries, open ones first in view. */
export function EnquiriesPage() {
  const [status, setStatus] = useState<Filter>('open');
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: ['admin', 'enquiries', status, page], queryFn: () => api.adminEnquiries({ query: { status, page } }) });
  return (
    <Stack maw={1100}>
      <PageHeader title="Enquiries">
        {list.data && <Text c="dimmed" size="sm">{list.data.open} open</Text>}
      </PageHeader>
      <SegmentedControl
        w="fit-content" value={status} onChange={(v) => { setPage(1); setStatus(v as Filter); }}
        data={[{ value: 'open', label: 'Open' }, { value: 'handled', label: 'Handled' }, { value: 'all', label: 'All' }]}
      />
      <ErrorAlert error={list.error} />
      <DataTable
        label="Enquiries" striped highlightOnHover minWidth={640} rows={list.data?.enquiries} rowKey={(e) => e.id}
        empty={<Text c="dimmed">No enquiries here.</Text>} headWhenEmpty
        columns={[
          { head: 'Received', cell: (e) => formatWhen(e.created_at) },
          { head: 'From', cell: (e) => <><Anchor component={Link} to={`/enquiries/${e.id}`}>{e.name}</Anchor><Text size="xs" c="dimmed">{e.email}</Text></> },
          { head: 'Message', cell: (e) => <Text size="sm" lineClamp={2}>{e.excerpt}</Text> },
          { head: 'Status', cell: (e) => <EnquiryStatus status={e.status} /> },
        ]}
      />
      <Pager of={list.data} page={page} onChange={setPage} />
    </Stack>
  );
}

/** One enquiry: read it, answer by email, mark it handled. */
export function EnquiryPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const key = ['admin', 'enquiry', id];
  const enquiry = useQuery({ queryKey: key, queryFn: () => api.adminEnquiry({ params: { id } }) });
  const [message, setMessage] = useState('');
  const done = async (data: { enquiry: AdminEnquiry }) => {
    queryClient.setQueryData(key, data);
    await queryClient.invalidateQueries({ queryKey: ['admin', 'enquiries'] });
  };
  const reply = useMutation({
    mutationFn: (text: string) => api.adminEnquiryReply({ params: { id }, body: { message: text } }),
    onSuccess: async (data) => { setMessage(''); await done(data); },
  });
  const handled = useMutation({
    mutationFn: (value: boolean) => api.adminEnquiryHandled({ params: { id }, body: { handled: value } }),
    onSuccess: done,
  });
  const onSubmit = (e: FormEvent) => { e.preventDefault(); reply.mutate(message); };
  const e = enquiry.data?.enquiry;
  const errors = fieldErrors(reply.error);

  return (
    <Stack maw={760}>
      <Anchor component={Link} to="/enquiries" size="sm">← Enquiries</Anchor>
      <ErrorAlert error={enquiry.error} />
      {e && (
        <>
          <Group justify="space-between" wrap="wrap">
            <Title order={2}>Enquiry from {e.name}</Title>
            <EnquiryStatus status={e.status} />
          </Group>
          <Card withBorder>
            <Stack gap={4}>
              <Fact label="Email"><Anchor href={`mailto:${e.email}`}>{e.email}</Anchor></Fact>
              <Fact label="Phone">{e.phone}</Fact>
              <Text size="sm" c="dimmed">Received {formatWhen(e.created_at)}</Text>
              <Text mt="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="enquiry-message">{e.message}</Text>
            </Stack>
          </Card>
          {e.replies.map((r) => (
            <Card key={r.id} withBorder bg="var(--mantine-color-gray-0)" aria-label="Reply sent">
              <Text size="xs" c="dimmed">{r.staff?.name ?? 'A former member'} replied on {formatWhen(r.created_at)}</Text>
              <Text mt={4} style={{ whiteSpace: 'pre-wrap' }}>{r.body}</Text>
            </Card>
          ))}
          <form onSubmit={onSubmit}>
            <Stack>
              {reply.isError && !errors.message && <Alert color="red" role="alert">{errorMessage(reply.error)}</Alert>}
              <Textarea
                label={`Reply to ${e.email}`} description={`Sent by email in the shop's name, opening "Dear ${e.name}," unless your reply greets already; the enquiry is quoted below it.`} autosize minRows={4}
                value={message} onChange={(ev) => setMessage(ev.currentTarget.value)} error={errors.message} required
              />
              <Group>
                <Button type="submit" loading={reply.isPending}>Send reply</Button>
                <Button variant="default" loading={handled.isPending} onClick={() => handled.mutate(e.status !== 'handled')}>
                  {e.status === 'handled' ? 'Open again' : 'Mark handled'}
                </Button>
              </Group>
              {handled.isError && <Text c="red" size="sm">{errorMessage(handled.error)}</Text>}
            </Stack>
          </form>
        </>
      )}
    </Stack>
  );
}
