import { Alert, Code, Group, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorMessage } from '../../../lib/api.ts';
import { formatWhen } from '../../../lib/format.ts';

function show(value: unknown): string {
  return value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
}

/** Staff writes, newest first, filtered by member and by object. */
export function AuditPage() {
  const [page, setPage] = useState(1);
  const [staffId, setStaffId] = useState<string | null>(null);
  const [objectType, setObjectType] = useState('');
  const [objectId, setObjectId] = useState('');
  const staff = useQuery({ queryKey: ['admin', 'staff'], queryFn: () => api.adminStaffList() });
  const query = {
    page, ...(staffId ? { staff_id: Number(staffId) } : {}),
    ...(objectType.trim() ? { object_type: objectType.trim() } : {}), ...(objectId.trim() ? { object_id: objectId.trim() } : {}),
  };
  const audit = useQuery({ queryKey: ['admin', 'audit', query], queryFn: () => api.adminAudit({ query }) });
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.per_page)) : 1;
  const filter = <T,>(set: (v: T) => void) => (v: T) => { setPage(1); set(v); };

  return (
    <Stack>
      <Title order={2}>Audit log</Title>
      <Group align="end">
        <Select
          label="Member" placeholder="Everyone" clearable w={220} value={staffId} onChange={filter(setStaffId)}
          data={(staff.data?.staff ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        />
        <TextInput label="Object type" placeholder="staff, store …" value={objectType} onChange={(e) => filter(setObjectType)(e.currentTarget.value)} />
        <TextInput label="Object id" value={objectId} onChange={(e) => filter(setObjectId)(e.currentTarget.value)} />
      </Group>
      {audit.isError && <Alert color="red">{errorMessage(audit.error)}</Alert>}
      <Table striped aria-label="Audit log">
        <Table.Thead>
          <Table.Tr><Table.Th>When</Table.Th><Table.Th>Who</Table.Th><Table.Th>Address</Table.Th><Table.Th>Action</Table.Th><Table.Th>Object</Table.Th><Table.Th>Changes</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {audit.data?.entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{formatWhen(e.at)}</Table.Td>
              <Table.Td>{e.staff ? e.staff.name : <Text c="dimmed" span>system</Text>}</Table.Td>
              <Table.Td>{e.ip ?? <Text c="dimmed" span>—</Text>}</Table.Td>
              <Table.Td><Code>{e.action}</Code></Table.Td>
              <Table.Td>{e.object_type} #{e.object_id}</Table.Td>
              <Table.Td>
                {Object.entries(e.changes).map(([field, c]) => (
                  <Text key={field} size="sm">{field}: {show(c.old)} → {show(c.new)}</Text>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {audit.data && audit.data.entries.length === 0 && <Text c="dimmed">No entries.</Text>}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}
