/**
 * An import job as the seller follows it (decision 051): the dry run's progress and report (the
 * counts, then every row and column in error), the apply button when the file has no error, the
 * apply's progress bar, and the summary at the end.
 */
import { CheckCircle2 } from 'lucide-react';
import {
  IMPORT_ISSUES_SHOWN,
  issueText,
  type ImportCounts,
  type ImportJob,
} from '@storefront/shared/catalog-transfer';
import { groupIndian } from '@storefront/shared/money';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { describeError } from '../../../../lib/api/error-message';
import { Facts, Panel } from '../../../components/panel';
import { DataTable, Td, Th } from '../../../components/table';
import { formatDateTime } from '../../../lib/dates';
import { useApplyImport } from '../api/apply-import';

/** What the job is doing now: storing the zip's photos comes before the dry run reads a row. */
const statusText = (job: ImportJob) =>
  job.status === 'validating' && job.images?.status === 'storing'
    ? `Storing the photos of ${job.images.fileName}…`
    : STATUS_TEXT[job.status];

const STATUS_TEXT: Record<ImportJob['status'], string> = {
  validating: 'Checking the file (dry run)…',
  validated: 'Checked',
  applying: 'Applying…',
  applied: 'Applied',
  failed: 'Failed',
};

const n = (value: number) => groupIndian(value);

function Counts({ counts, label }: { counts: ImportCounts; label: string }) {
  return (
    <Facts
      items={[
        [label, `${n(counts.products)} products`],
        ['New', n(counts.new)],
        ['Changed', n(counts.changed)],
        ['Unchanged', n(counts.unchanged)],
        ['Archived', n(counts.archived)],
        ['In error', n(counts.invalid)],
      ]}
    />
  );
}

function Progress({ job }: { job: ImportJob }) {
  if (job.images?.status === 'storing' && job.status === 'validating')
    return (
      <p className="text-sm text-slate-600">
        {n(job.images.stored)} {job.images.stored === 1 ? 'photo' : 'photos'} stored so far; the
        file is checked next.
      </p>
    );
  const [value, max, text] =
    job.status === 'validating'
      ? [job.bytesRead, job.bytes, `${n(job.total)} products checked`]
      : [job.done, job.total, `${n(job.done)} of ${n(job.total)} products applied`];
  const percent = max > 0 ? Math.floor((value / max) * 100) : 0;
  return (
    <div className="grid gap-1">
      <progress
        className="h-3 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-blue-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-blue-600"
        value={value}
        max={Math.max(max, 1)}
        aria-label={statusText(job)}
      />
      <p className="text-sm text-slate-600">
        {percent}% · {text}
      </p>
    </div>
  );
}

function Issues({ job }: { job: ImportJob }) {
  const line = job.format === 'jsonl' ? 'line' : 'row';
  return (
    <div className="grid gap-2">
      <ErrorAlert
        title={`${n(job.issueCount)} ${job.issueCount === 1 ? 'error' : 'errors'} in the file`}
      >
        Nothing was changed. Correct the file and upload it again
        {job.issueCount > IMPORT_ISSUES_SHOWN
          ? `: the first ${IMPORT_ISSUES_SHOWN} are listed here (the CLI, npm run store -- catalog:import, lists them all).`
          : '.'}
      </ErrorAlert>
      <DataTable caption="Errors by row and column">
        <thead>
          <tr>
            <Th>{line === 'row' ? 'Row' : 'Line'}</Th>
            <Th>{line === 'row' ? 'Column' : 'Field'}</Th>
            <Th>Product</Th>
            <Th>Problem</Th>
          </tr>
        </thead>
        <tbody>
          {job.issues.map((issue, i) => (
            <tr key={i} title={issueText(issue, line)}>
              <Td className="tabular-nums">{n(issue.row)}</Td>
              <Td className="font-mono text-xs">{issue.column ?? '—'}</Td>
              <Td className="font-mono text-xs">{issue.productCode ?? '—'}</Td>
              <Td>{issue.message}</Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </div>
  );
}

export function ImportJobPanel({ job }: { job: ImportJob }) {
  const applyImport = useApplyImport();
  const running = job.status === 'validating' || job.status === 'applying';
  const dryRunIssues = job.issues.filter((issue) => issue.phase === 'dry_run');
  const applyIssues = job.issues.filter((issue) => issue.phase === 'apply');
  const changes = job.dryRun ? job.dryRun.new + job.dryRun.changed + job.dryRun.archived : 0;
  return (
    <Panel title={`Import of ${job.fileName}`}>
      <p className="text-sm text-slate-600" aria-live="polite">
        <span className="font-semibold text-slate-900">{statusText(job)}</span> · uploaded{' '}
        {formatDateTime(job.createdAt)} by {job.createdBy}
      </p>
      {job.images?.status === 'stored' ? (
        <p className="text-sm text-slate-600">
          Photos: {n(job.images.stored)} stored from {job.images.fileName}
          {job.images.problems > 0
            ? `; ${n(job.images.problems)} ${job.images.problems === 1 ? 'file is' : 'files are'} not an image it could read (an error on each row that names one)`
            : ''}
          .
        </p>
      ) : null}
      {running ? <Progress job={job} /> : null}
      {job.error ? <ErrorAlert title="The import stopped">{job.error}</ErrorAlert> : null}
      {job.dryRun && job.status !== 'applied' ? (
        <Counts counts={job.dryRun} label="Dry run" />
      ) : null}
      {job.status === 'validated' && job.issueCount > 0 ? (
        <Issues job={{ ...job, issues: dryRunIssues }} />
      ) : null}
      {job.status === 'validated' && job.issueCount === 0 ? (
        changes === 0 ? (
          <p className="text-sm text-slate-700">
            Nothing to change: every product in the file is as the catalog has it.
          </p>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => applyImport.mutate(job.id)} disabled={applyImport.isPending}>
              Apply {n(changes)} {changes === 1 ? 'change' : 'changes'}
            </Button>
            <p className="text-sm text-slate-600">
              The file has no error. Nothing is written until you apply it.
            </p>
          </div>
        )
      ) : null}
      {applyImport.error ? (
        <ErrorAlert title="Could not apply">{describeError(applyImport.error)}</ErrorAlert>
      ) : null}
      {job.status === 'applied' && job.applied ? (
        <div className="grid gap-2">
          <p className="flex items-center gap-2 text-sm font-semibold text-green-800">
            <CheckCircle2 aria-hidden="true" className="size-5" />
            Applied: {n(job.applied.new)} new, {n(job.applied.changed)} changed,{' '}
            {n(job.applied.archived)} archived, {n(job.applied.unchanged)} unchanged.
          </p>
          <Counts counts={job.applied} label="Applied" />
          {applyIssues.length > 0 ? (
            <>
              <p className="text-sm text-slate-700">
                These products changed since the dry run and were left as they were:
              </p>
              <Issues job={{ ...job, issues: applyIssues }} />
            </>
          ) : null}
        </div>
      ) : null}
    </Panel>
  );
}
