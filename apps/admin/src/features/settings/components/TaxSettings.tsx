import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { TaxSettingsBody } from '@gemstore/contracts';
import { api, fieldErrors } from '../../../lib/api.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ErrorAlert, FormErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useSettingsForm } from '../settings-form.ts';

const key = ['admin', 'settings', 'tax'] as const;
type ProductRow = { id: number; hsn_code: string; gst_rate: number | string };

/** The seller on tax invoices, the invoice numbers' prefix, and each gem type's HSN code and GST rate. */
export function TaxSettingsPage() {
  const { settings, form, setForm, save } = useSettingsForm({
    key, read: () => api.adminTaxSettings(), write: (body: TaxSettingsBody) => api.adminTaxSettingsUpdate({ body }),
    formOf: ({ is_from_india: _india, products, ...rest }): Omit<TaxSettingsBody, 'products'> & { products: ProductRow[] } =>
      ({ ...rest, products: products.map((p) => ({ id: p.id, hsn_code: p.hsn_code, gst_rate: p.gst_rate })) }),
  });
  const states = useQuery({ queryKey: ['states', 'IN'], queryFn: () => api.states({ params: { countryId: 'IN' } }), staleTime: Infinity });
  const errors = fieldErrors(save.error);
  if (!form || !settings.data) return <ErrorAlert error={settings.error} />;
  const set = (patch: Partial<typeof form>) => setForm({ ...form, ...patch });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ ...form, products: form.products.map((p) => ({ ...p, gst_rate: Number(p.gst_rate) })) });
  };

  return (
    <form onSubmit={onSubmit}>
      <Stack maw={880}>
        <PageHeader title="Tax and invoices" />
        <Text c="dimmed" size="sm">
          {settings.data.is_from_india
            ? 'Every paid order gets a GST tax invoice with these details. Changes apply to orders paid from now on; invoices already issued keep their figures.'
            : 'Your store is outside India: paid orders get a plain receipt with your legal name and address.'}
        </Text>
        {save.isSuccess && <Alert color="green">Saved.</Alert>}
        <FormErrorAlert error={save.error} />
        <TextInput label="Legal name" value={form.legal_name} onChange={(e) => set({ legal_name: e.currentTarget.value })} error={errors.legal_name} placeholder="As registered for GST" />
        <Textarea label="Registered address" value={form.address} onChange={(e) => set({ address: e.currentTarget.value })} error={errors.address} autosize minRows={2} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="GSTIN" value={form.gstin} onChange={(e) => set({ gstin: e.currentTarget.value.toUpperCase() })} error={errors.gstin} maxLength={15} placeholder="08AABCR1234K1ZH" />
          <Select
            label="State" searchable clearable value={form.state_id || null} onChange={(v) => set({ state_id: v ?? '' })} error={errors.state_id}
            data={(states.data?.states ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
          <TextInput
            label="Invoice prefix" description="Numbers read PREFIX/26-27/000001" value={form.invoice_prefix} maxLength={3}
            onChange={(e) => set({ invoice_prefix: e.currentTarget.value.toUpperCase() })} error={errors.invoice_prefix}
          />
        </SimpleGrid>

        <Title order={3} mt="md">GST rate of each gem type</Title>
        <Text c="dimmed" size="sm">The rate follows the HSN code: 7103 coloured stones 0.25%, 7102 cut diamonds 1.5%, 7101 pearls 3%. Check the current rate notification.</Text>
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label="GST rates">
            <Table.Thead><Table.Tr><Table.Th>Gem type</Table.Th><Table.Th>Stones</Table.Th><Table.Th>HSN code</Table.Th><Table.Th>GST rate (%)</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {settings.data.products.map((p, i) => {
                const row = form.products[i]!;
                const setRow = (patch: Partial<ProductRow>) => set({ products: form.products.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
                return (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td>{p.stones}</Table.Td>
                    <Table.Td><TextInput aria-label={`HSN code of ${p.name}`} w={110} value={row.hsn_code} onChange={(e) => setRow({ hsn_code: e.currentTarget.value })} error={errors[`products.${i}.hsn_code`]} /></Table.Td>
                    <Table.Td>
                      <NumberInput aria-label={`GST rate of ${p.name}`} w={110} value={row.gst_rate} onChange={(v) => setRow({ gst_rate: v })} min={0} max={28} decimalScale={2} step={0.25} error={errors[`products.${i}.gst_rate`]} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group><Button type="submit" loading={save.isPending}>Save</Button></Group>
      </Stack>
    </form>
  );
}
