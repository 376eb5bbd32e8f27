import { Alert, Button, Card, Group, Loader, ScrollArea, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { GstReportResponse, GstReportTable } from '@gemstore/contracts';
import { GST_REPORT_TABLES } from '@gemstore/contracts/constants';
import { api, callUrl, downloadFile, errorMessage, routes } from '../../../lib/api.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { formatRupees } from '../../../lib/format.ts';

/** The month before the current one (India time), which is the one a return is filed for. */
function lastMonth(): string {
  const india = new Date(Date.now() + 330 * 60_000);
  const d = new Date(Date.UTC(india.getUTCFullYear(), india.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

const TABLE_NAMES: Record<GstReportTable, string> = {
  b2cs: 'B2CS (B2C small)', b2cl: 'B2CL (B2C large)', cdnur: 'CDNUR (credit notes, unregistered)', exp: 'EXP (exports)', hsn: 'HSN summary',
};

type Figures = Pick<GstReportResponse['net'], 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total'>;
const figureCells = (f: Figures) => (['taxable', 'cgst', 'sgst', 'igst', 'total'] as const).map((k) => <Table.Td key={k} ta="right">{formatRupees(f[k])}</Table.Td>);
const figureHeads = ['Taxable value', 'CGST', 'SGST', 'IGST', 'Total'].map((h) => <Table.Th key={h} ta="right">{h}</Table.Th>);

/** A month's GST: invoices, credit notes and the net, by HSN code and rate and by place of supply, and the GSTR-1 tables as CSV. */
export function GstReportPage() {
  const [params, setParams] = useSearchParams();
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '') ? params.get('month')! : lastMonth();
  const report = useQuery({ queryKey: ['admin', 'reports', 'gst', month], queryFn: () => api.adminGstReport({ query: { month } }) });
  const [problem, setProblem] = useState<string | null>(null);
  const download = (table: GstReportTable) => {
    setProblem(null);
    downloadFile(callUrl(routes.adminGstReportCsv, { query: { month, table } }), `gstr1-${table}-${month}.csv`).catch((err: unknown) => setProblem(errorMessage(err)));
  };
  const r = report.data;

  return (
    <Stack maw={1100}>
      <PageHeader title="GST report" />
      <Text c="dimmed" size="sm">
        From the tax invoices and credit notes issued in the month (India time), as they were issued. Credit notes are taken off the
        invoices; the B2CL and export invoices they reduce are listed in CDNUR.
      </Text>
      <Group align="end">
        <TextInput type="month" label="Month" value={month} onChange={(e) => e.currentTarget.value && setParams({ month: e.currentTarget.value })} w={200} />
      </Group>
      <ErrorAlert error={report.error} />
      {problem && <Alert color="red" role="alert">{problem}</Alert>}
      {!r && !report.isError && <Loader />}
      {r && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Card withBorder>
              <Text size="sm" c="dimmed">Invoices ({r.invoices.count})</Text>
              <Text fw={700} data-testid="gst-invoices">{formatRupees(r.invoices.total)}</Text>
              <Text size="xs" c="dimmed">Taxable {formatRupees(r.invoices.taxable)}</Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed">Credit notes ({r.credit_notes.count})</Text>
              <Text fw={700} data-testid="gst-credit-notes">{r.credit_notes.total > 0 ? `− ${formatRupees(r.credit_notes.total)}` : formatRupees(0)}</Text>
              <Text size="xs" c="dimmed">Taxable {formatRupees(r.credit_notes.taxable)}</Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed">Net</Text>
              <Text fw={700} data-testid="gst-net">{formatRupees(r.net.total)}</Text>
              <Text size="xs" c="dimmed">Tax {formatRupees(r.net.cgst + r.net.sgst + r.net.igst)}</Text>
            </Card>
          </SimpleGrid>

          <Card withBorder>
            <Text fw={600} mb="xs">By HSN code and rate</Text>
            <ScrollArea>
              <Table aria-label="By HSN code and rate" miw={760}>
                <Table.Thead><Table.Tr><Table.Th>HSN</Table.Th><Table.Th>Description</Table.Th><Table.Th ta="right">Rate</Table.Th><Table.Th ta="right">Quantity</Table.Th>{figureHeads}</Table.Tr></Table.Thead>
                <Table.Tbody>
                  {r.by_hsn.length === 0 && <Table.Tr><Table.Td colSpan={9}><Text c="dimmed" size="sm">No invoices or credit notes in this month.</Text></Table.Td></Table.Tr>}
                  {r.by_hsn.map((h) => (
                    <Table.Tr key={`${h.hsn}-${h.rate}`}>
                      <Table.Td>{h.hsn}</Table.Td><Table.Td>{h.description}</Table.Td><Table.Td ta="right">{h.rate}%</Table.Td><Table.Td ta="right">{h.quantity}</Table.Td>
                      {figureCells(h)}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot><Table.Tr><Table.Th colSpan={4}>Net</Table.Th>{figureCells(r.net)}</Table.Tr></Table.Tfoot>
              </Table>
            </ScrollArea>
          </Card>

          <Card withBorder>
            <Text fw={600} mb="xs">By place of supply</Text>
            <ScrollArea>
              <Table aria-label="By place of supply" miw={640}>
                <Table.Thead><Table.Tr><Table.Th>Place of supply</Table.Th>{figureHeads}</Table.Tr></Table.Thead>
                <Table.Tbody>
                  {r.by_state.map((s) => (
                    <Table.Tr key={`${s.code}-${s.place_of_supply}`}><Table.Td>{s.code ? `${s.code}-${s.place_of_supply}` : s.place_of_supply}</Table.Td>{figureCells(s)}</Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </Card>

          <Card withBorder>
            <Text fw={600}>GSTR-1 tables (CSV)</Text>
            <Text size="xs" c="dimmed" mb="xs">In the columns of the return's offline tool; B2CL lists inter-state invoices above ₹1,00,000.</Text>
            <Group gap="xs">
              {GST_REPORT_TABLES.map((table) => <Button key={table} variant="light" size="xs" onClick={() => download(table)}>{TABLE_NAMES[table]}</Button>)}
            </Group>
          </Card>
        </>
      )}
    </Stack>
  );
}
