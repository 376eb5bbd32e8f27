import { Alert, Button, Group, Image, Modal, MultiSelect, NumberInput, Select, Stack, Table, Tabs, Text, Textarea, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AdminCatalogResponse, AttributeKind } from '@gemstore/contracts';
import { ATTRIBUTE_KINDS } from '@gemstore/contracts/constants';
import { friendlyUrlOf } from '@gemstore/contracts/urls';
import { pictureSrc } from '@gemstore/contracts/pictures';
import { api, errorMessage, fieldErrors } from '../../../lib/api.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { catalogKey } from '../api.ts';
import { PictureField } from '../../../components/PictureField.tsx';
import { formatCount } from '../../../lib/format.ts';
import { DataTable } from '../../../components/DataTable.tsx';

const KIND_LABELS: Record<AttributeKind, string> = { grade: 'Grades', color: 'Colours', clarity: 'Clarities', shape: 'Shapes', origin: 'Origins' };

type Editing =
  | { what: 'category'; id: number | null; values: { parent_id: string | null; name: string; url: string; image: string; sort_order: number } }
  | { what: 'product'; id: number | null; values: { category_id: string | null; name: string; alias: string; url: string; description: string; image: string; sort_order: number; color_ids: string[]; origin_ids: string[] } }
  | { what: AttributeKind; id: number | null; values: { value: string; alias: string; sort_order: number } };


/** A row's picture, small (an uploaded picture's smallest copy); an empty square when it has none. */
function Thumb({ picture }: { picture: string }) {
  return picture
    ? <Image src={pictureSrc(picture, 80)} alt="" w={40} h={40} fit="cover" radius="sm" fallbackSrc="/placeholder.svg" />
    : <div style={{ width: 40, height: 40 }} />;
}

/** Categories (a tree), gems (products) and the store's attribute lists: what stones are filed under. */
export function CataloguePage() {
  const queryClient = useQueryClient();
  const catalog = useQuery({ queryKey: catalogKey, queryFn: () => api.adminCatalog() });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: catalogKey });

  const save = useMutation({
    mutationFn: async (e: Editing) => {
      if (e.what === 'category') {
        const body = { ...e.values, parent_id: e.values.parent_id ? Number(e.values.parent_id) : null };
        return e.id ? api.adminUpdateCategory({ params: { id: e.id }, body }) : api.adminCreateCategory({ body });
      }
      if (e.what === 'product') {
        const body = { ...e.values, category_id: Number(e.values.category_id), color_ids: e.values.color_ids.map(Number), origin_ids: e.values.origin_ids.map(Number) };
        return e.id ? api.adminUpdateProduct({ params: { id: e.id }, body }) : api.adminCreateProduct({ body });
      }
      return e.id
        ? api.adminUpdateAttributeValue({ params: { kind: e.what, id: e.id }, body: e.values })
        : api.adminCreateAttributeValue({ params: { kind: e.what }, body: e.values });
    },
    onSuccess: async () => { setEditing(null); await refresh(); },
  });
  const remove = useMutation({
    mutationFn: ({ what, id }: { what: Editing['what']; id: number }) => (what === 'category'
      ? api.adminDeleteCategory({ params: { id } })
      : what === 'product' ? api.adminDeleteProduct({ params: { id } }) : api.adminDeleteAttributeValue({ params: { kind: what, id } })),
    onSuccess: async () => { setProblem(null); await refresh(); },
    onError: (err) => setProblem(errorMessage(err)),
  });
  const data: AdminCatalogResponse | undefined = catalog.data;
  const categoryName = new Map((data?.categories ?? []).map((c) => [c.id, c.name]));
  const open = (e: Editing) => { save.reset(); setEditing(e); };
  const countOf = (n: number, one: string, many: string) => (n ? `${n} ${n === 1 ? one : many}` : `any ${one}`);
  const suitedSummary = (colors: number[], origins: number[]) => `${countOf(colors.length, 'colour', 'colours')}, ${countOf(origins.length, 'origin', 'origins')}`;

  return (
    <Stack maw={1000}>
      <PageHeader title="Catalogue" />
      <ErrorAlert error={catalog.error} />
      {problem && <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)}>{problem}</Alert>}
      <Tabs defaultValue="gems">
        <Tabs.List>
          <Tabs.Tab value="gems">Gems</Tabs.Tab>
          <Tabs.Tab value="categories">Categories</Tabs.Tab>
          <Tabs.Tab value="lists">Attribute lists</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="gems" pt="md">
          <Group justify="flex-end" mb="sm">
            <Button onClick={() => open({ what: 'product', id: null, values: { category_id: null, name: '', alias: '', url: '', description: '', image: '', sort_order: 0, color_ids: [], origin_ids: [] } })}>Add a gem</Button>
          </Group>
          <DataTable
            label="Gems" striped minWidth={600} rows={data?.products} rowKey={(p) => p.id}
            columns={[
              { head: <VisuallyHidden>Picture</VisuallyHidden>, th: { w: 56 }, cell: (p) => <Thumb picture={p.image} /> },
              { head: 'Gem', cell: (p) => p.name },
              { head: 'Also called', cell: (p) => p.alias },
              { head: 'Category', cell: (p) => categoryName.get(p.category_id) },
              { head: 'Colours and origins', cell: (p) => <Text size="sm" c="dimmed" data-testid="gem-suited">{suitedSummary(p.color_ids, p.origin_ids)}</Text> },
              { head: 'Stones', align: 'right', cell: (p) => p.stones },
              {
                cell: (p) => (
                  <Group gap="xs" justify="flex-end">
                    <Button size="xs" variant="subtle" onClick={() => open({ what: 'product', id: p.id, values: { category_id: String(p.category_id), name: p.name, alias: p.alias, url: p.url, description: p.description, image: p.image, sort_order: p.sort_order, color_ids: p.color_ids.map(String), origin_ids: p.origin_ids.map(String) } })}>Edit</Button>
                    <Button size="xs" variant="subtle" color="red" disabled={p.stones > 0} title={p.stones ? 'A gem with stones stays' : undefined} onClick={() => remove.mutate({ what: 'product', id: p.id })}>Remove</Button>
                  </Group>
                ),
              },
            ]}
          />
        </Tabs.Panel>

        <Tabs.Panel value="categories" pt="md">
          <Group justify="flex-end" mb="sm">
            <Button onClick={() => open({ what: 'category', id: null, values: { parent_id: null, name: '', url: '', image: '', sort_order: 0 } })}>Add a category</Button>
          </Group>
          <DataTable
            label="Categories" striped minWidth={600} rows={data?.categories} rowKey={(c) => c.id}
            columns={[
              { head: <VisuallyHidden>Picture</VisuallyHidden>, th: { w: 56 }, cell: (c) => <Thumb picture={c.image} /> },
              { head: 'Category', cell: (c) => c.name },
              { head: 'Inside', cell: (c) => (c.parent_id ? categoryName.get(c.parent_id) : <Text c="dimmed" span size="sm">top level</Text>) },
              { head: 'Gems', align: 'right', cell: (c) => c.products },
              { head: 'Order', align: 'right', cell: (c) => c.sort_order },
              {
                cell: (c) => (
                  <Group gap="xs" justify="flex-end">
                    <Button size="xs" variant="subtle" onClick={() => open({ what: 'category', id: c.id, values: { parent_id: c.parent_id ? String(c.parent_id) : null, name: c.name, url: c.url, image: c.image, sort_order: c.sort_order } })}>Edit</Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate({ what: 'category', id: c.id })}>Remove</Button>
                  </Group>
                ),
              },
            ]}
          />
        </Tabs.Panel>

        <Tabs.Panel value="lists" pt="md">
          <Stack>
            {ATTRIBUTE_KINDS.map((kind) => (
              <Stack key={kind} gap="xs">
                <Group justify="space-between">
                  <Title order={4}>{KIND_LABELS[kind]}</Title>
                  <Button size="xs" variant="light" onClick={() => open({ what: kind, id: null, values: { value: '', alias: '', sort_order: (data?.attributes[kind].length ?? 0) } })}>Add</Button>
                </Group>
                <Table aria-label={KIND_LABELS[kind]}>
                  <Table.Tbody>
                    {data?.attributes[kind].map((v) => (
                      <Table.Tr key={v.id}>
                        <Table.Td>{v.value}</Table.Td><Table.Td c="dimmed">{v.alias}</Table.Td><Table.Td ta="right">{formatCount(v.stones, 'stone')}</Table.Td>
                        <Table.Td>
                          <Group gap="xs" justify="flex-end">
                            <Button size="xs" variant="subtle" onClick={() => open({ what: kind, id: v.id, values: { value: v.value, alias: v.alias, sort_order: v.sort_order } })}>Edit</Button>
                            <Button size="xs" variant="subtle" color="red" disabled={v.stones > 0} onClick={() => remove.mutate({ what: kind, id: v.id })}>Remove</Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            ))}
          </Stack>
        </Tabs.Panel>
      </Tabs>

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing ? `${editing.id ? 'Change' : 'Add'} ${editing.what === 'product' ? 'a gem' : editing.what === 'category' ? 'a category' : `a ${editing.what}`}` : ''}>
        {editing && <EditForm editing={editing} catalog={data} saving={save.isPending} error={save.error} onSave={(e) => save.mutate(e)} />}
      </Modal>
    </Stack>
  );
}

function EditForm({ editing, catalog, saving, error, onSave }: {
  editing: Editing; catalog: AdminCatalogResponse | undefined; saving: boolean; error: unknown; onSave: (e: Editing) => void;
}) {
  const [values, setValues] = useState(editing.values as Record<string, string | number | string[] | null>);
  const errors = fieldErrors(error);
  const field = (name: string, label: string, extra: { description?: string; required?: boolean } = {}) => (
    <TextInput label={label} {...extra} value={String(values[name] ?? '')} error={errors[name]}
      onChange={(e) => {
        const v = e.currentTarget.value;
        // A new entry's friendly url follows its name until someone edits the url itself.
        setValues((old) => ({ ...old, [name]: v, ...(name === 'name' && editing.id === null && (old.url === '' || old.url === friendlyUrlOf(String(old.name))) ? { url: friendlyUrlOf(v) } : {}) }));
      }} />
  );
  const submit = (e: FormEvent) => { e.preventDefault(); onSave({ ...editing, values } as Editing); };
  const [uploading, setUploading] = useState(false);
  const picture = (
    <PictureField label="Picture" value={String(values.image ?? '')} src={values.image ? pictureSrc(String(values.image)) : null} ratio={4 / 3}
      error={errors.image} onBusy={setUploading} testId="picture-upload" onChange={(ref) => setValues((o) => ({ ...o, image: ref }))} />
  );
  return (
    <form onSubmit={submit}>
      <Stack>
        {error !== null && !Object.keys(errors).length && <Alert color="red" role="alert">{errorMessage(error)}</Alert>}
        {editing.what === 'category' && (
          <>
            {field('name', 'Name', { required: true })}
            {field('url', 'Friendly url', { required: true })}
            <Select label="Inside" placeholder="Top level" clearable value={values.parent_id as string | null} error={errors.parent_id}
              data={(catalog?.categories ?? []).filter((c) => c.id !== editing.id).map((c) => ({ value: String(c.id), label: c.name }))}
              onChange={(v) => setValues((o) => ({ ...o, parent_id: v }))} />
            {picture}
          </>
        )}
        {editing.what === 'product' && (
          <>
            {field('name', 'Name', { required: true })}
            {field('alias', 'Also called', { description: 'The trade name shoppers search for: Neelam, Pukhraj, Manik.' })}
            {field('url', 'Friendly url', { required: true })}
            <Select label="Category" required value={values.category_id as string | null} error={errors.category_id}
              data={(catalog?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              onChange={(v) => setValues((o) => ({ ...o, category_id: v }))} />
            <Textarea label="Description" autosize minRows={3} value={String(values.description ?? '')} error={errors.description}
              onChange={(e) => { const v = e.currentTarget.value; setValues((o) => ({ ...o, description: v })); }} />
            {(['color', 'origin'] as const).map((kind) => (
              <MultiSelect key={kind} label={kind === 'color' ? 'Colours of this gem' : 'Origins of this gem'} searchable clearable
                description={`The stone form offers only these for its stones; none chosen: every ${kind === 'color' ? 'colour' : 'origin'} of the lists. Stones saved before keep theirs.`}
                data={(catalog?.attributes[kind] ?? []).map((v) => ({ value: String(v.id), label: v.value }))}
                value={(values[`${kind}_ids`] as string[] | undefined) ?? []} error={errors[`${kind}_ids`]}
                onChange={(ids) => setValues((o) => ({ ...o, [`${kind}_ids`]: ids }))} />
            ))}
            {picture}
          </>
        )}
        {editing.what !== 'category' && editing.what !== 'product' && (
          <>
            {field('value', 'Name', { required: true })}
            {field('alias', 'Short name', { description: 'Shown in the listing filter; the name when empty.' })}
          </>
        )}
        <NumberInput label="Order" min={0} value={Number(values.sort_order ?? 0)} onChange={(v) => setValues((o) => ({ ...o, sort_order: Number(v) || 0 }))} />
        <Button type="submit" loading={saving} disabled={uploading}>Save</Button>
      </Stack>
    </form>
  );
}
