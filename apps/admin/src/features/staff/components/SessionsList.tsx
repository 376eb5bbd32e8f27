import { Alert, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api.ts';
import { formatWhen } from '../../../lib/format.ts';
import { memberSessionsKey, ownSessionsKey, signInMethod } from '../sessions.ts';

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
      {(sessions.isError || end.isError) && <Alert color="red" role="alert">{errorMessage(sessions.error ?? end.error)}</Alert>}
      {sessions.data && list.length === 0 && <Text c="dimmed" size="sm">No sign-ins in use.</Text>}
      {/* Cards on a phone, a table on wider screens. */}
      <Stack gap="xs" hiddenFrom="sm">
        {list.map((s) => (
          <Card key={s.id} withBorder padding="sm" aria-label={`Sign-in on ${s.device ?? 'an unknown device'}`}>
            <Group justify="space-between" wrap="nowrap" align="start">
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} size="sm">{s.device ?? 'Unknown device'} {s.current && <Badge size="xs" variant="light">This sign-in</Badge>}</Text>
                <Text size="xs">{signInMethod(s)} · {s.ip ?? 'address unknown'}</Text>
                <Text size="xs" c="dimmed">Signed in {formatWhen(s.created_at)} · last used {formatWhen(s.last_used_at)} · ends {formatWhen(s.expires_at)}</Text>
              </Stack>
              {!s.current && <Button size="xs" variant="subtle" color="red" style={{ flexShrink: 0 }} loading={end.isPending} onClick={() => end.mutate({ sessionId: s.id })}>End</Button>}
            </Group>
          </Card>
        ))}
      </Stack>
      <Table striped visibleFrom="sm" aria-label="Sign-ins">
        <Table.Thead>
          <Table.Tr><Table.Th>Device</Table.Th><Table.Th>Signed in with</Table.Th><Table.Th>Address</Table.Th><Table.Th>Signed in</Table.Th><Table.Th>Last used</Table.Th><Table.Th>Ends</Table.Th><Table.Th /></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>{s.device ?? 'Unknown device'} {s.current && <Badge size="xs" variant="light">This sign-in</Badge>}</Table.Td>
              <Table.Td>{signInMethod(s)}</Table.Td>
              <Table.Td>{s.ip ?? '—'}</Table.Td>
              <Table.Td>{formatWhen(s.created_at)}</Table.Td>
              <Table.Td>{formatWhen(s.last_used_at)}</Table.Td>
              <Table.Td>{formatWhen(s.expires_at)}</Table.Td>
              <Table.Td>{!s.current && <Button size="xs" variant="subtle" color="red" loading={end.isPending} onClick={() => end.mutate({ sessionId: s.id })}>End</Button>}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {memberId === undefined ? others > 0 && (
        <Group><Button variant="light" color="red" loading={end.isPending} onClick={() => end.mutate('others')}>Sign out everywhere else</Button></Group>
      ) : list.length > 0 && (
        <Group><Button variant="light" color="red" loading={end.isPending} onClick={() => end.mutate('all')}>End all sign-ins</Button></Group>
      )}
    </Stack>
  );
}
