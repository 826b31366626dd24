/**
 * The audit log (owner): who did what, to what, when and from where, newest first; filtered by
 * actor, action, target and days, the filters and the page in the URL; each entry's before and
 * after as a readable diff.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { KeysetPager } from '../../../components/keyset-pager';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { DataTable, Td, Th } from '../../../components/table';
import { formatDateTime } from '../../../lib/dates';
import { useKeysetPages } from '../../../lib/keyset-pages';
import { consolePaths } from '../../../paths';
import { useAudit } from '../api/get-audit';
import { ChangeDiff } from '../components/change-diff';
import {
  AUDIT_FILTERS,
  auditFilterErrors,
  auditFiltersFromSearch,
  auditQuery,
  searchFromAuditFilters,
  type AuditFilters,
} from '../lib/audit-filters';

const LABELS: Record<(typeof AUDIT_FILTERS)[number], string> = {
  actor: 'Actor (email)',
  action: 'Action',
  targetType: 'Target type',
  targetId: 'Target id',
  from: 'From',
  to: 'To',
};

export function AuditPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = auditFiltersFromSearch(params);
  const pages = useKeysetPages('before');
  const audit = useAudit(auditQuery(filters, pages.cursor));
  const [errors, setErrors] = useState<AuditFilters>({});

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: AuditFilters = {};
    for (const name of AUDIT_FILTERS) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next[name] = value;
    }
    const found = auditFilterErrors(next);
    setErrors(found);
    const firstInvalid = AUDIT_FILTERS.find((name) => found[name]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    const search = searchFromAuditFilters(next).toString();
    void navigate(search ? `${consolePaths.audit}?${search}` : consolePaths.audit);
  };

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made by staff and every sign-in, newest first. Nothing here can be edited or deleted."
      />
      <form
        key={searchFromAuditFilters(filters).toString()}
        noValidate
        aria-label="Filter the audit log"
        onSubmit={apply}
        className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6"
      >
        {AUDIT_FILTERS.map((name) => (
          <FormField
            key={name}
            label={LABELS[name]}
            name={name}
            type={name === 'from' || name === 'to' ? 'date' : 'text'}
            placeholder={name === 'action' ? 'order.ship' : undefined}
            defaultValue={filters[name] ?? ''}
            error={errors[name]}
          />
        ))}
        <div className="flex gap-2 sm:col-span-2 lg:col-span-3 xl:col-span-6 xl:justify-end">
          <Button type="submit">Apply filters</Button>
          <Button variant="outline" onClick={() => void navigate(consolePaths.audit)}>
            Clear
          </Button>
        </div>
      </form>
      <div className="mt-6">
        {audit.isPending ? (
          <Loading what="the audit log" />
        ) : audit.isError ? (
          <QueryError error={audit.error} what="the audit log" />
        ) : audit.data.entries.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
            No entries match these filters.
          </p>
        ) : (
          <>
            <DataTable caption="Audit entries, newest first" captionHidden>
              <thead>
                <tr>
                  <Th>When</Th>
                  <Th>Actor</Th>
                  <Th>Action</Th>
                  <Th>Target</Th>
                  <Th>Changes</Th>
                  <Th>From</Th>
                </tr>
              </thead>
              <tbody>
                {audit.data.entries.map((entry) => (
                  <tr key={entry.id}>
                    <Td className="whitespace-nowrap">{formatDateTime(entry.at)}</Td>
                    <Td className="whitespace-nowrap">{entry.actor}</Td>
                    <Td className="font-mono text-xs whitespace-nowrap">{entry.action}</Td>
                    <Td className="text-xs">
                      {entry.targetType ? (
                        <>
                          <span className="block">{entry.targetType}</span>
                          <span className="block font-mono break-all text-slate-500">
                            {entry.targetId}
                          </span>
                        </>
                      ) : (
                        '—'
                      )}
                    </Td>
                    <Td className="min-w-56">
                      <ChangeDiff before={entry.before} after={entry.after} />
                    </Td>
                    <Td className="text-xs text-slate-600">
                      <span className="block">{entry.ip ?? '—'}</span>
                      {entry.userAgent ? (
                        <span className="block max-w-48 truncate" title={entry.userAgent}>
                          {entry.userAgent}
                        </span>
                      ) : null}
                    </Td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <KeysetPager
              label="Audit log pages"
              pageNumber={pages.pageNumber}
              hasPrevious={pages.hasPrevious}
              next={audit.data.next === null ? null : String(audit.data.next)}
              onPrevious={pages.previous}
              onNext={pages.next}
            />
          </>
        )}
      </div>
    </>
  );
}
