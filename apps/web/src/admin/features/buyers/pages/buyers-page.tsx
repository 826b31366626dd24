/** The buyers: searched by email, company or GSTIN, paged, each opening the buyer's page. */
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { KeysetPager } from '../../../components/keyset-pager';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { DataTable, Td, Th } from '../../../components/table';
import { formatDay } from '../../../lib/dates';
import { useKeysetPages } from '../../../lib/keyset-pages';
import { consoleHref, consolePaths } from '../../../paths';
import { useBuyers } from '../api/list-buyers';

export function BuyersPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q')?.trim() || undefined;
  const pages = useKeysetPages('after');
  const buyers = useBuyers(q, pages.cursor);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    void navigate(
      next ? `${consolePaths.buyers}?${new URLSearchParams({ q: next })}` : consolePaths.buyers,
    );
  };

  return (
    <>
      <PageHeader title="Buyers" description="The businesses that buy from the store." />
      <form
        key={q ?? ''}
        role="search"
        aria-label="Search buyers"
        onSubmit={search}
        className="flex flex-wrap items-end gap-2"
      >
        <FormField
          label="Email, company or GSTIN"
          name="q"
          type="search"
          defaultValue={q ?? ''}
          className="min-w-0 flex-1 sm:max-w-md"
        />
        <Button type="submit">Search</Button>
      </form>
      <div className="mt-6">
        {buyers.isPending ? (
          <Loading what="buyers" />
        ) : buyers.isError ? (
          <QueryError error={buyers.error} what="the buyers" />
        ) : buyers.data.items.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
            No buyer matches this search.
          </p>
        ) : (
          <>
            <DataTable caption="Buyers" captionHidden>
              <thead>
                <tr>
                  <Th>Company</Th>
                  <Th>Contact</Th>
                  <Th>GSTIN</Th>
                  <Th>Email verified</Th>
                  <Th>Status</Th>
                  <Th className="text-right">Orders</Th>
                  <Th>Joined</Th>
                </tr>
              </thead>
              <tbody>
                {buyers.data.items.map((buyer) => (
                  <tr key={buyer.id}>
                    <Td className="font-medium">
                      <Link
                        to={consoleHref.buyer(buyer.id)}
                        className="text-blue-700 hover:underline"
                      >
                        {buyer.companyName}
                      </Link>
                    </Td>
                    <Td>
                      <span className="block">{buyer.contactName}</span>
                      <span className="block text-slate-500">{buyer.email}</span>
                    </Td>
                    <Td className="font-mono text-xs">{buyer.gstin}</Td>
                    <Td>{buyer.verified ? 'Yes' : 'No'}</Td>
                    <Td>
                      {buyer.disabled ? (
                        <span className="font-medium text-red-700">Disabled</span>
                      ) : (
                        'Active'
                      )}
                    </Td>
                    <Td className="text-right">{buyer.orderCount}</Td>
                    <Td className="whitespace-nowrap">{formatDay(buyer.createdAt)}</Td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <KeysetPager
              label="Buyers pages"
              pageNumber={pages.pageNumber}
              hasPrevious={pages.hasPrevious}
              next={buyers.data.next}
              onPrevious={pages.previous}
              onNext={pages.next}
            />
          </>
        )}
      </div>
    </>
  );
}
