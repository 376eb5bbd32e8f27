import {
  Alert, Anchor, Badge, Button, FileInput, Group, Paper, Progress, ScrollArea, Stack, Table, Text, Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ImportDryRunResponse, ImportJob, ImportRowError } from '@gemstore/contracts';
import { MAX_IMPORT_ERRORS, STONE_TREATMENTS } from '@gemstore/contracts/constants';
import { REQUIRED_STONE_CSV_COLUMNS, STONE_CSV_COLUMNS } from '@gemstore/contracts/stone-fields';
import { api, errorMessage, fieldErrors } from '../../../lib/api.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { stonesKey } from '../api.ts';
import { formatCount, formatNumber, formatWhen } from '../../../lib/format.ts';

/** Query keys of the import pages: the job list and each job. */
const importsKey = ['admin', 'imports'] as const;
const jobKey = (id: number) => [...importsKey, id] as const;

/** How often a job that is not over is asked for again. */
const POLL_MS = 1000;

type JobSummary = Omit<ImportJob, 'errors'>;
const isOpen = (job: JobSummary) => job.status === 'queued' || job.status === 'running';
const count = formatNumber;
const rows = (n: number) => formatCount(n, 'row');
const when = formatWhen;

function statusBadge(job: JobSummary) {
  const [color, label] = { queued: ['gray', 'waiting'], running: ['blue', 'importing'], done: ['green', 'done'], failed: ['red', 'failed'] }[job.status];
  return <Badge color={color} variant="light">{label}</Badge>;
}

/** Sends the file to /api/admin/imports: a dry run answers the report, else the queued job. */
function upload(file: File, dryRun: boolean) {
  const form = new FormData();
  if (dryRun) form.append('dry_run', 'true');
  form.append('file', file);
  return api.adminImportUpload({ form });
}

/** A job's progress: rows handled of the file's rows; while it waits for a runner the bar is empty. */
export function JobProgress({ job }: { job: JobSummary }) {
  const percent = job.status === 'done' ? 100 : job.total ? Math.floor((job.processed / job.total) * 100) : 0;
  const text = job.status === 'queued' && job.total === null
    ? 'Waiting to start…'
    : job.total === null ? 'Reading the file…' : `${count(job.processed)} of ${rows(job.total)}`;
  return (
    <Stack gap={4} data-testid="import-progress">
      <Progress value={percent} size="lg" striped={isOpen(job)} animated={job.status === 'running'} aria-label={`Import of ${job.file_name}`} />
      <Text size="xs" c="dimmed">{text}</Text>
    </Stack>
  );
}

/** Bad rows: the line of the file (the header is line 1), the column and what is wrong. */
function RowErrors({ errors, label }: { errors: ImportRowError[]; label: string }) {
  if (!errors.length) return null;
  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <Table striped aria-label={label} stickyHeader>
        <Table.Thead><Table.Tr><Table.Th w={80}>Row</Table.Th><Table.Th w={180}>Column</Table.Th><Table.Th>Problem</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {errors.map((e, i) => (
            <Table.Tr key={`${e.row}-${e.column}-${i}`} data-testid="import-error">
              <Table.Td>{e.row}</Table.Td><Table.Td><code>{e.column}</code></Table.Td><Table.Td>{e.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function DryRunReport({ report }: { report: ImportDryRunResponse }) {
  const bad = report.rows - report.valid;
  return (
    <Stack gap="sm" data-testid="dry-run-report">
      <Alert color={bad ? 'yellow' : 'green'} role="status" title={bad ? `${rows(bad)} with problems` : 'Every row is ready'}>
        {rows(report.rows)} read: {count(report.valid)} ready to import{bad ? `, ${count(bad)} to correct (they are skipped if you import now)` : ''}. Nothing has been written yet.
        {report.errors.length >= MAX_IMPORT_ERRORS && ` The first ${count(MAX_IMPORT_ERRORS)} problems are listed.`}
      </Alert>
      <RowErrors errors={report.errors} label="Problems found in the file" />
    </Stack>
  );
}

/**
 * Stones from a CSV: the file is checked first (every bad row with its column and problem, nothing
 * written), then imported by a background job whose progress the job's page follows. The recent
 * jobs are listed, so an import in progress is found again after a reload.
 */
export function ImportPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const jobs = useQuery({
    queryKey: importsKey,
    queryFn: () => api.adminImportJobs(),
    refetchInterval: (query) => (query.state.data?.data.some(isOpen) ? POLL_MS : false),
  });
  const check = useMutation({ mutationFn: (f: File) => upload(f, true) });
  const start = useMutation({
    mutationFn: (f: File) => upload(f, false),
    onSuccess: async (res) => {
      if (res.dry_run) return;
      queryClient.setQueryData(jobKey(res.job.id), { job: res.job });
      await queryClient.invalidateQueries({ queryKey: importsKey, exact: true });
      navigate(`/stones/import/${res.job.id}`);
    },
  });
  const report = check.data?.dry_run ? check.data : null;
  const fileError = fieldErrors(check.error).file ?? fieldErrors(start.error).file;
  const otherError = [check.error, start.error].find((e) => e && !fieldErrors(e).file);
  const choose = (f: File | null) => { setFile(f); check.reset(); start.reset(); };

  return (
    <Stack maw={1000}>
      <PageHeader title="Import stones">
        <Button component={Link} to="/stones" variant="subtle">Back to stones</Button>
      </PageHeader>
      <Paper withBorder p="md">
        <Stack>
          <Text size="sm">
            A CSV file (UTF-8) with a header row, in the columns the stone export writes: export your stones for a file to start from.
            A row whose SKU is already in the shop updates that stone; reserved and sold stones keep their status.
          </Text>
          <Text size="xs" c="dimmed">
            Columns: {STONE_CSV_COLUMNS.join(', ')}. Required: {REQUIRED_STONE_CSV_COLUMNS.join(', ')}. Products and attribute values by name; photos as uploaded names separated by spaces; treatment one of {STONE_TREATMENTS.join(', ')} (left empty: a stone keeps its own, a new one is none).
          </Text>
          <Group align="end">
            <FileInput label="CSV file" placeholder="Choose a file" accept=".csv,text/csv" clearable value={file} onChange={choose}
              error={fileError} w={320} />
            <Button onClick={() => file && check.mutate(file)} disabled={!file} loading={check.isPending}>Check the file</Button>
          </Group>
          {otherError && <Alert color="red" role="alert">{errorMessage(otherError)}</Alert>}
          {report && file && (
            <>
              <DryRunReport report={report} />
              <Group>
                <Button onClick={() => start.mutate(file)} disabled={report.valid === 0} loading={start.isPending}>
                  Import {formatCount(report.valid, 'stone')}
                </Button>
                <Text size="sm" c="dimmed">The import runs on the server: you may leave this page.</Text>
              </Group>
            </>
          )}
        </Stack>
      </Paper>

      <Title order={3}>Recent imports</Title>
      <ErrorAlert error={jobs.error} role="alert" />
      {jobs.data && jobs.data.data.length === 0 && <Text size="sm" c="dimmed">No imports yet.</Text>}
      {jobs.data && jobs.data.data.length > 0 && (
        <Table aria-label="Recent imports" verticalSpacing="sm">
          <Table.Thead><Table.Tr><Table.Th>File</Table.Th><Table.Th w="55%">Progress or result</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {jobs.data.data.map((job) => (
              <Table.Tr key={job.id} data-testid="import-job">
                <Table.Td>
                  <Anchor component={Link} to={`/stones/import/${job.id}`} style={{ wordBreak: 'break-all' }}>{job.file_name}</Anchor>
                  <Text size="xs" c="dimmed">{when(job.created_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={6} align="flex-start">
                    {statusBadge(job)}
                    {isOpen(job) ? <Stack w="100%"><JobProgress job={job} /></Stack> : <JobResult job={job} compact />}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function JobResult({ job, compact = false }: { job: JobSummary; compact?: boolean }) {
  if (job.status === 'failed') return <Text size="sm" c="red">{job.message ?? 'The import stopped.'}</Text>;
  const text = `${count(job.created)} added, ${count(job.updated)} updated, ${count(job.failed)} skipped`;
  return compact ? <Text size="sm">{text}</Text> : <Text data-testid="import-result">{text}{job.failed ? ' (rows with problems, listed below)' : ''}.</Text>;
}

/** One import: its progress while it runs (asked for every second), then what it did and the rows it skipped. */
export function ImportJobPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const job = useQuery({
    queryKey: jobKey(id),
    queryFn: () => api.adminImportJob({ params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) => (query.state.data && isOpen(query.state.data.job) ? POLL_MS : false),
  });
  const current = job.data?.job;
  const over = current !== undefined && !isOpen(current);
  // The stones it wrote show in the list, and the list of imports shows it finished.
  useEffect(() => {
    if (over) void queryClient.invalidateQueries({ queryKey: stonesKey }).then(() => queryClient.invalidateQueries({ queryKey: importsKey, exact: true }));
  }, [over, queryClient]);

  if (job.isError) return <Alert color="red" role="alert">{errorMessage(job.error)}</Alert>;
  return (
    <Stack maw={1000}>
      <Group justify="space-between">
        <Group>
          <Title order={2}>Import of {current?.file_name ?? '…'}</Title>
          {current && statusBadge(current)}
        </Group>
        <Group gap="xs">
          <Button component={Link} to="/stones/import" variant="subtle">Imports</Button>
          <Button component={Link} to="/stones" variant="subtle">Back to stones</Button>
        </Group>
      </Group>
      {current && (
        <Paper withBorder p="md">
          <Stack>
            {current.started_at === null && current.status === 'queued'
              ? <Text size="sm">Uploaded {when(current.created_at)}. The server starts it in a moment; you may leave this page and come back.</Text>
              : <Text size="sm">Uploaded {when(current.created_at)}{current.finished_at ? `, finished ${when(current.finished_at)}` : ''}.</Text>}
            <JobProgress job={current} />
            {over && <JobResult job={current} />}
            {over && current.errors.length >= MAX_IMPORT_ERRORS && (
              <Text size="sm" c="dimmed">The first {count(current.errors.length)} problems are listed.</Text>
            )}
            {over && <RowErrors errors={current.errors} label="Rows skipped" />}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
