import {
  ActionIcon, Alert, Badge, Button, FileButton, Grid, Group, Image, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text,
  Textarea, TextInput, Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { caratsFromMg, rattiFromMg, type AdminStone, type AdminStoneBody, type Photo } from '@gemstore/contracts';
import { api, errorMessage, fieldErrors, uploadPicture } from '../api.ts';
import { catalogKey, statusColor, stonesKey } from './catalogue-shared.ts';
import { StoneOrders } from './stone-orders.tsx';

type Draft = {
  sku: string; product_id: string | null; name: string; url: string;
  weight_mg: number | string; width_mm: number | string; length_mm: number | string; depth_mm: number | string;
  grade_id: string | null; color_id: string | null; clarity_id: string | null; shape_id: string | null; origin_id: string | null;
  certificate_lab: string; certificate_number: string; certificate_verification_url: string; certificate_image: string;
  price: number | string; description: string; status: 'draft' | 'available' | 'hidden';
};

const EMPTY: Draft = {
  sku: '', product_id: null, name: '', url: '', weight_mg: '', width_mm: '', length_mm: '', depth_mm: '',
  grade_id: null, color_id: null, clarity_id: null, shape_id: null, origin_id: null,
  certificate_lab: '', certificate_number: '', certificate_verification_url: '', certificate_image: '', price: '', description: '', status: 'draft',
};

function draftOf(s: AdminStone): Draft {
  const id = (n: number) => String(n);
  return {
    sku: s.sku, product_id: id(s.product_id), name: s.name, url: s.url,
    weight_mg: s.weight_mg, width_mm: s.width_mm, length_mm: s.length_mm, depth_mm: s.depth_mm,
    grade_id: id(s.grade_id), color_id: id(s.color_id), clarity_id: id(s.clarity_id), shape_id: id(s.shape_id), origin_id: id(s.origin_id),
    certificate_lab: s.certificate_lab, certificate_number: s.certificate_number, certificate_verification_url: s.certificate_verification_url ?? '',
    certificate_image: s.certificate_image, price: s.price, description: s.description,
    status: s.status === 'draft' || s.status === 'available' || s.status === 'hidden' ? s.status : 'available',
  };
}

/** Add or change one stone: its facts, certificate, price, photos (upload, order) and whether the shop shows it. */
export function StoneFormPage() {
  const { id } = useParams();
  const editing = id !== undefined && id !== 'new';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const catalog = useQuery({ queryKey: catalogKey, queryFn: () => api.adminCatalog() });
  const stone = useQuery({ queryKey: [...stonesKey, 'one', id], queryFn: () => api.adminStone({ params: { id: Number(id) } }), enabled: editing });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (stone.data) { setDraft(draftOf(stone.data.stone)); setPhotos(stone.data.stone.photos); }
  }, [stone.data]);

  const save = useMutation({
    mutationFn: (body: AdminStoneBody) => (editing ? api.adminUpdateStone({ params: { id: Number(id) }, body }) : api.adminCreateStone({ body })),
    onSuccess: async (data) => {
      await queryClient.invalidateQueries({ queryKey: stonesKey });
      setSaved(true);
      if (!editing) navigate(`/stones/${data.stone.id}`, { replace: true });
      else { setDraft(draftOf(data.stone)); setPhotos(data.stone.photos); }
    },
  });
  const errors = fieldErrors(save.error);
  const current = stone.data?.stone;
  const held = current?.status === 'reserved' || current?.status === 'sold';
  const set = <K extends keyof Draft>(key: K) => (value: Draft[K]) => { setSaved(false); setDraft((d) => ({ ...d, [key]: value })); };
  const text = (key: keyof Draft) => ({
    value: String(draft[key] ?? ''), error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key)(e.currentTarget.value as never),
  });
  const choose = (key: keyof Draft, data: { value: string; label: string }[], label: string) => (
    <Select label={label} data={data} value={draft[key] as string | null} onChange={(v) => set(key)(v as never)} error={errors[key]} required searchable />
  );
  const values = (kind: 'grade' | 'color' | 'clarity' | 'shape' | 'origin') =>
    (catalog.data?.attributes[kind] ?? []).map((v) => ({ value: String(v.id), label: v.value }));

  const addPhotos = async (files: File[]) => {
    setUploading(true); setUploadError(null);
    try {
      for (const file of files) {
        const photo = await uploadPicture(file);
        setPhotos((list) => (list.some((p) => p.name === photo.name) ? list : [...list, photo]));
        setSaved(false);
      }
    } catch (err) {
      setUploadError(errorMessage(err));
    } finally {
      setUploading(false);
    }
  };
  const uploadCertificate = async (file: File | null) => {
    if (!file) return;
    setUploading(true); setUploadError(null);
    try {
      // The largest copy: a certificate is read, not glanced at.
      const photo = await uploadPicture(file);
      set('certificate_image')(photo.srcset.split(', ').at(-1)!.split(' ')[0]!);
    } catch (err) {
      setUploadError(errorMessage(err));
    } finally {
      setUploading(false);
    }
  };
  const move = (from: number, to: number) => setPhotos((list) => {
    const next = [...list];
    const [photo] = next.splice(from, 1);
    next.splice(to, 0, photo!);
    setSaved(false);
    return next;
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const num = (v: number | string) => (v === '' ? Number.NaN : Number(v));
    save.mutate({
      sku: draft.sku, product_id: Number(draft.product_id), name: draft.name, url: draft.url,
      weight_mg: num(draft.weight_mg), width_mm: num(draft.width_mm), length_mm: num(draft.length_mm), depth_mm: num(draft.depth_mm),
      grade_id: Number(draft.grade_id), color_id: Number(draft.color_id), clarity_id: Number(draft.clarity_id),
      shape_id: Number(draft.shape_id), origin_id: Number(draft.origin_id),
      certificate_lab: draft.certificate_lab, certificate_number: draft.certificate_number,
      certificate_verification_url: draft.certificate_verification_url, certificate_image: draft.certificate_image,
      price: num(draft.price), description: draft.description, image: '', photos: photos.map((p) => p.name),
      ...(held ? {} : { status: draft.status }),
    });
  };

  const mg = Number(draft.weight_mg);
  const rattiMg = catalog.data?.ratti_mg ?? 182;
  const weightNote = mg > 0 ? `${caratsFromMg(mg)} ct · ${rattiFromMg(mg, rattiMg).toFixed(2)} ratti (1 ratti = ${rattiMg} mg here)` : undefined;

  if (editing && stone.isError) return <Alert color="red" role="alert">{errorMessage(stone.error)}</Alert>;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={1100}>
        <Group justify="space-between">
          <Group>
            <Title order={2}>{editing ? (current?.name ?? 'Stone') : 'Add a stone'}</Title>
            {current && <Badge color={statusColor(current.status)} variant="light">{current.status}</Badge>}
          </Group>
          <Button component={Link} to="/stones" variant="subtle">Back to stones</Button>
        </Group>
        {save.isError && <Alert color="red" role="alert">{Object.keys(errors).length ? 'Please correct the fields marked below.' : errorMessage(save.error)}</Alert>}
        {saved && <Alert color="green" role="status">Saved. {draft.status === 'available' && !held ? 'The stone is on the shop now.' : ''}</Alert>}
        <Grid>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack>
              <Paper withBorder p="md">
                <Stack>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput label="SKU" required {...text('sku')} />
                    <Select label="Gem" data={(catalog.data?.products ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
                      value={draft.product_id} onChange={set('product_id')} error={errors.product_id} required searchable />
                  </SimpleGrid>
                  <TextInput label="Name" description="Left empty: the gem and its ratti (Blue Sapphire 6.04 Ratti)." {...text('name')} />
                  <TextInput label="Friendly url" description="Left empty: made from the name and SKU." {...text('url')} />
                  <SimpleGrid cols={{ base: 2, sm: 4 }}>
                    <NumberInput label="Weight (mg)" required min={1} allowDecimal={false} value={draft.weight_mg} onChange={set('weight_mg')} error={errors.weight_mg} />
                    <NumberInput label="Width (mm)" required min={0} decimalScale={2} value={draft.width_mm} onChange={set('width_mm')} error={errors.width_mm} />
                    <NumberInput label="Length (mm)" required min={0} decimalScale={2} value={draft.length_mm} onChange={set('length_mm')} error={errors.length_mm} />
                    <NumberInput label="Depth (mm)" required min={0} decimalScale={2} value={draft.depth_mm} onChange={set('depth_mm')} error={errors.depth_mm} />
                  </SimpleGrid>
                  {weightNote && <Text size="sm" c="dimmed" data-testid="weight-note">{weightNote}</Text>}
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    {choose('grade_id', values('grade'), 'Grade')}
                    {choose('color_id', values('color'), 'Colour')}
                    {choose('clarity_id', values('clarity'), 'Clarity')}
                    {choose('shape_id', values('shape'), 'Shape')}
                    {choose('origin_id', values('origin'), 'Origin')}
                    <NumberInput label="Price (₹, GST included)" required min={1} decimalScale={2} thousandSeparator="," value={draft.price} onChange={set('price')} error={errors.price} />
                  </SimpleGrid>
                  <Textarea label="Description" autosize minRows={3} {...text('description')} />
                </Stack>
              </Paper>
              <Paper withBorder p="md">
                <Stack>
                  <Title order={4}>Certificate</Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput label="Laboratory" {...text('certificate_lab')} />
                    <TextInput label="Report number" {...text('certificate_number')} />
                  </SimpleGrid>
                  <TextInput label="Verification link" placeholder="https://…" {...text('certificate_verification_url')} />
                  <Group align="end">
                    <TextInput label="Certificate picture" style={{ flex: 1 }} {...text('certificate_image')} />
                    <FileButton onChange={(f) => void uploadCertificate(f)} accept="image/jpeg,image/png,image/webp">
                      {(props) => <Button variant="light" loading={uploading} {...props}>Upload</Button>}
                    </FileButton>
                  </Group>
                  {draft.certificate_image && <Image src={draft.certificate_image} alt="The certificate" h={140} w="auto" fit="contain" />}
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack>
              <Paper withBorder p="md">
                <Stack>
                  <Title order={4}>On the shop</Title>
                  {held
                    ? <Text size="sm">This stone is {current?.status}: its order decides, not the back office.</Text>
                    : (
                      <SegmentedControl value={draft.status} onChange={(v) => set('status')(v as Draft['status'])} aria-label="Status"
                        data={[{ value: 'draft', label: 'Draft' }, { value: 'available', label: 'Available' }, { value: 'hidden', label: 'Hidden' }]} />
                    )}
                  <Text size="xs" c="dimmed">Only available stones are listed and can be bought. Drafts and hidden stones have no page on the shop.</Text>
                  {current && <StoneOrders stoneId={current.id} />}
                </Stack>
              </Paper>
              <Paper withBorder p="md">
                <Stack>
                  <Group justify="space-between">
                    <Title order={4}>Photos</Title>
                    <FileButton onChange={(files) => void addPhotos(files)} accept="image/jpeg,image/png,image/webp" multiple>
                      {(props) => <Button size="xs" variant="light" loading={uploading} {...props}>Add photos</Button>}
                    </FileButton>
                  </Group>
                  {uploadError && <Alert color="red" role="alert">{uploadError}</Alert>}
                  {errors.photos && <Text c="red" size="sm">{errors.photos}</Text>}
                  {photos.length === 0 && <Text size="sm" c="dimmed">No photos yet. The first photo is the stone's picture in lists.</Text>}
                  <SimpleGrid cols={3} spacing="xs">
                    {photos.map((p, i) => (
                      <Stack key={p.name} gap={4} data-testid="stone-photo">
                        <Image src={p.src} srcSet={p.srcset} sizes="120px" alt={`Photo ${i + 1}`} radius="sm" h={100} fit="cover" />
                        <Group gap={4} justify="center">
                          <ActionIcon size="sm" variant="light" aria-label={`Move photo ${i + 1} earlier`} disabled={i === 0} onClick={() => move(i, i - 1)}>‹</ActionIcon>
                          <ActionIcon size="sm" variant="light" aria-label={`Move photo ${i + 1} later`} disabled={i === photos.length - 1} onClick={() => move(i, i + 1)}>›</ActionIcon>
                          <ActionIcon size="sm" variant="light" color="red" aria-label={`Remove photo ${i + 1}`} onClick={() => { setSaved(false); setPhotos((l) => l.filter((x) => x.name !== p.name)); }}>×</ActionIcon>
                        </Group>
                      </Stack>
                    ))}
                  </SimpleGrid>
                </Stack>
              </Paper>
              <Button type="submit" size="md" loading={save.isPending} disabled={uploading}>{editing ? 'Save changes' : 'Add the stone'}</Button>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}
