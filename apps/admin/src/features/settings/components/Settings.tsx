import {
  Alert, Button, Checkbox, Grid, Group, NumberInput, Paper, Radio, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TagsInput, TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { AdminPaymentSettings, AdminStoreProfile } from '@gemstore/contracts';
import { api, errorMessage, fieldErrors } from '../../../lib/api.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { FormErrorAlert, SaveErrorAlert } from '../../../components/ErrorAlert.tsx';
import { meKey } from '../../../lib/session.tsx';
import { PictureField } from '../../../components/PictureField.tsx';

const profileKey = ['admin', 'settings', 'profile'] as const;
const paymentsKey = ['admin', 'settings', 'payments'] as const;

function Section({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Text fw={600}>{title}</Text>
          {note && <Text size="sm" c="dimmed">{note}</Text>}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}><Stack gap="sm">{children}</Stack></Grid.Col>
      </Grid>
    </Paper>
  );
}

/** The store profile: name and logo, header and footer contacts, social links, WhatsApp, map and currency. */
export function StoreProfilePage() {
  const queryClient = useQueryClient();
  const data = useQuery({ queryKey: profileKey, queryFn: () => api.adminStoreProfile() });
  const [p, setP] = useState<AdminStoreProfile | null>(null);
  const [logoSrc, setLogoSrc] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => { if (data.data) { setP(data.data.profile); setLogoSrc(data.data.logo_src); } }, [data.data]);
  const save = useMutation({
    mutationFn: (body: AdminStoreProfile) => api.adminUpdateStoreProfile({ body }),
    onSuccess: async (answer) => { queryClient.setQueryData(profileKey, answer); setSaved(true); await queryClient.invalidateQueries({ queryKey: meKey }); },
  });
  const errors = fieldErrors(save.error);
  if (data.isError) return <Alert color="red" role="alert">{errorMessage(data.error)}</Alert>;
  if (!p) return null;
  const update = (change: (v: AdminStoreProfile) => AdminStoreProfile) => { setSaved(false); setP(change(p)); };
  const input = (label: string, field: string, value: string, apply: (v: string) => AdminStoreProfile, extra: { description?: string; placeholder?: string; type?: string } = {}) => (
    <TextInput label={label} value={value} error={errors[field]} onChange={(e) => { const v = e.currentTarget.value; update(() => apply(v)); }} {...extra} />
  );
  const submit = (e: FormEvent) => { e.preventDefault(); save.mutate(p); };

  return (
    <>
      <form onSubmit={submit}>
        <Stack maw={1000}>
          <PageHeader title="Store profile">
            <Button type="submit" loading={save.isPending}>Save</Button>
          </PageHeader>
          {saved && <Alert color="green" role="status">Saved: the shop shows it now.</Alert>}
          <SaveErrorAlert error={save.error} />
          <Section title="The shop" note="Its name and logo in the header, browser tabs and search results.">
            {input('Name', 'name', p.name, (name) => ({ ...p, name }))}
            <PictureField label="Logo" value={p.logo} src={logoSrc} ratio={3} fit="contain" error={errors.logo}
              onChange={(logo, src) => { update(() => ({ ...p, logo })); setLogoSrc(src); }} />
          </Section>
          <Section title="Header" note="The phone number and address at the top of every page.">
            {input('Header phone', 'header.phone', p.header.phone, (phone) => ({ ...p, header: { ...p.header, phone } }), { placeholder: '+91 98290 12345', type: 'tel' })}
            {input('Header address', 'header.address', p.header.address, (address) => ({ ...p, header: { ...p.header, address } }))}
          </Section>
          <Section title="Footer" note="Contact details and the copyright line at the bottom of every page.">
            <Textarea label="Address" autosize minRows={2} value={p.footer.contact.address} error={errors['footer.contact.address']}
              onChange={(e) => { const address = e.currentTarget.value; update(() => ({ ...p, footer: { ...p.footer, contact: { ...p.footer.contact, address } } })); }} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {input('Email', 'footer.contact.email', p.footer.contact.email, (email) => ({ ...p, footer: { ...p.footer, contact: { ...p.footer.contact, email } } }), { type: 'email' })}
              {input('Phone', 'footer.contact.phone', p.footer.contact.phone, (phone) => ({ ...p, footer: { ...p.footer, contact: { ...p.footer.contact, phone } } }), { type: 'tel' })}
            </SimpleGrid>
            {input('Copyright', 'footer.copyright', p.footer.copyright, (copyright) => ({ ...p, footer: { ...p.footer, copyright } }))}
          </Section>
          <Section title="Social and WhatsApp" note="Links shown in the footer. The WhatsApp button opens a chat with the footer phone, or with a WhatsApp number of its own when one is set here.">
            {(['facebook', 'instagram', 'twitter', 'youtube'] as const).map((k) => (
              <div key={k}>{input(k === 'twitter' ? 'X (Twitter)' : k[0]!.toUpperCase() + k.slice(1), `social.${k}`, p.social[k], (url) => ({ ...p, social: { ...p.social, [k]: url } }), { placeholder: 'https://…' })}</div>
            ))}
            {input('WhatsApp number', 'whatsapp_phone', p.whatsapp_phone, (whatsapp_phone) => ({ ...p, whatsapp_phone }), { description: 'With + and the country code. Leave it empty to use the footer phone.', placeholder: '+91 98290 12345', type: 'tel' })}
          </Section>
          <Section title="Map" note="Where the shop is, shown in the footer.">
            {input('Map address (embed)', 'map_embed_url', p.map_embed_url, (map_embed_url) => ({ ...p, map_embed_url }), {
              description: 'The https address of an embedded map: OpenStreetMap "Share, HTML" or Google Maps "Embed a map" (the src only).', placeholder: 'https://www.openstreetmap.org/export/embed.html?…',
            })}
            <TagsInput label="Sites that may show the shop in a frame" description="Origins such as https://partner.example; none by default." value={p.allowed_embed_origins}
              error={errors.allowed_embed_origins ?? Object.entries(errors).find(([k]) => k.startsWith('allowed_embed_origins.'))?.[1]}
              onChange={(allowed_embed_origins) => update(() => ({ ...p, allowed_embed_origins }))} />
          </Section>
          <Section title="Currency" note="What prices are shown in. Prices are kept in rupees; dollars are worked out at the rate below.">
            <SegmentedControl value={p.currency} onChange={(v) => update(() => ({ ...p, currency: v as 'INR' | 'USD' }))} aria-label="Currency"
              data={[{ value: 'INR', label: 'Indian rupee (₹)' }, { value: 'USD', label: 'US dollar ($)' }]} />
            {errors.currency && <Text c="red" size="sm">{errors.currency}</Text>}
            {p.currency === 'USD' && (
              <NumberInput label="Dollars per rupee" decimalScale={5} step={0.001} min={0.00001} max={1} value={p.usd_rate} error={errors.usd_rate}
                description={`₹ 1,00,000 shows as $ ${(100000 * p.usd_rate).toLocaleString('en-US', { maximumFractionDigits: 2 })}.`}
                onChange={(v) => update(() => ({ ...p, usd_rate: Number(v) }))} />
            )}
          </Section>
          <Group justify="flex-end"><Button type="submit" loading={save.isPending}>Save</Button></Group>
        </Stack>
      </form>
      <Stack maw={1000} mt="md"><OrderNumbersForm /></Stack>
    </>
  );
}

const orderNumbersKey = ['admin', 'settings', 'order-numbers'] as const;

/** The prefix of the shop's order numbers: a form of its own beside the profile's, saved by its own button. */
function OrderNumbersForm() {
  const queryClient = useQueryClient();
  const data = useQuery({ queryKey: orderNumbersKey, queryFn: () => api.adminOrderNumbering() });
  const [prefix, setPrefix] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => { if (data.data) setPrefix(data.data.settings.prefix); }, [data.data]);
  const save = useMutation({
    mutationFn: (value: string) => api.adminUpdateOrderNumbering({ body: { prefix: value } }),
    onSuccess: (answer) => { queryClient.setQueryData(orderNumbersKey, answer); setSaved(true); },
  });
  const errors = fieldErrors(save.error);
  if (data.isError) return <Alert color="red" role="alert">{errorMessage(data.error)}</Alert>;
  if (prefix === null || !data.data) return null;
  const next = data.data.next_number;
  return (
    <form onSubmit={(e) => { e.preventDefault(); save.mutate(prefix); }}>
      <Section title="Order numbers" note="Each order gets the next number of the shop's own series. A prefix goes before it on every order placed from now on; orders placed before keep their number as it was.">
        <TextInput label="Prefix" description={`The next order reads ${prefix.trim() ? `${prefix.trim()}${next}` : `#${next}`}. Letters, digits and - / # _, at most 10; empty for none.`}
          placeholder="RG-" value={prefix} maxLength={10} error={errors.prefix} w={{ base: '100%', sm: 260 }}
          onChange={(e) => { setSaved(false); setPrefix(e.currentTarget.value); }} />
        {save.isError && !errors.prefix && <Alert color="red" role="alert">{errorMessage(save.error)}</Alert>}
        {saved && <Alert color="green" role="status">Saved: new orders take this prefix.</Alert>}
        <Group><Button type="submit" variant="light" loading={save.isPending}>Save order numbers</Button></Group>
      </Section>
    </form>
  );
}

/** Payment provider, how long an unpaid order holds its stones, and the methods offered (owners only). */
export function PaymentSettingsPage() {
  const queryClient = useQueryClient();
  const data = useQuery({ queryKey: paymentsKey, queryFn: () => api.adminPaymentSettings() });
  const [s, setS] = useState<AdminPaymentSettings | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => { if (data.data) setS(data.data.settings); }, [data.data]);
  const save = useMutation({
    mutationFn: (body: AdminPaymentSettings) => api.adminUpdatePaymentSettings({ body }),
    onSuccess: (answer) => { queryClient.setQueryData(paymentsKey, answer); setSaved(true); },
  });
  const errors = fieldErrors(save.error);
  if (data.isError) return <Alert color="red" role="alert">{errorMessage(data.error)}</Alert>;
  if (!s || !data.data) return null;
  const update = (v: AdminPaymentSettings) => { setSaved(false); setS(v); };

  return (
    <form onSubmit={(e) => { e.preventDefault(); save.mutate(s); }}>
      <Stack maw={1000}>
        <PageHeader title="Payment settings" />
        {saved && <Alert color="green" role="status">Saved: the checkout uses these settings now.</Alert>}
        <FormErrorAlert error={save.error} />
        <Section title="Provider" note="Who takes the shopper's payment. A provider this server has no keys for cannot be chosen.">
          <Radio.Group value={s.provider} onChange={(v) => update({ ...s, provider: v as AdminPaymentSettings['provider'] })} error={errors.provider}>
            <Stack gap="xs" mt={4}>
              {data.data.providers.map((p) => (
                <Radio key={p.name} value={p.name} label={p.label} disabled={!p.ready && s.provider !== p.name}
                  description={p.ready ? 'Ready on this server.' : 'Not set up on this server: its keys are missing.'} />
              ))}
            </Stack>
          </Radio.Group>
        </Section>
        <Section title="Reservation" note="How long an unpaid order holds its stones before they go back on sale.">
          <NumberInput label="Minutes" min={5} max={1440} value={s.reservation_minutes} error={errors.reservation_minutes} w={200}
            onChange={(v) => update({ ...s, reservation_minutes: Number(v) })} />
        </Section>
        <Section title="Payment methods" note="What the checkout offers.">
          <Checkbox.Group value={s.payment_method_ids.map(String)} error={errors.payment_method_ids ?? errors['payment_method_ids.0']}
            onChange={(v) => update({ ...s, payment_method_ids: v.map(Number) })}>
            <Stack gap="xs" mt={4}>
              {data.data.methods.map((m) => <Checkbox key={m.id} value={String(m.id)} label={m.name} />)}
            </Stack>
          </Checkbox.Group>
        </Section>
        <Group justify="flex-end"><Button type="submit" loading={save.isPending}>Save</Button></Group>
      </Stack>
    </form>
  );
}
