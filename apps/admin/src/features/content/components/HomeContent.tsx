import { ActionIcon, Alert, Box, Button, Card, Grid, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type MouseEvent } from 'react';
import type { AdminHome, AdminHomeResponse } from '@gemstore/contracts';
import { SLIDE_SIZES } from '@gemstore/contracts/constants';
import { api, fieldErrors } from '../../../lib/api.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ErrorAlert, SaveErrorAlert } from '../../../components/ErrorAlert.tsx';
import { homeKey } from '../api.ts';
import { PictureField } from '../../../components/PictureField.tsx';

type SlideItem = AdminHomeResponse['slider'][number];
/** A slide or a banner as the form holds it (a banner has no phone picture or focal point). */
type Item = AdminHomeResponse['banners'][number] & Partial<Pick<SlideItem, 'phone_image' | 'phone_src' | 'focal_x' | 'focal_y'>>;
type Kind = 'slider' | 'banners';
const { desktop, phone } = SLIDE_SIZES;
const KIND: Record<Kind, { title: string; note: string; one: string; ratio: number; linkRequired: boolean }> = {
  slider: {
    title: 'Slider',
    note: `The large pictures at the top of the home page, shown one after another in this order. Wide pictures of ${desktop.width} x ${desktop.height} pixels (8:3) fill it on a computer; `
      + `a phone shows a picture of its own, ${phone.width} x ${phone.height} (4:5), or the wide one cropped around its focal point. On a phone the words go under the picture.`,
    one: 'slide', ratio: 8 / 3, linkRequired: false,
  },
  banners: { title: 'Banners', note: 'The offers under the categories; the shop shows the first three. Pictures of 1200 x 600 pixels (2:1).', one: 'banner', ratio: 2, linkRequired: true },
};
const EMPTY_SLIDE: Item = { image: '', src: '', alt: '', text: '', href: '', phone_image: '', phone_src: null, focal_x: null, focal_y: null };
const EMPTY_BANNER: Item = { image: '', src: '', alt: '', text: '', href: '' };

/**
 * The subject of a slide's wide picture: a click on the picture sets it (or the two numbers), so a
 * phone's crop keeps it and the caption stays on the other side.
 */
function FocalPoint({ item, index, error, onChange }: { item: Item; index: number; error?: string; onChange: (x: number | null, y: number | null) => void }) {
  const set = item.focal_x !== null && item.focal_x !== undefined && item.focal_y !== null && item.focal_y !== undefined;
  const pick = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const at = (v: number, size: number) => Math.min(100, Math.max(0, Math.round((v / size) * 100)));
    onChange(at(e.clientX - box.left, box.width), at(e.clientY - box.top, box.height));
  };
  const percent = (v: number | string) => (v === '' ? null : Number(v));
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>Focal point</Text>
      <Text size="xs" c="dimmed">Click the picture&apos;s subject (the stone, a face): phones keep it in view and the words stay clear of it.</Text>
      {item.src && (
        <Box pos="relative" maw={420} style={{ aspectRatio: '8 / 3', cursor: 'crosshair', overflow: 'hidden', borderRadius: 4 }} onClick={pick} data-testid="focal-picker">
          <img src={item.src} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
          {set && (
            <Box pos="absolute" w={18} h={18} data-testid="focal-marker"
              style={{ left: `${item.focal_x}%`, top: `${item.focal_y}%`, transform: 'translate(-50%, -50%)', borderRadius: '50%', border: '3px solid white', boxShadow: '0 0 0 2px #c2255c' }} />
          )}
        </Box>
      )}
      <Group gap="xs" align="end">
        <NumberInput label="From the left (%)" aria-label={`Slide ${index + 1} focal point from the left (%)`} min={0} max={100} allowDecimal={false} w={150} size="xs"
          value={item.focal_x ?? ''} error={error} onChange={(v) => onChange(percent(v), item.focal_y ?? (v === '' ? null : 50))} />
        <NumberInput label="From the top (%)" aria-label={`Slide ${index + 1} focal point from the top (%)`} min={0} max={100} allowDecimal={false} w={150} size="xs"
          value={item.focal_y ?? ''} onChange={(v) => onChange(item.focal_x ?? (v === '' ? null : 50), percent(v))} />
        {set && <Button size="xs" variant="subtle" onClick={() => onChange(null, null)}>Clear</Button>}
      </Group>
    </Stack>
  );
}

/** The home page's slider and banners: pictures with their words and links, in order. */
export function HomeContentPage() {
  const queryClient = useQueryClient();
  const home = useQuery({ queryKey: homeKey, queryFn: () => api.adminHome() });
  const [lists, setLists] = useState<Record<Kind, Item[]>>({ slider: [], banners: [] });
  const [saved, setSaved] = useState(false);
  useEffect(() => { if (home.data) setLists(home.data); }, [home.data]);
  const save = useMutation({
    mutationFn: (body: AdminHome) => api.adminUpdateHome({ body }),
    onSuccess: (data) => { queryClient.setQueryData(homeKey, data); setSaved(true); },
  });
  const errors = fieldErrors(save.error);
  const change = (kind: Kind, update: (list: Item[]) => Item[]) => { setSaved(false); setLists((l) => ({ ...l, [kind]: update(l[kind]) })); };
  const move = (kind: Kind, from: number, to: number) => change(kind, (list) => {
    const next = [...list];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    return next;
  });
  const submit = () => save.mutate({
    slider: lists.slider.map((s) => ({
      image: s.image, alt: s.alt, text: s.text, href: s.href, phone_image: s.phone_image ?? '', focal_x: s.focal_x ?? null, focal_y: s.focal_y ?? null,
    })),
    banners: lists.banners.map((b) => ({ image: b.image, alt: b.alt, text: b.text, href: b.href })),
  });
  const edit = (kind: Kind, i: number, values: Partial<Item>) => change(kind, (list) => list.map((x, j) => (j === i ? { ...x, ...values } : x)));

  return (
    <Stack maw={1000}>
      <PageHeader title="Home page">
        <Button onClick={submit} loading={save.isPending}>Save the home page</Button>
      </PageHeader>
      {saved && <Alert color="green" role="status">Saved: the home page shows it now.</Alert>}
      <ErrorAlert error={home.error} role="alert" />
      <SaveErrorAlert error={save.error} />
      {(['slider', 'banners'] as const).map((kind) => (
        <Stack key={kind} gap="sm" component="section" aria-label={KIND[kind].title}>
          <Group justify="space-between">
            <div>
              <Title order={3}>{KIND[kind].title}</Title>
              <Text size="sm" c="dimmed">{KIND[kind].note}</Text>
            </div>
          </Group>
          {lists[kind].map((item, i) => (
            <Card key={`${kind}-${i}`} withBorder radius="md" padding="md" data-testid={`${kind}-item`}>
              <Grid gap="md" align="flex-start">
                <Grid.Col span={{ base: 12, sm: 5 }}>
                  <Stack gap="sm">
                    <PictureField label={kind === 'slider' ? 'Wide picture' : 'Picture'} required value={item.image} src={item.src} ratio={KIND[kind].ratio} error={errors[`${kind}.${i}.image`]}
                      description={kind === 'slider' ? `${desktop.width} x ${desktop.height} pixels (8:3) or larger.` : '1200 x 600 pixels (2:1).'}
                      onChange={(ref, src) => edit(kind, i, { image: ref, src: src ?? '' })} />
                    {kind === 'slider' && (
                      <>
                        <FocalPoint item={item} index={i} error={errors[`${kind}.${i}.focal_x`] ?? errors[`${kind}.${i}.focal_y`]} onChange={(x, y) => edit(kind, i, { focal_x: x, focal_y: y })} />
                        <PictureField label="Phone picture (optional)" value={item.phone_image ?? ''} src={item.phone_src ?? null} ratio={4 / 5} error={errors[`${kind}.${i}.phone_image`]}
                          description={`${phone.width} x ${phone.height} pixels (4:5), for screens narrower than 720 pixels.`} testId="phone-picture-upload"
                          onChange={(ref, src) => edit(kind, i, { phone_image: ref, phone_src: src })} />
                      </>
                    )}
                  </Stack>
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 7 }}>
                  <Stack gap="xs">
                    <TextInput label="Describe the picture" description="For people who cannot see it, and search engines." required value={item.alt} error={errors[`${kind}.${i}.alt`]}
                      onChange={(e) => { const alt = e.currentTarget.value; change(kind, (list) => list.map((x, j) => (j === i ? { ...x, alt } : x))); }} />
                    <TextInput label={kind === 'slider' ? 'Words with the picture' : 'Words on the picture'}
                      description={kind === 'slider' ? 'Optional. On a computer they sit on the side away from the focal point; on a phone, under the picture.' : 'Optional.'}
                      value={item.text} error={errors[`${kind}.${i}.text`]}
                      onChange={(e) => { const text = e.currentTarget.value; change(kind, (list) => list.map((x, j) => (j === i ? { ...x, text } : x))); }} />
                    <TextInput label="Link" description={KIND[kind].linkRequired ? 'A page of the shop (/blog) or an https address.' : 'Optional: a page of the shop (/blog) or an https address.'}
                      required={KIND[kind].linkRequired} value={item.href} error={errors[`${kind}.${i}.href`]}
                      onChange={(e) => { const href = e.currentTarget.value; change(kind, (list) => list.map((x, j) => (j === i ? { ...x, href } : x))); }} />
                    <Group gap="xs" justify="flex-end">
                      <Text size="xs" c="dimmed" mr="auto">{KIND[kind].one} {i + 1} of {lists[kind].length}</Text>
                      <ActionIcon variant="default" aria-label="Move up" disabled={i === 0} onClick={() => move(kind, i, i - 1)}>↑</ActionIcon>
                      <ActionIcon variant="default" aria-label="Move down" disabled={i === lists[kind].length - 1} onClick={() => move(kind, i, i + 1)}>↓</ActionIcon>
                      <Button size="xs" variant="subtle" color="red" onClick={() => change(kind, (list) => list.filter((_, j) => j !== i))}>Remove</Button>
                    </Group>
                  </Stack>
                </Grid.Col>
              </Grid>
            </Card>
          ))}
          {lists[kind].length === 0 && <Text size="sm" c="dimmed">None yet.</Text>}
          <Group>
            <Button variant="light" onClick={() => change(kind, (list) => [...list, kind === 'slider' ? EMPTY_SLIDE : EMPTY_BANNER])}>
              Add a {KIND[kind].one}
            </Button>
          </Group>
          {kind === 'slider' && errors.slider && <Alert color="red">{errors.slider}</Alert>}
        </Stack>
      ))}
      <Group justify="flex-end"><Button onClick={submit} loading={save.isPending}>Save the home page</Button></Group>
    </Stack>
  );
}
