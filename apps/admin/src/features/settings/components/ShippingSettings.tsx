import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import type { ShippingSettings, ShippingSettingsBody, ShippingZone } from '@gemstore/contracts';
import { api, fieldErrors } from '../../../lib/api.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ErrorAlert, FormErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useSettingsForm } from '../settings-form.ts';

const key = ['admin', 'settings', 'shipping'] as const;
type ZoneForm = { amount: number | string; free_from: number | string };

/** Shipping per order in the shop's own country and everywhere else, each free from an order value or never. */
export function ShippingSettingsPage() {
  const { settings, form, setForm, save } = useSettingsForm({
    key, read: () => api.adminShippingSettings(), write: (body: ShippingSettingsBody) => api.adminShippingSettingsUpdate({ body }),
    formOf: (data): Record<ShippingZone, ZoneForm> => {
      const zone = (z: ShippingSettings['home']): ZoneForm => ({ amount: z.amount, free_from: z.free_from ?? '' });
      return { home: zone(data.home), abroad: zone(data.abroad) };
    },
  });
  const errors = fieldErrors(save.error);
  if (!form || !settings.data) return <ErrorAlert error={settings.error} />;
  // An empty box is sent as it is, so the server names the field rather than reading it as 0.
  const value = (v: number | string) => (v === '' ? '' : Number(v));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const zone = (z: ZoneForm) => ({ amount: value(z.amount), free_from: z.free_from === '' ? null : Number(z.free_from) });
    save.mutate({ home: zone(form.home), abroad: zone(form.abroad) } as ShippingSettingsBody);
  };
  const zoneFields = (zone: ShippingZone, title: string) => {
    const set = (patch: Partial<ZoneForm>) => setForm({ ...form, [zone]: { ...form[zone], ...patch } });
    return (
      <Stack gap="xs">
        <Title order={3}>{title}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label="Charge per order (Rs.)" description="0 ships every order free" value={form[zone].amount} min={0} decimalScale={2}
            onChange={(v) => set({ amount: v })} error={errors[`${zone}.amount`]} />
          <NumberInput label="Free from an order value of (Rs.)" description="Empty: never free" value={form[zone].free_from} min={1} decimalScale={2}
            onChange={(v) => set({ free_from: v })} error={errors[`${zone}.free_from`]} />
        </SimpleGrid>
      </Stack>
    );
  };

  return (
    <form onSubmit={onSubmit}>
      <Stack maw={720}>
        <PageHeader title="Shipping" />
        <Text c="dimmed" size="sm">
          A flat charge per order, by the country of the shipping address. The checkout shows it and the order charges it; an order whose
          stones are worth the free-from value or more ships free. Amounts are in rupees, as payments are taken. New rates apply to orders
          placed from now on; placed orders keep what they were charged. Refunding stones does not refund their shipping.
        </Text>
        {save.isSuccess && <Alert color="green">Saved.</Alert>}
        <FormErrorAlert error={save.error} />
        {zoneFields('home', `Within ${settings.data.home_country}`)}
        {zoneFields('abroad', 'Rest of the world')}
        <Group><Button type="submit" loading={save.isPending}>Save</Button></Group>
      </Stack>
    </form>
  );
}
