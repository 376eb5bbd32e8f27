import { Alert, Button, Group, MultiSelect, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AdminDiscount, DiscountFields } from '@gemstore/contracts';
import { api, fieldErrors } from '../../../lib/api.ts';
import { formatDate, formatNumber, formatRupees } from '../../../lib/format.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ErrorAlert, FormErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';

const key = ['admin', 'discounts'] as const;

type Draft = {
  code: string; kind: 'percent' | 'fixed'; value: number | string; min_order: number | string; starts_on: string; ends_on: string;
  max_uses: number | string; max_uses_per_customer: number | string; product_ids: string[];
};

/** Today in India (codes start and end on India's days). */
const indiaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const blank = (): Draft => ({ code: '', kind: 'percent', value: '', min_order: '', starts_on: indiaToday(), ends_on: '', max_uses: '', max_uses_per_customer: '', product_ids: [] });
const draftOf = (d: AdminDiscount): Draft => ({
  code: d.code, kind: d.kind, value: d.value, min_order: d.min_order || '', starts_on: d.starts_on, ends_on: d.ends_on ?? '',
  max_uses: d.max_uses ?? '', max_uses_per_customer: d.max_uses_per_customer ?? '', product_ids: d.product_ids.map(String),
});
const dayShown = (day: string) => formatDate(`${day}T12:00:00+05:30`);
const offShown = (d: Pick<AdminDiscount, 'kind' | 'value'>) => (d.kind === 'percent' ? `${d.value}% off` : `${formatRupees(d.value)} off`);
const STATUS_COLOURS: Record<string, string> = { Active: 'green', Paused: 'gray', Scheduled: 'blue', Ended: 'gray', 'Used up': 'orange' };

/** Discount codes: add, edit, pause and see how often each was used. */
export function DiscountsPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: key, queryFn: () => api.adminDiscounts() });
  const [editing, setEditing] = useState<{ id: number | null; draft: Draft } | null>(null);
  const [notice, setNotice] = useState('');
  const done = (message: string) => {
    setNotice(message);
    void queryClient.invalidateQueries({ queryKey: key });
  };
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DiscountFields }) =>
      id === null ? api.adminDiscountCreate({ body }) : api.adminDiscountUpdate({ params: { id }, body }),
    onSuccess: (data) => { setEditing(null); done(data.message); },
  });
  const pause = useMutation({
    mutationFn: ({ id, paused }: { id: number; paused: boolean }) => api.adminDiscountPause({ params: { id }, body: { paused } }),
    onSuccess: (data) => done(data.message),
  });
  const errors = fieldErrors(save.error);
  if (!list.data) return <ErrorAlert error={list.error} />;
  const gemTypes = list.data.gem_types;
  const typeNames = new Map(gemTypes.map((g) => [g.id, g.name]));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const d = editing.draft;
    const orNull = (v: number | string) => (v === '' ? null : Number(v));
    save.mutate({
      id: editing.id,
      body: {
        code: d.code, kind: d.kind, value: Number(d.value === '' ? NaN : d.value), min_order: d.min_order === '' ? 0 : Number(d.min_order),
        starts_on: d.starts_on, ends_on: d.ends_on || null, max_uses: orNull(d.max_uses), max_uses_per_customer: orNull(d.max_uses_per_customer),
        product_ids: d.product_ids.map(Number),
      },
    });
  };
  const set = (patch: Partial<Draft>) => editing && setEditing({ ...editing, draft: { ...editing.draft, ...patch } });

  return (
    <Stack maw={1000}>
      <PageHeader title="Discounts">
        {!editing && <Button onClick={() => { save.reset(); setEditing({ id: null, draft: blank() }); }}>Add a code</Button>}
      </PageHeader>
      <Text c="dimmed" size="sm">Customers enter a code at checkout. Dates are India dates, both days included. A use is given back when its order lapses unpaid or is cancelled.</Text>
      {notice && <Alert color="green" role="status">{notice}</Alert>}
      <ErrorAlert error={pause.error} role="alert" />

      {editing && (
        <form onSubmit={onSubmit} aria-label={editing.id === null ? 'New discount code' : 'Edit discount code'}>
          <Stack p="md" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
            <Title order={3}>{editing.id === null ? 'New code' : `Edit ${editing.draft.code}`}</Title>
            <FormErrorAlert error={save.error} />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Code" description="Letters, digits, - and _; any case" value={editing.draft.code} maxLength={30} onChange={(e) => set({ code: e.currentTarget.value })} error={errors.code} />
              <Stack gap={4}>
                <Text size="sm" fw={500}>Discount</Text>
                <SegmentedControl value={editing.draft.kind} onChange={(v) => set({ kind: v as Draft['kind'] })} data={[{ value: 'percent', label: 'Percentage' }, { value: 'fixed', label: 'Fixed amount' }]} />
              </Stack>
              <NumberInput
                label={editing.draft.kind === 'percent' ? 'Percent off' : 'Rupees off'} value={editing.draft.value} onChange={(v) => set({ value: v })}
                min={0} max={editing.draft.kind === 'percent' ? 100 : undefined} decimalScale={2} error={errors.value ?? errors.kind}
              />
              <NumberInput label="Minimum order value (₹)" description="Empty: any order" value={editing.draft.min_order} onChange={(v) => set({ min_order: v })} min={0} decimalScale={2} error={errors.min_order} />
              <TextInput type="date" label="Starts on" value={editing.draft.starts_on} onChange={(e) => set({ starts_on: e.currentTarget.value })} error={errors.starts_on} />
              <TextInput type="date" label="Ends on" description="Empty: no end" value={editing.draft.ends_on} onChange={(e) => set({ ends_on: e.currentTarget.value })} error={errors.ends_on} />
              <NumberInput label="Total uses" description="Empty: no limit" value={editing.draft.max_uses} onChange={(v) => set({ max_uses: v })} min={1} allowDecimal={false} error={errors.max_uses} />
              <NumberInput label="Uses per customer" description="Empty: no limit" value={editing.draft.max_uses_per_customer} onChange={(v) => set({ max_uses_per_customer: v })} min={1} allowDecimal={false} error={errors.max_uses_per_customer} />
              <MultiSelect
                label="Gem types" description="Empty: every stone" value={editing.draft.product_ids} onChange={(v) => set({ product_ids: v })}
                data={gemTypes.map((g) => ({ value: String(g.id), label: g.name }))} searchable error={errors.product_ids}
              />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={save.isPending}>Save</Button>
              <Button variant="default" onClick={() => setEditing(null)}>Cancel</Button>
            </Group>
          </Stack>
        </form>
      )}

      <DataTable
        label="Discount codes" minWidth={760} rows={list.data.discounts} rowKey={(d) => d.id} empty={<Text>No discount codes yet.</Text>}
        columns={[
          { head: 'Code', cell: (d) => d.code, td: { ff: 'monospace' } },
          { head: 'Discount', cell: offShown },
          { head: 'Minimum', cell: (d) => (d.min_order > 0 ? formatRupees(d.min_order) : 'Any order') },
          { head: 'Dates', cell: (d) => <>{dayShown(d.starts_on)} – {d.ends_on ? dayShown(d.ends_on) : 'no end'}</> },
          { head: 'Gem types', cell: (d) => (d.product_ids.length ? d.product_ids.map((id) => typeNames.get(id) ?? '').join(', ') : 'All') },
          {
            head: 'Used',
            cell: (d) => (
              <>
                {formatNumber(d.uses)}{d.max_uses !== null ? ` of ${formatNumber(d.max_uses)}` : ''}
                {d.max_uses_per_customer !== null && <Text size="xs" c="dimmed">{formatNumber(d.max_uses_per_customer)} per customer</Text>}
              </>
            ),
          },
          { head: 'Status', cell: (d) => <StatusBadge color={STATUS_COLOURS[d.status_label] ?? 'gray'}>{d.status_label}</StatusBadge> },
          {
            cell: (d) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => { save.reset(); setEditing({ id: d.id, draft: draftOf(d) }); }}>Edit</Button>
                <Button size="xs" variant="default" loading={pause.isPending && pause.variables?.id === d.id} onClick={() => pause.mutate({ id: d.id, paused: !d.paused })}>
                  {d.paused ? 'Resume' : 'Pause'}
                </Button>
              </Group>
            ),
          },
        ]}
      />
    </Stack>
  );
}
