/**
 * Catalog → Import / export (issue 20, decision 051): export the catalog or a filter as CSV,
 * download the template, upload a file for its dry run, then apply it and follow its progress.
 * The job followed is in the URL (`?job=`), so a reload or a shared link shows the same report.
 */
import { Download, Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiUrl } from '@storefront/shared/catalog-calls';
import { PRODUCT_STATUSES } from '@storefront/shared/catalog-product';
import { IMPORT_ZIP_MAX_BYTES, IMPORT_ZIP_MAX_ENTRIES } from '@storefront/shared/catalog-images';
import { IMPORT_FILE_MAX_BYTES } from '@storefront/shared/catalog-transfer';
import { groupIndian } from '@storefront/shared/money';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { describeError } from '../../../../lib/api/error-message';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { DataTable, Td, Th } from '../../../components/table';
import { formatDateTime } from '../../../lib/dates';
import { consoleHref } from '../../../paths';
import { useExportCategories } from '../api/get-export-categories';
import { useImportJob } from '../api/get-import-job';
import { useImportJobs } from '../api/get-import-jobs';
import { useUploadImport } from '../api/upload-import';
import { ImportJobPanel } from '../components/import-job-panel';

const selectClasses =
  'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600';

function ExportPanel() {
  const categories = useExportCategories();
  const [status, setStatus] = useState('');
  const [category, setCategory] = useState('');
  const [q, setQ] = useState('');
  const query = {
    ...(status ? { status } : {}),
    ...(category ? { category } : {}),
    ...(q.trim() ? { q: q.trim() } : {}),
  };
  return (
    <Panel title="Export">
      <p className="text-sm text-slate-600">
        The catalog as a CSV file in the import&apos;s columns: edit it in a spreadsheet and import
        it again.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Status
          <select
            className={selectClasses}
            value={status}
            onChange={(e) => setStatus(e.target.value)}
          >
            <option value="">All</option>
            {PRODUCT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0]!.toUpperCase() + s.slice(1)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Category
          <select
            className={selectClasses}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          >
            <option value="">All</option>
            {(categories.data?.payload ?? []).map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.category}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Name, code or brand
          <input
            className={`${selectClasses} w-48`}
            value={q}
            maxLength={100}
            onChange={(e) => setQ(e.target.value)}
          />
        </label>
        <a
          href={apiUrl('/api/staff/catalog/export.csv', query)}
          download
          className={buttonClasses('outline', 'md')}
        >
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
      </div>
    </Panel>
  );
}

function ImportPanel() {
  const navigate = useNavigate();
  const upload = useUploadImport();
  const [file, setFile] = useState<File | null>(null);
  const [images, setImages] = useState<File | null>(null);
  const tooLarge = file !== null && file.size > IMPORT_FILE_MAX_BYTES;
  const zipTooLarge = images !== null && images.size > IMPORT_ZIP_MAX_BYTES;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || tooLarge || zipTooLarge) return;
    upload.mutate(
      { file, images },
      { onSuccess: (job) => navigate(consoleHref.catalogImport(job.id)) },
    );
  };
  return (
    <Panel title="Import">
      <p className="text-sm text-slate-600">
        A CSV file (one row per product, or one row per variant) or JSON Lines. Every file is first
        checked in a dry run that changes nothing; you apply it after reading its report.{' '}
        <a
          className="font-medium text-blue-700 underline"
          href={apiUrl('/api/staff/catalog/import-template.csv', { layout: 'product' })}
          download
        >
          Template, one row per product
        </a>{' '}
        ·{' '}
        <a
          className="font-medium text-blue-700 underline"
          href={apiUrl('/api/staff/catalog/import-template.csv', { layout: 'variant' })}
          download
        >
          one row per variant
        </a>
      </p>
      <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          File
          <input
            type="file"
            accept=".csv,.jsonl,.ndjson,text/csv"
            className="text-sm"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Photos (zip, optional)
          <input
            type="file"
            accept=".zip,application/zip"
            className="text-sm"
            aria-describedby="import-photos-help"
            onChange={(e) => setImages(e.target.files?.[0] ?? null)}
          />
        </label>
        <Button type="submit" disabled={!file || tooLarge || zipTooLarge || upload.isPending}>
          <Upload aria-hidden="true" className="size-4" />
          {upload.isPending ? 'Uploading…' : 'Upload and check'}
        </Button>
      </form>
      <p id="import-photos-help" className="text-xs text-slate-500">
        Image columns name a photo of the zip by its file name (<code>front.jpg</code>) or its path
        in the zip; at most {groupIndian(IMPORT_ZIP_MAX_ENTRIES)} files and{' '}
        {IMPORT_ZIP_MAX_BYTES / 1024 / 1024 / 1024} GB. An <code>https://</code> address works only
        where the operator lets the server fetch images.
      </p>
      {zipTooLarge ? (
        <ErrorAlert title="The zip is too large">
          At most {IMPORT_ZIP_MAX_BYTES / 1024 / 1024 / 1024} GB of photos: split the file and its
          photos into several imports.
        </ErrorAlert>
      ) : null}
      {tooLarge ? (
        <ErrorAlert title="The file is too large">
          At most {IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB: split it into several files.
        </ErrorAlert>
      ) : null}
      {upload.error ? (
        <ErrorAlert title="Could not upload">{describeError(upload.error)}</ErrorAlert>
      ) : null}
    </Panel>
  );
}

function RecentImports() {
  const jobs = useImportJobs();
  if (jobs.isPending) return <Loading what="the recent imports" rows={2} />;
  if (jobs.error) return <QueryError error={jobs.error} what="the recent imports" />;
  if (jobs.data.jobs.length === 0) return null;
  return (
    <Panel title="Recent imports">
      <DataTable caption="Recent imports" captionHidden>
        <thead>
          <tr>
            <Th>File</Th>
            <Th>Uploaded</Th>
            <Th>By</Th>
            <Th>Status</Th>
            <Th>Errors</Th>
          </tr>
        </thead>
        <tbody>
          {jobs.data.jobs.map((job) => (
            <tr key={job.id}>
              <Td>
                <Link className="text-blue-700 underline" to={consoleHref.catalogImport(job.id)}>
                  {job.fileName}
                </Link>
              </Td>
              <Td className="whitespace-nowrap">{formatDateTime(job.createdAt)}</Td>
              <Td>{job.createdBy}</Td>
              <Td>{job.status}</Td>
              <Td className="tabular-nums">{job.issueCount}</Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </Panel>
  );
}

function FollowedJob({ id }: { id: string }) {
  const job = useImportJob(id);
  if (job.isPending) return <Loading what="the import" rows={3} />;
  if (job.error) return <QueryError error={job.error} what="the import" />;
  return <ImportJobPanel job={job.data} />;
}

export function ImportExportPage() {
  const [params] = useSearchParams();
  const jobId = params.get('job');
  return (
    <>
      <PageHeader
        title="Catalog import / export"
        description="Load a supplier's price list or your own spreadsheet; export the catalog to edit it."
      />
      <div className="grid gap-4">
        {jobId ? <FollowedJob id={jobId} /> : null}
        <div className="grid gap-4 lg:grid-cols-2">
          <ImportPanel />
          <ExportPanel />
        </div>
        <RecentImports />
      </div>
    </>
  );
}
