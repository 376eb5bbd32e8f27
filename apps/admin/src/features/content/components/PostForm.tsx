import { Alert, Anchor, Badge, Button, Grid, Group, MultiSelect, Paper, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminPost, AdminPostBody, PostStatus } from '@gemstore/contracts';
import { postPathOf } from '@gemstore/contracts/paths';
import { api, errorMessage, fieldErrors } from '../../../lib/api.ts';
import { SaveErrorAlert } from '../../../components/ErrorAlert.tsx';
import { RichText } from './rich-text-lazy.tsx';
import { RemoveButton, SearchFields } from './editor-parts.tsx';
import { formatDate } from '../../../lib/format.ts';
import { postCategoriesKey, postsKey, useEditorSteps } from '../api.ts';
import { PictureField } from '../../../components/PictureField.tsx';
import { POST_STATUS_LABELS, postStatusColor } from '../post-status.ts';

type Draft = Omit<AdminPostBody, 'category_ids'> & { category_ids: string[]; cover_src: string | null };

const EMPTY: Draft = { title: '', url: '', description: '', meta_description: '', body: '', cover_photo: '', cover_src: null, category_ids: [], status: 'draft' };

const draftOf = (p: AdminPost): Draft => ({
  title: p.title, url: p.url, description: p.description, meta_description: p.meta_description, body: p.body,
  cover_photo: p.cover_photo, cover_src: p.cover_src, category_ids: p.category_ids.map(String), status: p.status,
});

/** Write or change a post: its text in the editor, cover picture, categories, what search engines read, and draft or published. */
export function PostFormPage() {
  const { id } = useParams();
  const editing = id !== undefined && id !== 'new';
  const post = useQuery({ queryKey: [...postsKey, 'one', id], queryFn: () => api.adminPost({ params: { id: Number(id) } }), enabled: editing });
  const categories = useQuery({ queryKey: postCategoriesKey, queryFn: () => api.adminPostCategories() });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [saved, setSaved] = useState<PostStatus | null>(null);
  useEffect(() => { if (post.data) setDraft(draftOf(post.data.post)); }, [post.data]);

  const { save, remove } = useEditorSteps({
    key: postsKey, path: '/posts', editing,
    save: (body: AdminPostBody) => (editing ? api.adminUpdatePost({ params: { id: Number(id) }, body }) : api.adminCreatePost({ body })),
    remove: () => api.adminDeletePost({ params: { id: Number(id) } }),
    idOf: (data) => data.post.id,
    onSaved: (data) => { setSaved(data.post.status); setDraft(draftOf(data.post)); },
  });
  const errors = fieldErrors(save.error);
  const set = <K extends keyof Draft>(key: K) => (value: Draft[K]) => { setSaved(null); setDraft((d) => ({ ...d, [key]: value })); };
  const submit = (status: PostStatus) => (e?: FormEvent) => {
    e?.preventDefault();
    const { cover_src: _src, ...body } = draft;
    save.mutate({ ...body, status, category_ids: draft.category_ids.map(Number) });
  };
  const current = post.data?.post;
  // The shop files a post under its first category by name (as its list and sitemap do).
  const firstCategory = (categories.data?.categories ?? []).filter((c) => current?.category_ids.includes(c.id)).sort((x, y) => x.name.localeCompare(y.name))[0];

  if (editing && post.isError) return <Alert color="red" role="alert">{errorMessage(post.error)}</Alert>;
  return (
    <form onSubmit={submit(draft.status)}>
      <Stack maw={1100}>
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Anchor component={Link} to="/posts" size="sm">← Posts</Anchor>
            <Title order={2}>{editing ? 'Edit post' : 'Write a post'}</Title>
            {current && <Badge color={postStatusColor(current.status)} variant="light" data-testid="post-status">{POST_STATUS_LABELS[current.status]}</Badge>}
          </Group>
          {current?.status === 'published' && <Anchor href={postPathOf(firstCategory?.slug, current.url)} target="_blank" size="sm">View on the shop ↗</Anchor>}
        </Group>
        {saved && <Alert color="green" role="status">{saved === 'published' ? 'Published: the blog shows it now.' : 'Saved as a draft: the blog does not show it.'}</Alert>}
        <SaveErrorAlert error={save.error} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack>
              <TextInput label="Title" required value={draft.title} error={errors.title} onChange={(e) => set('title')(e.currentTarget.value)} size="md" />
              <RichText label="Text" value={draft.body} onChange={set('body')} error={errors.body} />
              <Textarea label="Excerpt" description="A sentence or two under the title on the blog's list." autosize minRows={2} maxLength={500}
                value={draft.description} error={errors.description} onChange={(e) => set('description')(e.currentTarget.value)} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack>
              <Paper withBorder p="md" radius="md">
                <Stack gap="sm">
                  <Text fw={600} size="sm">Publishing</Text>
                  <SegmentedControl fullWidth value={draft.status} onChange={(v) => set('status')(v as PostStatus)} aria-label="Status"
                    data={[{ value: 'draft', label: 'Draft' }, { value: 'published', label: 'Published' }]} />
                  {current && <Text size="xs" c="dimmed">{current.status === 'published' ? `Live since ${formatDate(current.published_at)}` : 'Not on the blog yet.'}</Text>}
                  <Group grow>
                    <Button type="submit" loading={save.isPending}>Save</Button>
                  </Group>
                  {draft.status === 'draft' && (
                    <Button variant="light" onClick={() => submit('published')()} loading={save.isPending}>Save and publish</Button>
                  )}
                </Stack>
              </Paper>
              <PictureField label="Cover picture" description="Shown on the blog's list and at the top of the post." value={draft.cover_photo} src={draft.cover_src}
                error={errors.cover_photo} testId="cover-upload" onChange={(ref, src) => { setSaved(null); setDraft((d) => ({ ...d, cover_photo: ref, cover_src: src })); }} />
              <MultiSelect label="Categories" placeholder="Choose" searchable clearable value={draft.category_ids} onChange={set('category_ids')} error={errors.category_ids}
                data={(categories.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                nothingFoundMessage={<Anchor component={Link} to="/post-categories" size="sm">Add categories</Anchor>} />
              <SearchFields draft={draft} errors={errors} set={set} urlDescription="The post's address on the blog; made from the title when left empty." />
              <RemoveButton editing={editing} remove={remove} question="Remove this post? It leaves the blog and cannot be brought back.">Remove the post</RemoveButton>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}
