import { ActionIcon, Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AdminCourier, AdminCourierBody, AdminCouriersResponse } from '@gemstore/contracts';
import { TRACKING_PLACEHOLDER } from '@gemstore/contracts/constants';
import { api, fieldErrors } from '../../../lib/api.ts';
import { activeCouriersKey, courierSettingsKey } from '../api.ts';
import { ErrorAlert, FormErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';

const EXAMPLE = `https://www.delhivery.com/track/package/${TRACKING_PLACEHOLDER}`;

/** After a change: the settings list is the answer; the dispatch forms' list is read again. */
function useSaved() {
  const queryClient = useQueryClient();
  return (data: AdminCouriersResponse) => {
    queryClient.setQueryData(courierSettingsKey, data);
    void queryClient.invalidateQueries({ queryKey: activeCouriersKey });
  };
}

/** One courier: its name, tracking link and whether it is offered, saved together. */
function CourierRow({ courier, first, last, onMove }: { courier: AdminCourier; first: boolean; last: boolean; onMove: (by: -1 | 1) => void }) {
  const saved = useSaved();
  const [form, setForm] = useState<AdminCourierBody>({ name: courier.name, tracking_url: courier.tracking_url, active: courier.active });
  const save = useMutation({
    mutationFn: (body: AdminCourierBody) => api.adminCourierUpdate({ params: { id: courier.id }, body }),
    onSuccess: saved,
  });
  const errors = fieldErrors(save.error);
  const changed = form.name !== courier.name || form.tracking_url !== courier.tracking_url || form.active !== courier.active;
  const onSubmit = (e: FormEvent) => { e.preventDefault(); save.mutate(form); };
  return (
    <Paper withBorder p="sm" component="form" onSubmit={onSubmit} data-testid="courier-row" aria-label={courier.name}>
      <Group align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <ActionIcon variant="default" aria-label={`Move ${courier.name} up`} disabled={first} onClick={() => onMove(-1)}>↑</ActionIcon>
          <ActionIcon variant="default" aria-label={`Move ${courier.name} down`} disabled={last} onClick={() => onMove(1)}>↓</ActionIcon>
        </Stack>
        <TextInput label="Name" w={180} value={form.name} error={errors.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} />
        <TextInput
          label="Tracking link" style={{ flex: 1, minWidth: 240 }} value={form.tracking_url} error={errors.tracking_url}
          onChange={(e) => setForm({ ...form, tracking_url: e.currentTarget.value })}
        />
        <Stack gap={6} pt={4}>
          <Switch label="Offered" checked={form.active} onChange={(e) => setForm({ ...form, active: e.currentTarget.checked })} />
          <Group gap="xs">
            <Button type="submit" size="xs" disabled={!changed} loading={save.isPending}>Save</Button>
            {!courier.active && <StatusBadge color="gray">Off</StatusBadge>}
          </Group>
        </Stack>
      </Group>
      <FormErrorAlert error={save.error} mt="xs" />
    </Paper>
  );
}

/** The shop's couriers: what the dispatch and return forms offer, and where each tracking number links. */
export function CouriersPage() {
  const saved = useSaved();
  const couriers = useQuery({ queryKey: courierSettingsKey, queryFn: () => api.adminCourierSettings() });
  const [draft, setDraft] = useState({ name: '', tracking_url: '' });
  const add = useMutation({
    mutationFn: () => api.adminCourierCreate({ body: { ...draft, active: true } }),
    onSuccess: (data) => { saved(data); setDraft({ name: '', tracking_url: '' }); },
  });
  const reorder = useMutation({ mutationFn: (ids: number[]) => api.adminCourierOrder({ body: { ids } }), onSuccess: saved });
  const addErrors = fieldErrors(add.error);
  if (!couriers.data) return <ErrorAlert error={couriers.error} />;
  const list = couriers.data.couriers;
  const move = (i: number, by: -1 | 1) => {
    const ids = list.map((c) => c.id);
    [ids[i], ids[i + by]] = [ids[i + by]!, ids[i]!];
    reorder.mutate(ids);
  };

  return (
    <Stack maw={960}>
      <PageHeader title="Couriers" />
      <Text c="dimmed" size="sm">
        The dispatch form offers the couriers that are on, in this order; customers sending a return see them too (FedEx and Delhivery first).
        Each tracking number links to its courier&apos;s page: put {TRACKING_PLACEHOLDER} where the number goes. Turning a courier off keeps the links of parcels already sent.
      </Text>
      <ErrorAlert error={reorder.error} role="alert" />
      {list.map((c, i) => (
        <CourierRow key={`${c.id}:${c.name}:${c.tracking_url}:${c.active}`} courier={c} first={i === 0} last={i === list.length - 1} onMove={(by) => move(i, by)} />
      ))}
      <Paper withBorder p="sm" component="form" onSubmit={(e: FormEvent) => { e.preventDefault(); add.mutate(); }} aria-label="Add a courier">
        <Title order={4} mb="xs">Add a courier</Title>
        <Group align="flex-start" wrap="wrap" gap="sm">
          <TextInput label="Name" w={180} value={draft.name} error={addErrors.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
          <TextInput
            label="Tracking link" placeholder={EXAMPLE} style={{ flex: 1, minWidth: 240 }} value={draft.tracking_url} error={addErrors.tracking_url}
            onChange={(e) => setDraft({ ...draft, tracking_url: e.currentTarget.value })}
          />
          <Button type="submit" mt={24} loading={add.isPending}>Add</Button>
        </Group>
        <FormErrorAlert error={add.error} mt="xs" />
      </Paper>
    </Stack>
  );
}
