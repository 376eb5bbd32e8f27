import { Alert, Button, Group, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { STAFF_ROLES, type StaffRole } from '@gemstore/contracts/constants';
import { api, errorMessage, fieldErrors } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.tsx';
import { formatCount, formatWhen } from '../../../lib/format.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ErrorAlert, FormErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { SessionsList } from './SessionsList.tsx';

const staffKey = ['admin', 'staff'] as const;
const securityKey = ['admin', 'security'] as const;
export const signInAlertsKey = ['admin', 'staff', 'sign-in-alerts'] as const;
const roleOptions = STAFF_ROLES.map((r) => ({ value: r, label: r[0]!.toUpperCase() + r.slice(1) }));

function InviteForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [role, setRole] = useState<StaffRole>('assistant');
  const invite = useMutation({
    mutationFn: (body: { email: string; name: string; role: StaffRole }) => api.adminStaffInvite({ body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffKey });
      onDone();
    },
  });
  const errors = fieldErrors(invite.error);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    invite.mutate({ email: String(form.get('email')), name: String(form.get('name')), role });
  };
  return (
    <form onSubmit={onSubmit}>
      <Stack>
        <FormErrorAlert error={invite.error} />
        <TextInput name="name" label="Name" required error={errors.name} />
        <TextInput name="email" type="email" label="Email" required error={errors.email} />
        <Select label="Role" data={roleOptions} value={role} onChange={(v) => v && setRole(v as StaffRole)} allowDeselect={false} />
        <Text size="xs" c="dimmed">Managers can do everything but staff and payment settings; assistants work on the catalogue, content and orders.</Text>
        <Button type="submit" loading={invite.isPending}>Send invitation</Button>
      </Stack>
    </form>
  );
}

function TwoFactorSetting() {
  const queryClient = useQueryClient();
  const security = useQuery({ queryKey: securityKey, queryFn: () => api.adminSecurity() });
  const update = useMutation({
    mutationFn: (required: boolean) => api.adminSecurityUpdate({ body: { two_factor_required: required } }),
    onSuccess: (data) => {
      queryClient.setQueryData(securityKey, data);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'me'] });
    },
  });
  return (
    <Stack gap={4}>
      <Switch
        label="Require two-factor sign-in for every member"
        checked={security.data?.two_factor_required ?? false}
        disabled={!security.data || update.isPending}
        onChange={(e) => update.mutate(e.currentTarget.checked)}
      />
      {update.isError && <Text c="red" size="sm">{errorMessage(update.error)}</Text>}
    </Stack>
  );
}

/** Members whose sign-in is being attacked: many refused sign-ins lately, or the password path locked. */
export function SignInAlerts() {
  const alerts = useQuery({ queryKey: signInAlertsKey, queryFn: () => api.adminStaffSignInAlerts(), refetchInterval: 60_000 });
  if (!alerts.data?.alerts.length) return null;
  return (
    <Alert color="red" title="Someone is trying to sign in as a member" role="alert">
      <Stack gap={4}>
        {alerts.data.alerts.map((a) => (
          <Text key={a.staff.id} size="sm">
            <b>{a.staff.name}</b> ({a.staff.email}): {formatCount(a.refusals, 'refused sign-in')} from {formatCount(a.addresses, 'address', 'addresses')} in
            the last {alerts.data.window_hours} hours, the latest {formatWhen(a.last_refused_at)}.
            {a.password_locked && ' Signing in with the password is locked for now; they can still sign in with their authenticator code or an emailed code.'}
          </Text>
        ))}
        <Text size="xs">Ask them whether it was them. If not, have them change their password and turn on two-factor sign-in, and check the audit log for the addresses.</Text>
      </Stack>
    </Alert>
  );
}

export function StaffPage() {
  const { me } = useSession();
  const queryClient = useQueryClient();
  const staff = useQuery({ queryKey: staffKey, queryFn: () => api.adminStaffList() });
  const [inviting, invitingModal] = useDisclosure(false);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const [viewing, setViewing] = useState<{ id: number; name: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffKey });
  const changeRole = useMutation({
    mutationFn: ({ id, role }: { id: number; role: StaffRole }) => api.adminStaffRole({ params: { id }, body: { role } }),
    onSuccess: () => { setProblem(null); return refresh(); },
    onError: (err) => setProblem(errorMessage(err)),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.adminStaffRemove({ params: { id } }),
    onSuccess: () => { setRemoving(null); setProblem(null); return refresh(); },
    onError: (err) => { setRemoving(null); setProblem(errorMessage(err)); },
  });

  return (
    <Stack maw={960}>
      <PageHeader title="Staff">
        <Button onClick={invitingModal.open}>Invite staff</Button>
      </PageHeader>
      <TwoFactorSetting />
      <SignInAlerts />
      {problem && <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)}>{problem}</Alert>}
      <ErrorAlert error={staff.error} />
      <DataTable
        label="Staff" striped highlightOnHover minWidth={760} rows={staff.data?.staff} rowKey={(s) => s.id}
        columns={[
          { head: 'Name', cell: (s) => s.name },
          { head: 'Email', cell: (s) => s.email },
          {
            head: 'Role',
            cell: (s) => (
              <Select
                aria-label={`Role of ${s.name}`} data={roleOptions} value={s.role} allowDeselect={false} w={140} size="xs"
                onChange={(v) => v && v !== s.role && changeRole.mutate({ id: s.id, role: v as StaffRole })}
              />
            ),
          },
          { head: 'Status', cell: (s) => <StatusBadge color={s.status === 'active' ? 'green' : 'gray'}>{s.status}</StatusBadge> },
          { head: 'Two-factor', cell: (s) => (s.two_factor_enabled ? 'On' : 'Off') },
          {
            cell: (s) => (
              <Group gap={4} wrap="nowrap">
                {s.status === 'active' && (
                  <Button size="xs" variant="subtle" onClick={() => setViewing({ id: s.id, name: s.name })}>Sign-ins</Button>
                )}
                {s.id !== me?.staff.id && (
                  <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving({ id: s.id, name: s.name })}>
                    {s.status === 'invited' ? 'Withdraw' : 'Remove'}
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
      />
      <Modal opened={inviting} onClose={invitingModal.close} title="Invite staff">
        <InviteForm onDone={invitingModal.close} />
      </Modal>
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title={`Sign-ins of ${viewing?.name ?? ''}`} size="xl">
        {viewing && <SessionsList memberId={viewing.id} />}
      </Modal>
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove from staff">
        <Stack>
          <Text>{removing?.name} will be signed out and can no longer use the back office.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>Cancel</Button>
            <Button color="red" loading={remove.isPending} onClick={() => removing && remove.mutate(removing.id)}>Remove</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
