import {
  ActionIcon, Alert, Anchor, Badge, Button, Card, Grid, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminPage, AdminPageBody, AdminPageCategory, AdminPageSummary, PagePlacement } from '@gemstore/contracts';
import { PAGE_PLACEMENT_LABELS, PAGE_PLACEMENTS } from '@gemstore/contracts/constants';
import { pagePathOf } from '@gemstore/contracts/paths';
import { api, errorMessage, fieldErrors } from '../../../lib/api.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ErrorAlert, FormErrorAlert, SaveErrorAlert } from '../../../components/ErrorAlert.tsx';
import { RichText } from './rich-text-lazy.tsx';
import { RemoveButton, SearchFields } from './editor-parts.tsx';
import { pagesKey, useEditorSteps } from '../api.ts';

/** The groups pages are shown in: each page category, then the footer's Policies and Know Us, then the menu's loose pages. */
function groupsOf(pages: AdminPageSummary[], categories: AdminPageCategory[]) {
  return [
    ...categories.map((c) => ({ key: `c${c.id}`, title: c.name, category: c, pages: pages.filter((p) => p.placement === 'category' && p.page_category_id === c.id) })),
    ...(['policy', 'know_us', 'non_categorized'] as const).map((placement) => ({
      key: placement, title: PAGE_PLACEMENT_LABELS[placement], category: null, pages: pages.filter((p) => p.placement === placement),
    })),
  ];
}

/** Static pages by where the shop links them, and the page categories (menus) the store made itself. */
export function PagesPage() {
  const queryClient = useQueryClient();
  const data = useQuery({ queryKey: pagesKey, queryFn: () => api.adminPages() });
  const [editing, setEditing] = useState<{ id: number | null; name: string; sort_order: number | string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: pagesKey });
  const save = useMutation({
    mutationFn: (e: { id: number | null; name: string; sort_order: number | string }) => {
      const body = { name: e.name, sort_order: Number(e.sort_order) || 0 };
      return e.id ? api.adminUpdatePageCategory({ params: { id: e.id }, body }) : api.adminCreatePageCategory({ body });
    },
    onSuccess: async () => { setEditing(null); await refresh(); },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.adminDeletePageCategory({ params: { id } }),
    onSuccess: async () => { setProblem(null); await refresh(); },
    onError: (err) => setProblem(errorMessage(err)),
  });
  const errors = fieldErrors(save.error);
  const groups = data.data ? groupsOf(data.data.pages, data.data.categories) : [];

  return (
    <Stack maw={1100}>
      <PageHeader title="Pages">
        <Group gap="xs">
          <Button variant="default" onClick={() => { save.reset(); setEditing({ id: null, name: '', sort_order: 0 }); }}>Add a page category</Button>
          <Button component={Link} to="/pages/new">Add a page</Button>
        </Group>
      </PageHeader>
      <Text size="sm" c="dimmed">Page categories are menus in the shop's header; Policies and Know Us are the footer's lists.</Text>
      <ErrorAlert error={data.error} role="alert" />
      {problem && <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)}>{problem}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {groups.map((g) => (
          <Card key={g.key} withBorder radius="md" padding="md" data-testid="page-group">
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <Text fw={600}>{g.title}</Text>
                <Badge variant="light" color={g.category ? 'indigo' : 'gray'} size="sm" style={{ flexShrink: 0 }}>{g.category ? 'Menu' : 'Fixed'}</Badge>
              </Group>
              {g.category && (
                <Group gap={2} wrap="nowrap">
                  <Button size="compact-xs" variant="subtle" onClick={() => { save.reset(); setEditing({ id: g.category!.id, name: g.category!.name, sort_order: g.category!.sort_order }); }}>Rename</Button>
                  <ActionIcon size="sm" variant="subtle" color="red" aria-label={`Remove ${g.title}`}
                    onClick={() => { if (window.confirm(`Remove the page category “${g.title}”?`)) remove.mutate(g.category!.id); }}>✕</ActionIcon>
                </Group>
              )}
            </Group>
            {g.pages.length === 0 ? <Text size="sm" c="dimmed">No pages.</Text> : (
              <Stack gap={6}>
                {g.pages.map((p) => (
                  <Group key={p.id} justify="space-between" wrap="nowrap" gap="xs">
                    <Anchor component={Link} to={`/pages/${p.id}`} size="sm" lineClamp={1}>{p.title}</Anchor>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>/{p.url}</Text>
                  </Group>
                ))}
              </Stack>
            )}
          </Card>
        ))}
      </SimpleGrid>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.id ? 'Rename the page category' : 'Add a page category'}>
        {editing && (
          <form onSubmit={(e) => { e.preventDefault(); save.mutate(editing); }}>
            <Stack>
              <TextInput label="Name" required data-autofocus value={editing.name} error={errors.name} onChange={(e) => setEditing({ ...editing, name: e.currentTarget.value })} />
              <NumberInput label="Order" description="Lower numbers come first in the menu." min={0} value={editing.sort_order} error={errors.sort_order}
                onChange={(v) => setEditing({ ...editing, sort_order: v })} />
              <FormErrorAlert error={save.error} />
              <Button type="submit" loading={save.isPending}>Save</Button>
            </Stack>
          </form>
        )}
      </Modal>
    </Stack>
  );
}

type PageDraft = Omit<AdminPageBody, 'page_category_id' | 'sort_order'> & { page_category_id: string | null; sort_order: number | string };
const EMPTY_PAGE: PageDraft = { title: '', url: '', placement: 'policy', page_category_id: null, body: '', meta_description: '', sort_order: 0 };
const pageDraftOf = (p: AdminPage): PageDraft => ({
  title: p.title, url: p.url, placement: p.placement, page_category_id: p.page_category_id === null ? null : String(p.page_category_id),
  body: p.body, meta_description: p.meta_description, sort_order: p.sort_order,
});

/** Write or change a static page and choose where the shop links it. */
export function PageFormPage() {
  const { id } = useParams();
  const editing = id !== undefined && id !== 'new';
  const all = useQuery({ queryKey: pagesKey, queryFn: () => api.adminPages() });
  const page = useQuery({ queryKey: [...pagesKey, 'one', id], queryFn: () => api.adminPage({ params: { id: Number(id) } }), enabled: editing });
  const [draft, setDraft] = useState<PageDraft>(EMPTY_PAGE);
  const [saved, setSaved] = useState(false);
  useEffect(() => { if (page.data) setDraft(pageDraftOf(page.data.page)); }, [page.data]);
  const { save, remove } = useEditorSteps({
    key: pagesKey, path: '/pages', editing,
    save: (body: AdminPageBody) => (editing ? api.adminUpdatePage({ params: { id: Number(id) }, body }) : api.adminCreatePage({ body })),
    remove: () => api.adminDeletePage({ params: { id: Number(id) } }),
    idOf: (data) => data.page.id,
    onSaved: (data) => { setSaved(true); setDraft(pageDraftOf(data.page)); },
  });
  const errors = fieldErrors(save.error);
  const set = <K extends keyof PageDraft>(key: K) => (value: PageDraft[K]) => { setSaved(false); setDraft((d) => ({ ...d, [key]: value })); };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ ...draft, page_category_id: draft.page_category_id ? Number(draft.page_category_id) : null, sort_order: Number(draft.sort_order) || 0 });
  };
  const current = page.data?.page;

  if (editing && page.isError) return <Alert color="red" role="alert">{errorMessage(page.error)}</Alert>;
  return (
    <form onSubmit={submit}>
      <Stack maw={1100}>
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Anchor component={Link} to="/pages" size="sm">← Pages</Anchor>
            <Title order={2}>{editing ? 'Edit page' : 'Add a page'}</Title>
          </Group>
          {current && <Anchor href={pagePathOf(current.url)} target="_blank" size="sm">View on the shop ↗</Anchor>}
        </Group>
        {saved && <Alert color="green" role="status">Saved: the shop shows it now.</Alert>}
        <SaveErrorAlert error={save.error} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack>
              <TextInput label="Title" required size="md" value={draft.title} error={errors.title} onChange={(e) => set('title')(e.currentTarget.value)} />
              <RichText label="Text" value={draft.body} onChange={set('body')} error={errors.body} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack>
              <Select label="Shown in" allowDeselect={false} value={draft.placement} onChange={(v) => v && set('placement')(v as PagePlacement)} error={errors.placement}
                data={PAGE_PLACEMENTS.map((p) => ({ value: p, label: PAGE_PLACEMENT_LABELS[p] }))} />
              {draft.placement === 'category' && (
                <Select label="Page category" required placeholder="Choose" value={draft.page_category_id} onChange={set('page_category_id')} error={errors.page_category_id}
                  data={(all.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))} />
              )}
              <NumberInput label="Order" description="Lower numbers come first in its list." min={0} value={draft.sort_order} onChange={set('sort_order')} error={errors.sort_order} />
              <SearchFields draft={draft} errors={errors} set={set} urlDescription="The page's address; made from the title when left empty." />
              <Button type="submit" loading={save.isPending}>Save</Button>
              <RemoveButton editing={editing} remove={remove} question="Remove this page? Links to it will lead nowhere.">Remove the page</RemoveButton>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}
