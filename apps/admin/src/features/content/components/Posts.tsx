import { ActionIcon, Alert, Button, Group, Image, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { AdminPostCategory, PostStatus } from '@gemstore/contracts';
import { friendlyUrlOf } from '@gemstore/contracts/urls';
import { api, errorMessage, fieldErrors } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { POST_STATUS_LABELS, postStatusColor } from '../post-status.ts';
import { postCategoriesKey, postsKey } from '../api.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ErrorAlert, FormErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';

/** The blog: every post, drafts included, filtered by status and category, found by title. */
export function PostsPage() {
  const [status, setStatus] = useState<'all' | PostStatus>('all');
  const [category, setCategory] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // One search once typing pauses, the last page shown meanwhile (as the orders and customers lists do).
  const [q] = useDebouncedValue(search.trim(), 300);
  const query = { ...(status === 'all' ? {} : { status }), ...(category ? { category: Number(category) } : {}), ...(q ? { q } : {}), page };
  const posts = useQuery({ queryKey: [...postsKey, query], queryFn: () => api.adminPosts({ query }), placeholderData: keepPreviousData });
  const categories = useQuery({ queryKey: postCategoriesKey, queryFn: () => api.adminPostCategories() });
  const categoryName = new Map((categories.data?.categories ?? []).map((c) => [c.id, c.name]));
  const rows = posts.data?.data ?? [];
  const filter = <T,>(set: (v: T) => void) => (v: T) => { setPage(1); set(v); };

  return (
    <Stack>
      <PageHeader title="Blog posts">
        <Group gap="xs">
          <Button variant="default" component={Link} to="/post-categories">Categories</Button>
          <Button component={Link} to="/posts/new">Write a post</Button>
        </Group>
      </PageHeader>
      <Group align="end" wrap="wrap">
        <SegmentedControl aria-label="Status" value={status} onChange={filter((v: string) => setStatus(v as 'all' | PostStatus))}
          data={[{ value: 'all', label: 'All' }, { value: 'draft', label: 'Drafts' }, { value: 'published', label: 'Published' }]} />
        <TextInput label="Find" placeholder="Title or friendly url" w={220} value={search} onChange={(e) => filter(setSearch)(e.currentTarget.value)} />
        <Select label="Category" placeholder="Every category" clearable w={200} value={category} onChange={filter(setCategory)}
          data={(categories.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))} />
      </Group>
      <ErrorAlert error={posts.error} role="alert" />
      <DataTable
        label="Posts" striped highlightOnHover verticalSpacing="sm" minWidth={320} rows={rows} rowKey={(p) => p.id}
        rowProps={() => ({ 'data-testid': 'post-row' })}
        columns={[
          {
            head: 'Cover', th: { w: 96 },
            cell: (p) => (p.cover_src ? <Image src={p.cover_src} alt="" w={80} h={45} radius="sm" fit="cover" /> : <Text size="xs" c="dimmed">None</Text>),
          },
          {
            head: 'Title',
            cell: (p) => (
              <>
                <Text component={Link} to={`/posts/${p.id}`} fw={500} size="sm">{p.title}</Text>
                <Text size="xs" c="dimmed">/{p.url}{p.category_ids.length ? ` · ${p.category_ids.map((id) => categoryName.get(id)).filter(Boolean).join(', ')}` : ''}</Text>
                {/* On a phone the status and date sit under the title. */}
                <Group gap="xs" mt={4} hiddenFrom="sm">
                  <StatusBadge size="xs" color={postStatusColor(p.status)}>{POST_STATUS_LABELS[p.status]}</StatusBadge>
                  <Text size="xs" c="dimmed">{formatDate(p.published_at)}</Text>
                </Group>
              </>
            ),
          },
          { head: 'Status', th: { visibleFrom: 'sm' }, td: { visibleFrom: 'sm' }, cell: (p) => <StatusBadge color={postStatusColor(p.status)}>{POST_STATUS_LABELS[p.status]}</StatusBadge> },
          { head: 'Date', th: { visibleFrom: 'sm' }, td: { visibleFrom: 'sm' }, cell: (p) => <Text size="sm">{formatDate(p.published_at)}</Text> },
        ]}
      />
      {posts.data && posts.data.total === 0 && <Text c="dimmed" size="sm">No posts match. Write the first one.</Text>}
      <Pager of={posts.data} page={page} onChange={setPage} />
    </Stack>
  );
}

/** Blog categories: add, rename, remove (a removed category's posts stay, without it). */
export function PostCategoriesPage() {
  const queryClient = useQueryClient();
  const categories = useQuery({ queryKey: postCategoriesKey, queryFn: () => api.adminPostCategories() });
  const [editing, setEditing] = useState<{ id: number | null; name: string; slug: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: postCategoriesKey }), queryClient.invalidateQueries({ queryKey: postsKey })]);
  const save = useMutation({
    mutationFn: (e: { id: number | null; name: string; slug: string }) => {
      const body = { name: e.name, slug: e.slug };
      return e.id ? api.adminUpdatePostCategory({ params: { id: e.id }, body }) : api.adminCreatePostCategory({ body });
    },
    onSuccess: async () => { setEditing(null); await refresh(); },
  });
  const remove = useMutation({
    mutationFn: (c: AdminPostCategory) => api.adminDeletePostCategory({ params: { id: c.id } }),
    onSuccess: async () => { setProblem(null); await refresh(); },
    onError: (err) => setProblem(errorMessage(err)),
  });
  const errors = fieldErrors(save.error);
  const submit = (e: FormEvent) => { e.preventDefault(); if (editing) save.mutate(editing); };

  return (
    <Stack maw={800}>
      <PageHeader title="Blog categories">
        <Button onClick={() => { save.reset(); setEditing({ id: null, name: '', slug: '' }); }}>Add a category</Button>
      </PageHeader>
      <Text size="sm" c="dimmed">Posts are filed under these; each category has its own page on the blog.</Text>
      {problem && <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)}>{problem}</Alert>}
      <DataTable
        label="Blog categories" striped rows={categories.data?.categories ?? []} rowKey={(c) => c.id}
        columns={[
          { head: 'Name', cell: (c) => c.name },
          { head: 'Friendly url', cell: (c) => <Text size="sm" c="dimmed">/blog/{c.slug}</Text> },
          { head: 'Posts', align: 'right', cell: (c) => c.posts },
          {
            cell: (c) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Button size="xs" variant="subtle" onClick={() => { save.reset(); setEditing({ id: c.id, name: c.name, slug: c.slug }); }}>Edit</Button>
                <ActionIcon variant="subtle" color="red" aria-label={`Remove ${c.name}`} loading={remove.isPending && remove.variables?.id === c.id}
                  onClick={() => { if (window.confirm(`Remove the category “${c.name}”? Its ${c.posts} posts stay on the blog.`)) remove.mutate(c); }}>✕</ActionIcon>
              </Group>
            ),
          },
        ]}
      />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.id ? 'Change the category' : 'Add a category'}>
        {editing && (
          <form onSubmit={submit}>
            <Stack>
              <TextInput label="Name" required value={editing.name} error={errors.name} data-autofocus
                onChange={(e) => setEditing({ ...editing, name: e.currentTarget.value })} />
              <TextInput label="Friendly url" description="Made from the name when left empty." placeholder={friendlyUrlOf(editing.name)}
                value={editing.slug} error={errors.slug} onChange={(e) => setEditing({ ...editing, slug: e.currentTarget.value })} />
              <FormErrorAlert error={save.error} />
              <Button type="submit" loading={save.isPending}>Save</Button>
            </Stack>
          </form>
        )}
      </Modal>
    </Stack>
  );
}
