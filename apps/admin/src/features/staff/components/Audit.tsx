import { Code, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { formatWhen } from '../../../lib/format.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Pager } from '../../../components/Pager.tsx';

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
  const filter = <T,>(set: (v: T) => void) => (v: T) => { setPage(1); set(v); };

  return (
    <Stack>
      <PageHeader title="Audit log" />
      <Group align="end">
        <Select
          label="Member" placeholder="Everyone" clearable w={220} value={staffId} onChange={filter(setStaffId)}
          data={(staff.data?.staff ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        />
        <TextInput label="Object type" placeholder="staff, store …" value={objectType} onChange={(e) => filter(setObjectType)(e.currentTarget.value)} />
        <TextInput label="Object id" value={objectId} onChange={(e) => filter(setObjectId)(e.currentTarget.value)} />
      </Group>
      <ErrorAlert error={audit.error} />
      <DataTable
        label="Audit log" striped rows={audit.data?.entries} rowKey={(e) => e.id}
        empty={<Text c="dimmed">No entries.</Text>} headWhenEmpty
        columns={[
          { head: 'When', cell: (e) => formatWhen(e.at) },
          { head: 'Who', cell: (e) => (e.staff ? e.staff.name : <Text c="dimmed" span>system</Text>) },
          { head: 'Address', cell: (e) => e.ip ?? <Text c="dimmed" span>—</Text> },
          { head: 'Action', cell: (e) => <Code>{e.action}</Code> },
          { head: 'Object', cell: (e) => <>{e.object_type} #{e.object_id}</> },
          {
            head: 'Changes',
            cell: (e) => Object.entries(e.changes).map(([field, c]) => (
              <Text key={field} size="sm">{field}: {show(c.old)} → {show(c.new)}</Text>
            )),
          },
        ]}
      />
      <Pager of={audit.data} page={page} onChange={setPage} />
    </Stack>
  );
}
