import { Alert, Button, Checkbox, Group, Modal, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { callUrl, routes } from '@gemstore/contracts/client';
import type { AdminStonesQuery, AttributeKind } from '@gemstore/contracts';
import { api, downloadFile, errorMessage } from '../../../lib/api.ts';
import { catalogKey, stonesKey } from '../api.ts';
import { formatCount, formatMg, formatNumber, formatRupees, formatWeight } from '../../../lib/format.ts';
import { stoneStatusColor } from '../../../lib/statuses.ts';
import { STATUS_OPTIONS } from '../stone-status.ts';
import { filterCount, filtersOf, searchOf, type IdListFilter, type StoneFilters } from '../stone-filters.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';

const SORTS = [
  { value: 'newest', label: 'Newest first' }, { value: 'oldest', label: 'Oldest first' },
  { value: 'price_asc', label: 'Price, low to high' }, { value: 'price_desc', label: 'Price, high to low' },
  { value: 'weight_asc', label: 'Weight, light to heavy' }, { value: 'weight_desc', label: 'Weight, heavy to light' },
  { value: 'sku', label: 'SKU' },
];

type Sort = AdminStonesQuery['sort'];

/** The attribute filters, each a list of the store's values (any of them matches). */
const LIST_FILTERS: { name: IdListFilter; kind: AttributeKind; label: string; placeholder: string }[] = [
  { name: 'grades', kind: 'grade', label: 'Grade', placeholder: 'Any grade' },
  { name: 'colors', kind: 'color', label: 'Colour', placeholder: 'Any colour' },
  { name: 'clarities', kind: 'clarity', label: 'Clarity', placeholder: 'Any clarity' },
  { name: 'shapes', kind: 'shape', label: 'Shape', placeholder: 'Any shape' },
  { name: 'origins', kind: 'origin', label: 'Origin', placeholder: 'Any origin' },
];

/**
 * The store's stones in every status: find by SKU or certificate number, filter, sort, and act on
 * many at once. The filters, sort and page are the page's address, so a reload or a shared link
 * keeps them; the export writes the stones they find.
 */
export function StonesPage() {
  const queryClient = useQueryClient();
  const catalog = useQuery({ queryKey: catalogKey, queryFn: () => api.adminCatalog() });
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [search, setSearch] = useState(filters.q ?? '');
  const [q] = useDebouncedValue(search.trim(), 250);
  const written = useRef(filters.q ?? '');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [repricing, setRepricing] = useState(false);
  const [percent, setPercent] = useState<number | string>(10);
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);
  const [exporting, setExporting] = useState(false);

  /** A change of filters: back to the first page, nothing selected; typing in the search box does not fill the history. */
  const update = (change: Partial<StoneFilters>, replace = false) => {
    setSelected(new Set());
    setParams(searchOf({ ...filtersOf(params), page: 1, ...change }), { replace });
  };
  // The typed text joins the address once typing pauses; an address changed otherwise (back, a link) shows its text.
  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    update({ q: q || undefined }, true);
  }, [q]);
  useEffect(() => {
    const inAddress = filters.q ?? '';
    if (inAddress !== written.current) { written.current = inAddress; setSearch(inAddress); }
  }, [filters.q]);

  const { page, ...listed } = filters;
  const stones = useQuery({ queryKey: [...stonesKey, filters], queryFn: () => api.adminStones({ query: filters }), placeholderData: keepPreviousData });

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(callUrl(routes.adminStonesExport, { query: listed }), 'stones.csv');
    } catch (err) {
      setNotice({ color: 'red', text: errorMessage(err) });
    } finally {
      setExporting(false);
    }
  };

  const bulk = useMutation({
    mutationFn: (body: { action: 'show' | 'hide'; ids: number[] } | { action: 'price'; ids: number[]; percent: number }) => api.adminBulkStones({ body }),
    onSuccess: async (result) => {
      setSelected(new Set());
      setRepricing(false);
      setNotice({
        color: 'green',
        text: `${formatCount(result.changed, 'stone')} changed${result.skipped ? `; ${formatNumber(result.skipped)} left as they were (reserved or sold stones belong to their orders)` : ''}.`,
      });
      await queryClient.invalidateQueries({ queryKey: stonesKey });
    },
    onError: (err) => setNotice({ color: 'red', text: errorMessage(err) }),
  });

  const productName = new Map((catalog.data?.products ?? []).map((p) => [p.id, p.name]));
  const options = (list: { id: number; value?: string; name?: string }[] | undefined) =>
    (list ?? []).map((v) => ({ value: String(v.id), label: v.value ?? v.name ?? '' }));
  const rows = stones.data?.data ?? [];
  const allOnPage = rows.length > 0 && rows.every((s) => selected.has(s.id));
  const toggle = (id: number) => setSelected((old) => {
    const next = new Set(old);
    if (next.has(id)) next.delete(id); else next.add(id);
    return next;
  });
  const ids = [...selected];

  return (
    <Stack>
      <PageHeader title="Stones">
        <Group gap="xs">
          <Button variant="default" component={Link} to="/stones/import">Import CSV</Button>
          <Button variant="default" loading={exporting} onClick={() => void exportCsv()}
            title="Every stone these filters find, in the columns the import reads">Export CSV</Button>
          <Button component={Link} to="/stones/new">Add a stone</Button>
        </Group>
      </PageHeader>
      <Stack gap="xs" role="search" aria-label="Filter the stones">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <TextInput label="Find" placeholder="SKU or certificate number" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
          <Select label="Gem" placeholder="All gems" clearable searchable data={options(catalog.data?.products)}
            value={filters.product ? String(filters.product) : null} onChange={(v) => update({ product: v ? Number(v) : undefined })} />
          <Select label="Status" placeholder="Any status" clearable data={STATUS_OPTIONS}
            value={filters.status ?? null} onChange={(v) => update({ status: (v ?? undefined) as StoneFilters['status'] })} />
          <Select label="Sort" data={SORTS} value={filters.sort} allowDeselect={false} onChange={(v) => v && update({ sort: v as Sort })} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
          {LIST_FILTERS.map((f) => (
            <MultiSelect key={f.name} label={f.label} placeholder={filters[f.name].length ? undefined : f.placeholder} clearable searchable
              data={options(catalog.data?.attributes[f.kind])} value={filters[f.name].map(String)} onChange={(v) => update({ [f.name]: v.map(Number) })} />
          ))}
        </SimpleGrid>
        {filterCount(filters) > 0 && (
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={() => { setSearch(''); written.current = ''; update({ q: undefined, product: undefined, status: undefined, grades: [], colors: [], clarities: [], shapes: [], origins: [] }); }}>
              Clear filters
            </Button>
          </Group>
        )}
      </Stack>
      {notice && <Alert color={notice.color} role="status" withCloseButton onClose={() => setNotice(null)}>{notice.text}</Alert>}
      <ErrorAlert error={stones.error} role="alert" />
      <Group gap="xs" aria-label="With the selected stones">
        <Text size="sm" c="dimmed">{ids.length ? `${ids.length} selected` : 'Select stones to act on several at once'}</Text>
        <Button size="xs" variant="light" disabled={!ids.length} loading={bulk.isPending} onClick={() => bulk.mutate({ action: 'show', ids })}>Show on the shop</Button>
        <Button size="xs" variant="light" disabled={!ids.length} loading={bulk.isPending} onClick={() => bulk.mutate({ action: 'hide', ids })}>Hide</Button>
        <Button size="xs" variant="light" disabled={!ids.length} onClick={() => setRepricing(true)}>Change price</Button>
      </Group>
      <DataTable
        label="Stones" striped highlightOnHover aria-busy={stones.isFetching} minWidth={760} rows={rows} rowKey={(s) => s.id}
        rowProps={() => ({ 'data-testid': 'stone-row' })}
        columns={[
          {
            head: (
              <Checkbox aria-label="Select every stone on this page" checked={allOnPage} indeterminate={!allOnPage && rows.some((s) => selected.has(s.id))}
                onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map((s) => s.id)))} />
            ),
            th: { w: 40 },
            cell: (s) => <Checkbox aria-label={`Select ${s.sku}`} checked={selected.has(s.id)} onChange={() => toggle(s.id)} />,
          },
          { head: 'SKU', cell: (s) => <Link to={`/stones/${s.id}`}>{s.sku}</Link> },
          {
            head: 'Stone',
            cell: (s) => (
              <>
                <Text size="sm">{s.name}</Text>
                <Text size="xs" c="dimmed">{productName.get(s.product_id)}</Text>
              </>
            ),
          },
          { head: 'Weight', cell: (s) => <><Text size="sm">{formatMg(s.weight_mg)}</Text><Text size="xs" c="dimmed">{formatWeight({ carats: s.carat, ratti: s.ratti })}</Text></> },
          { head: 'Certificate', cell: (s) => <Text size="sm">{s.certificate_lab} {s.certificate_number}</Text> },
          { head: 'Price', align: 'right', cell: (s) => formatRupees(s.price) },
          { head: 'Status', cell: (s) => <StatusBadge color={stoneStatusColor(s.status)}>{s.status}</StatusBadge> },
        ]}
      />
      {stones.data && (
        <Text size="sm" c="dimmed" data-testid="stones-total">
          {stones.data.total === 0 ? 'No stones match.' : formatCount(stones.data.total, 'stone')}
        </Text>
      )}
      <Pager of={stones.data} page={page} onChange={(p) => { setSelected(new Set()); setParams(searchOf({ ...filters, page: p })); }} />

      <Modal opened={repricing} onClose={() => setRepricing(false)} title={`Change the price of ${formatCount(ids.length, 'stone')}`}>
        <form onSubmit={(e) => { e.preventDefault(); bulk.mutate({ action: 'price', ids, percent: Number(percent) }); }}>
          <Stack>
            <NumberInput label="By percent" description="10 raises by a tenth, -10 lowers by a tenth; new prices are rounded to the whole unit."
              value={percent} onChange={setPercent} min={-90} max={500} decimalScale={2} suffix="%" required />
            <Button type="submit" loading={bulk.isPending}>Change prices</Button>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
