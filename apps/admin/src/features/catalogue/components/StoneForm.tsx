import {
  ActionIcon, Alert, Badge, Button, FileButton, Grid, Group, Image, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text,
  Textarea, TextInput, Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { AdminStone, AdminStoneBody, Photo, StoneFieldName, SuitedKind } from '@gemstore/contracts';
import { STONE_TREATMENTS, TREATMENT_LABELS, mgFromRatti, rattiFromMg } from '@gemstore/contracts/constants';
import { caratsFromMg, mgFromCarats } from '@gemstore/contracts/money';
import { stonePlainFieldList, type StoneFieldPlain } from '@gemstore/contracts/stone-fields';
import { api, errorMessage, fieldErrors, uploadPicture } from '../../../lib/api.ts';
import { SaveErrorAlert } from '../../../components/ErrorAlert.tsx';
import { formatMg, formatWeight } from '../../../lib/format.ts';
import { catalogKey, stonesKey } from '../api.ts';
import { stoneStatusColor } from '../../../lib/statuses.ts';
import { PictureField } from '../../../components/PictureField.tsx';
import { StoneOrders } from '../../orders/components/stone-orders.tsx';

/** The units a seller weighs in: the weight is kept in mg, the others worked out from it. */
type WeightUnit = 'ct' | 'ratti' | 'mg';
const WEIGHT_UNITS: { value: WeightUnit; label: string }[] = [{ value: 'ct', label: 'Carats' }, { value: 'ratti', label: 'Ratti' }, { value: 'mg', label: 'Milligrams' }];
const UNIT_KEY = 'gemstore.admin.weight-unit';

function savedUnit(): WeightUnit {
  try {
    const unit = window.localStorage.getItem(UNIT_KEY);
    return unit === 'mg' || unit === 'ratti' ? unit : 'ct';
  } catch {
    return 'ct';
  }
}

/** A weight in mg as the chosen unit shows it (empty for none). */
function weightIn(unit: WeightUnit, mgText: string, rattiMg: number): string {
  const mg = Number(mgText);
  if (mgText === '' || !Number.isFinite(mg)) return '';
  return String(unit === 'mg' ? mg : unit === 'ct' ? caratsFromMg(mg) : rattiFromMg(mg, rattiMg));
}

/** The mg of a weight typed in a unit, as text for the draft (empty or not a number: left for the server to refuse by name). */
function mgOf(unit: WeightUnit, typed: string, rattiMg: number): string {
  const value = Number(typed);
  if (typed.trim() === '' || !Number.isFinite(value)) return typed.trim() === '' ? '' : 'NaN';
  return String(unit === 'mg' ? value : unit === 'ct' ? mgFromCarats(value) : mgFromRatti(value, rattiMg));
}

/**
 * The form as typed, one text per field of the stone's description (contracts stone-field-list.ts),
 * but its photos, which are kept apart in their order. A field added there is held, loaded and
 * sent here without another line; only its input below is placed by hand.
 */
type DraftName = Exclude<StoneFieldName, 'photos'>;
type Draft = Record<DraftName, string>;
const draftFields = stonePlainFieldList().filter(([, f]) => f.input !== 'photos') as [DraftName, StoneFieldPlain][];

/** A new stone: every field empty, those the form may leave out at their first value (a draft, no treatment). */
const EMPTY = Object.fromEntries(draftFields.map(([name, f]) => [name, f.initial === undefined ? '' : String(f.initial)])) as Draft;

function draftOf(s: AdminStone): Draft {
  return Object.fromEntries(draftFields.map(([name]) => [name, s[name] === null ? '' : String(s[name])])) as Draft;
}

/** The body of a draft: numbers and list choices as numbers (an empty one as NaN, which the server refuses by name). */
function bodyOf(draft: Draft, photos: Photo[], held: boolean): AdminStoneBody {
  const values = Object.fromEntries(draftFields.map(([name, f]) => {
    const text = draft[name];
    return [name, f.input === 'number' || f.input === 'list' ? (text === '' ? Number.NaN : Number(text)) : text];
  }));
  return {
    ...values,
    // The stone's picture is its first photo's; a reserved or sold stone's status is its order's, never sent.
    image: '', photos: photos.map((p) => p.name), status: held ? undefined : values.status,
  } as AdminStoneBody;
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
  const [certificateSrc, setCertificateSrc] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [unit, setUnit] = useState<WeightUnit>(savedUnit);
  const [weightText, setWeightText] = useState('');
  const rattiMg = catalog.data?.ratti_mg ?? 182;

  const load = (s: AdminStone) => {
    const loaded = draftOf(s);
    setDraft(loaded); setPhotos(s.photos); setCertificateSrc(s.certificate_image_src);
    setWeightText(weightIn(unit, loaded.weight_mg, rattiMg));
  };
  useEffect(() => {
    if (stone.data) load(stone.data.stone);
    // A stone is loaded when it arrives, not when the unit changes.
  }, [stone.data, rattiMg]);

  const save = useMutation({
    mutationFn: (body: AdminStoneBody) => (editing ? api.adminUpdateStone({ params: { id: Number(id) }, body }) : api.adminCreateStone({ body })),
    onSuccess: async (data) => {
      await queryClient.invalidateQueries({ queryKey: stonesKey });
      setSaved(true);
      if (!editing) navigate(`/stones/${data.stone.id}`, { replace: true });
      else load(data.stone);
    },
  });
  const errors = fieldErrors(save.error);
  const current = stone.data?.stone;
  const held = current?.status === 'reserved' || current?.status === 'sold';
  const set = <K extends keyof Draft>(key: K) => (value: Draft[K]) => { setSaved(false); setDraft((d) => ({ ...d, [key]: value })); };
  const text = (key: keyof Draft) => ({
    value: draft[key], error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key)(e.currentTarget.value),
  });
  const choose = (key: keyof Draft, data: { value: string; label: string }[], label: string, description?: string) => (
    <Select label={label} description={description} data={data} value={draft[key] || null} onChange={(v) => set(key)(v ?? '')}
      error={errors[key]} required searchable allowDeselect={false} />
  );
  const number = (key: keyof Draft) => ({ value: draft[key], onChange: (v: number | string) => set(key)(String(v)), error: errors[key] });
  const values = (kind: 'grade' | 'color' | 'clarity' | 'shape' | 'origin') =>
    (catalog.data?.attributes[kind] ?? []).map((v) => ({ value: String(v.id), label: v.value }));
  const gem = catalog.data?.products.find((p) => String(p.id) === draft.product_id);
  /** The gem's list of a kind, if it has one; a value the stone was saved with stays offered (the server keeps it too). */
  const suitedIds = (kind: SuitedKind): number[] | null => {
    const ids = gem?.[`${kind}_ids`] ?? [];
    return ids.length ? ids : null;
  };
  const suited = (kind: SuitedKind) => {
    const ids = suitedIds(kind);
    const had = current && String(current.product_id) === draft.product_id ? current[`${kind}_id`] : null;
    return ids ? values(kind).filter((v) => ids.includes(Number(v.value)) || Number(v.value) === had)
      .map((v) => (ids.includes(Number(v.value)) ? v : { ...v, label: `${v.label} (as saved)` })) : values(kind);
  };
  const suitedNote = gem && (suitedIds('color') || suitedIds('origin'))
    ? `Colours and origins: those that suit ${gem.name}, set under Catalogue, Gems.` : null;
  /** Choosing another gem clears a colour or origin that does not suit it. */
  const chooseGem = (value: string | null) => {
    setSaved(false);
    const next = catalog.data?.products.find((p) => String(p.id) === value);
    setDraft((d) => {
      const fit = (kind: SuitedKind, chosen: string) => {
        const ids = next?.[`${kind}_ids`] ?? [];
        const had = current && String(current.product_id) === value ? String(current[`${kind}_id`]) : null;
        return !ids.length || chosen === '' || ids.includes(Number(chosen)) || chosen === had ? chosen : '';
      };
      return { ...d, product_id: value ?? '', color_id: fit('color', d.color_id), origin_id: fit('origin', d.origin_id) };
    });
  };
  const typeWeight = (typed: string) => {
    setWeightText(typed);
    set('weight_mg')(mgOf(unit, typed, rattiMg));
  };
  const chooseUnit = (next: string) => {
    const chosen = next as WeightUnit;
    setUnit(chosen);
    // The weight stays as it is in mg: the field shows it in the new unit.
    setWeightText(weightIn(chosen, draft.weight_mg, rattiMg));
    try { window.localStorage.setItem(UNIT_KEY, chosen); } catch { /* the choice is for this visit only */ }
  };

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
  const move = (from: number, to: number) => setPhotos((list) => {
    const next = [...list];
    const [photo] = next.splice(from, 1);
    next.splice(to, 0, photo!);
    setSaved(false);
    return next;
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(bodyOf(draft, photos, held));
  };

  const mg = Number(draft.weight_mg);
  // The weight in every unit, the one typed too (what the shop will store and show).
  const weightNote = mg > 0 && Number.isInteger(mg)
    ? `${formatWeight({ mg, carats: caratsFromMg(mg), ratti: rattiFromMg(mg, rattiMg) }, { fixed: true })} (1 ratti = ${formatMg(rattiMg)} here)`
    : undefined;
  const unitLabel = WEIGHT_UNITS.find((u) => u.value === unit)!.label.toLowerCase();

  if (editing && stone.isError) return <Alert color="red" role="alert">{errorMessage(stone.error)}</Alert>;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={1100}>
        <Group justify="space-between">
          <Group>
            <Title order={2}>{editing ? (current?.name ?? 'Stone') : 'Add a stone'}</Title>
            {current && <Badge color={stoneStatusColor(current.status)} variant="light">{current.status}</Badge>}
          </Group>
          <Button component={Link} to="/stones" variant="subtle">Back to stones</Button>
        </Group>
        <SaveErrorAlert error={save.error} />
        {saved && <Alert color="green" role="status">Saved. {draft.status === 'available' && !held ? 'The stone is on the shop now.' : ''}</Alert>}
        <Grid>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack>
              <Paper withBorder p="md">
                <Stack>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput label="SKU" required {...text('sku')} />
                    <Select label="Gem" data={(catalog.data?.products ?? []).map((p) => ({ value: String(p.id), label: p.name }))} value={draft.product_id || null}
                      onChange={chooseGem} error={errors.product_id} required searchable allowDeselect={false} />
                  </SimpleGrid>
                  <TextInput label="Name" description="Shown as typed. Left empty: the gem and its ratti (Blue Sapphire 6.04 Ratti)." {...text('name')} />
                  <TextInput label="Friendly url" description="Left empty: made from the name and SKU." {...text('url')} />
                  <Group align="end" gap="sm" wrap="wrap">
                    <NumberInput label={`Weight (${unit === 'mg' ? 'mg' : unit})`} required min={0} w={180}
                      decimalScale={unit === 'mg' ? 0 : unit === 'ct' ? 3 : 2} allowDecimal={unit !== 'mg'} allowNegative={false}
                      value={weightText} onChange={(v) => typeWeight(String(v))} error={errors.weight_mg}
                      description={`Weighed in ${unitLabel}`} />
                    <SegmentedControl value={unit} onChange={chooseUnit} data={WEIGHT_UNITS} aria-label="Weight in" mb={errors.weight_mg ? 22 : 0} />
                  </Group>
                  {weightNote && <Text size="sm" c="dimmed" data-testid="weight-note">{weightNote}</Text>}
                  <SimpleGrid cols={{ base: 2, sm: 3 }}>
                    <NumberInput label="Width (mm)" required min={0} decimalScale={2} {...number('width_mm')} />
                    <NumberInput label="Length (mm)" required min={0} decimalScale={2} {...number('length_mm')} />
                    <NumberInput label="Depth (mm)" required min={0} decimalScale={2} {...number('depth_mm')} />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    {choose('grade_id', values('grade'), 'Grade')}
                    {choose('color_id', suited('color'), 'Colour')}
                    {choose('clarity_id', values('clarity'), 'Clarity')}
                    {choose('shape_id', values('shape'), 'Shape')}
                    {choose('origin_id', suited('origin'), 'Origin')}
                    {choose('treatment', STONE_TREATMENTS.map((v) => ({ value: v, label: TREATMENT_LABELS[v] })), 'Treatment')}
                  </SimpleGrid>
                  {suitedNote && <Text size="xs" c="dimmed" data-testid="suited-note">{suitedNote}</Text>}
                  <Text size="xs" c="dimmed">
                    Treatment: what was done to the stone beyond cutting, as its report or the trade discloses it (rubies and sapphires are
                    often heated, emeralds oiled). None only when nothing was done: shoppers see it on the stone&apos;s page.
                  </Text>
                  <NumberInput label="Price (₹, GST included)" required min={1} decimalScale={2} thousandSeparator="," maw={280} {...number('price')} />
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
                  <PictureField label="Certificate picture" description="A scan or photo of the report (JPEG, PNG or WebP): shoppers zoom into it on the stone's page."
                    value={draft.certificate_image} src={certificateSrc} ratio={1.4} fit="contain" error={errors.certificate_image} testId="certificate-upload"
                    alt="The certificate" onBusy={setUploading}
                    onChange={(ref, src) => { set('certificate_image')(ref); setCertificateSrc(src); }} />
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
                      <SegmentedControl value={draft.status} onChange={set('status')} aria-label="Status"
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
