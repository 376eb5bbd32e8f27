import {
  Alert, Badge, Button, Checkbox, Group, Modal, NumberInput, Pagination, Select, Stack, Table, Text, TextInput, Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminStonesQuery } from '@gemstore/contracts';
import { api, errorMessage } from '../api.ts';
import { catalogKey, formatRupees, statusColor, STATUS_OPTIONS, stonesKey } from './catalogue-shared.ts';

const SORTS = [
  { value: 'newest', label: 'Newest first' }, { value: 'oldest', label: 'Oldest first' },
  { value: 'price_asc', label: 'Price, low to high' }, { value: 'price_desc', label: 'Price, high to low' },
  { value: 'weight_asc', label: 'Weight, light to heavy' }, { value: 'weight_desc', label: 'Weight, heavy to light' },
  { value: 'sku', label: 'SKU' },
];

type Sort = AdminStonesQuery['sort'];

/** The store's stones in every status: find by SKU or certificate number, filter, sort, and act on many at once. */
export function StonesPage() {
  const queryClient = useQueryClient();
  const catalog = useQuery({ queryKey: catalogKey, queryFn: () => api.adminCatalog() });
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [product, setProduct] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [grade, setGrade] = useState<string | null>(null);
  const [origin, setOrigin] = useState<string | null>(null);
  const [sort, setSort] = useState<Sort>('newest');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [repricing, setRepricing] = useState(false);
  const [percent, setPercent] = useState<number | string>(10);
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);

  const query = {
    page, sort, ...(q ? { q } : {}), ...(product ? { product: Number(product) } : {}),
    ...(status ? { status: status as AdminStonesQuery['status'] } : {}),
    grades: grade ? [Number(grade)] : [], origins: origin ? [Number(origin)] : [],
    colors: [], clarities: [], shapes: [],
  };
  const stones = useQuery({ queryKey: [...stonesKey, query], queryFn: () => api.adminStones({ query }), placeholderData: keepPreviousData });
  const pages = stones.data ? Math.max(1, Math.ceil(stones.data.total / stones.data.per_page)) : 1;
  const filter = <T,>(set: (v: T) => void) => (v: T) => { setPage(1); setSelected(new Set()); set(v); };

  const bulk = useMutation({
    mutationFn: (body: { action: 'show' | 'hide'; ids: number[] } | { action: 'price'; ids: number[]; percent: number }) => api.adminBulkStones({ body }),
    onSuccess: async (result) => {
      setSelected(new Set());
      setRepricing(false);
      setNotice({
        color: 'green',
        text: `${result.changed} ${result.changed === 1 ? 'stone' : 'stones'} changed${result.skipped ? `; ${result.skipped} left as they were (reserved or sold stones belong to their orders)` : ''}.`,
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
      <Group justify="space-between">
        <Title order={2}>Stones</Title>
        <Button component={Link} to="/stones/new">Add a stone</Button>
      </Group>
      <Group align="end" wrap="wrap">
        <TextInput label="Find" placeholder="SKU or certificate number" value={search} w={220}
          onChange={(e) => { setPage(1); setSearch(e.currentTarget.value); }} />
        <Select label="Gem" placeholder="All gems" clearable w={180} data={options(catalog.data?.products)} value={product} onChange={filter(setProduct)} />
        <Select label="Status" placeholder="Any status" clearable w={150} data={STATUS_OPTIONS} value={status} onChange={filter(setStatus)} />
        <Select label="Grade" placeholder="Any grade" clearable w={140} data={options(catalog.data?.attributes.grade)} value={grade} onChange={filter(setGrade)} />
        <Select label="Origin" placeholder="Any origin" clearable w={160} data={options(catalog.data?.attributes.origin)} value={origin} onChange={filter(setOrigin)} />
        <Select label="Sort" w={200} data={SORTS} value={sort} allowDeselect={false} onChange={(v) => v && filter(setSort)(v as Sort)} />
      </Group>
      {notice && <Alert color={notice.color} role="status" withCloseButton onClose={() => setNotice(null)}>{notice.text}</Alert>}
      {stones.isError && <Alert color="red" role="alert">{errorMessage(stones.error)}</Alert>}
      <Group gap="xs" aria-label="With the selected stones">
        <Text size="sm" c="dimmed">{ids.length ? `${ids.length} selected` : 'Select stones to act on several at once'}</Text>
        <Button size="xs" variant="light" disabled={!ids.length} loading={bulk.isPending} onClick={() => bulk.mutate({ action: 'show', ids })}>Show on the shop</Button>
        <Button size="xs" variant="light" disabled={!ids.length} loading={bulk.isPending} onClick={() => bulk.mutate({ action: 'hide', ids })}>Hide</Button>
        <Button size="xs" variant="light" disabled={!ids.length} onClick={() => setRepricing(true)}>Change price</Button>
      </Group>
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover aria-label="Stones">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox aria-label="Select every stone on this page" checked={allOnPage} indeterminate={!allOnPage && rows.some((s) => selected.has(s.id))}
                  onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map((s) => s.id)))} />
              </Table.Th>
              <Table.Th>SKU</Table.Th><Table.Th>Stone</Table.Th><Table.Th>Weight</Table.Th><Table.Th>Certificate</Table.Th>
              <Table.Th ta="right">Price</Table.Th><Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((s) => (
              <Table.Tr key={s.id} data-testid="stone-row">
                <Table.Td><Checkbox aria-label={`Select ${s.sku}`} checked={selected.has(s.id)} onChange={() => toggle(s.id)} /></Table.Td>
                <Table.Td><Link to={`/stones/${s.id}`}>{s.sku}</Link></Table.Td>
                <Table.Td>
                  <Text size="sm">{s.name}</Text>
                  <Text size="xs" c="dimmed">{productName.get(s.product_id)}</Text>
                </Table.Td>
                <Table.Td><Text size="sm">{s.weight_mg} mg</Text><Text size="xs" c="dimmed">{s.carat} ct · {s.ratti} ratti</Text></Table.Td>
                <Table.Td><Text size="sm">{s.certificate_lab} {s.certificate_number}</Text></Table.Td>
                <Table.Td ta="right">{formatRupees(s.price)}</Table.Td>
                <Table.Td><Badge color={statusColor(s.status)} variant="light">{s.status}</Badge></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {stones.data && (
        <Text size="sm" c="dimmed" data-testid="stones-total">
          {stones.data.total === 0 ? 'No stones match.' : `${stones.data.total.toLocaleString('en-IN')} ${stones.data.total === 1 ? 'stone' : 'stones'}`}
        </Text>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={(p) => { setSelected(new Set()); setPage(p); }} />}

      <Modal opened={repricing} onClose={() => setRepricing(false)} title={`Change the price of ${ids.length} ${ids.length === 1 ? 'stone' : 'stones'}`}>
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
