import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { formatWhen } from '../../../lib/format.ts';
import { memberSessionsKey, ownSessionsKey, signInMethod } from '../sessions.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';

/**
 * A member's live sign-ins, each with how it signed in, when it began and was last used, from where
 * and on what, and a way to end it; `memberId` lists another member's (owners), else the member's own.
 */
export function SessionsList({ memberId }: { memberId?: number }) {
  const queryClient = useQueryClient();
  const key = memberId === undefined ? ownSessionsKey : memberSessionsKey(memberId);
  const sessions = useQuery({
    queryKey: key,
    queryFn: () => (memberId === undefined ? api.adminSessions() : api.adminStaffSessions({ params: { id: memberId } })),
  });
  const end = useMutation({
    mutationFn: (which: { sessionId: number } | 'others' | 'all') => {
      if (which === 'others') return api.adminSessionsEndOthers();
      if (which === 'all') return api.adminStaffSessionsEnd({ params: { id: memberId! } });
      return memberId === undefined
        ? api.adminSessionEnd({ params: { id: which.sessionId } })
        : api.adminStaffSessionEnd({ params: { id: memberId, sessionId: which.sessionId } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <Stack gap="sm">
      <ErrorAlert error={sessions.error ?? end.error} role="alert" />
      {sessions.data && list.length === 0 && <Text c="dimmed" size="sm">No sign-ins in use.</Text>}
      {/* Cards on a phone, a table on wider screens. */}
      <DataTable
        label="Sign-ins" striped rows={list} rowKey={(s) => s.id}
        cards={{
          render: (s) => (
            <Card withBorder padding="sm" aria-label={`Sign-in on ${s.device ?? 'an unknown device'}`}>
              <Group justify="space-between" wrap="nowrap" align="start">
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} size="sm">{s.device ?? 'Unknown device'} {s.current && <Badge size="xs" variant="light">This sign-in</Badge>}</Text>
                  <Text size="xs">{signInMethod(s)} · {s.ip ?? 'address unknown'}</Text>
                  <Text size="xs" c="dimmed">Signed in {formatWhen(s.created_at)} · last used {formatWhen(s.last_used_at)} · ends {formatWhen(s.expires_at)}</Text>
                </Stack>
                {!s.current && <Button size="xs" variant="subtle" color="red" style={{ flexShrink: 0 }} loading={end.isPending} onClick={() => end.mutate({ sessionId: s.id })}>End</Button>}
              </Group>
            </Card>
          ),
        }}
        columns={[
          { head: 'Device', cell: (s) => <>{s.device ?? 'Unknown device'} {s.current && <Badge size="xs" variant="light">This sign-in</Badge>}</> },
          { head: 'Signed in with', cell: signInMethod },
          { head: 'Address', cell: (s) => s.ip ?? '—' },
          { head: 'Signed in', cell: (s) => formatWhen(s.created_at) },
          { head: 'Last used', cell: (s) => formatWhen(s.last_used_at) },
          { head: 'Ends', cell: (s) => formatWhen(s.expires_at) },
          { cell: (s) => !s.current && <Button size="xs" variant="subtle" color="red" loading={end.isPending} onClick={() => end.mutate({ sessionId: s.id })}>End</Button> },
        ]}
      />
      {memberId === undefined ? others > 0 && (
        <Group><Button variant="light" color="red" loading={end.isPending} onClick={() => end.mutate('others')}>Sign out everywhere else</Button></Group>
      ) : list.length > 0 && (
        <Group><Button variant="light" color="red" loading={end.isPending} onClick={() => end.mutate('all')}>End all sign-ins</Button></Group>
      )}
    </Stack>
  );
}
