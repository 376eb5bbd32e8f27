import { ActionIcon, Alert, Button, Card, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminHome, AdminHomeResponse } from '@gemstore/contracts';
import { api, errorMessage, fieldErrors } from '../api.ts';
import { homeKey, PictureField } from './content-shared.tsx';

type Item = AdminHomeResponse['slider'][number];
type Kind = 'slider' | 'banners';
const KIND: Record<Kind, { title: string; note: string; one: string; ratio: number; linkRequired: boolean }> = {
  slider: { title: 'Slider', note: 'The large pictures at the top of the home page, shown one after another in this order.', one: 'slide', ratio: 16 / 6, linkRequired: false },
  banners: { title: 'Banners', note: 'The offers under the categories; the shop shows the first three.', one: 'banner', ratio: 2, linkRequired: true },
};

/** The home page's slider and banners: pictures with their words and links, in order. */
export function HomeContentPage() {
  const queryClient = useQueryClient();
  const home = useQuery({ queryKey: homeKey, queryFn: () => api.adminHome() });
  const [lists, setLists] = useState<AdminHomeResponse>({ slider: [], banners: [] });
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
    slider: lists.slider.map(({ src: _src, ...s }) => s),
    banners: lists.banners.map(({ src: _src, ...b }) => b),
  });

  return (
    <Stack maw={1000}>
      <Group justify="space-between">
        <Title order={2}>Home page</Title>
        <Button onClick={submit} loading={save.isPending}>Save the home page</Button>
      </Group>
      {saved && <Alert color="green" role="status">Saved: the home page shows it now.</Alert>}
      {home.isError && <Alert color="red" role="alert">{errorMessage(home.error)}</Alert>}
      {save.isError && <Alert color="red" role="alert">{Object.keys(errors).length ? 'Please correct the fields marked below.' : errorMessage(save.error)}</Alert>}
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
                  <PictureField label="Picture" required value={item.image} src={item.src} ratio={KIND[kind].ratio} error={errors[`${kind}.${i}.image`]}
                    onChange={(ref, src) => change(kind, (list) => list.map((x, j) => (j === i ? { ...x, image: ref, src: src ?? '' } : x)))} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 7 }}>
                  <Stack gap="xs">
                    <TextInput label="Describe the picture" description="For people who cannot see it, and search engines." required value={item.alt} error={errors[`${kind}.${i}.alt`]}
                      onChange={(e) => { const alt = e.currentTarget.value; change(kind, (list) => list.map((x, j) => (j === i ? { ...x, alt } : x))); }} />
                    <TextInput label="Words on the picture" description="Optional." value={item.text} error={errors[`${kind}.${i}.text`]}
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
            <Button variant="light" onClick={() => change(kind, (list) => [...list, { image: '', src: '', alt: '', text: '', href: '' }])}>
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
