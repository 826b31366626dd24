/**
 * Return requests (issue 22, decision 061), for fulfilment, finance and the owner: buyers' asks to
 * return damaged, defective or wrong items of delivered orders, newest first, filtered by status
 * and keyset-paged, the filter and the page in the URL (lib/keyset-pages.ts). Each opens its
 * request's page, where it is accepted, refused, received and refunded.
 */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatRupees } from '@storefront/shared/money';
import {
  RETURN_REASON_LABELS,
  RETURN_STATUSES,
  type DeskReturnRequest,
  type ReturnStatus,
} from '@storefront/shared/return-requests';
import { KeysetPager } from '../../../components/keyset-pager';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { DataTable, Td, Th } from '../../../components/table';
import { formatDateTime } from '../../../lib/dates';
import { useKeysetPages } from '../../../lib/keyset-pages';
import { consoleHref } from '../../../paths';
import { useReturnRequests } from '../api/get-return-requests';
import { RETURN_DESK_LABELS, ReturnStatusBadge } from '../components/return-status-badge';

const isStatus = (value: string | null): value is ReturnStatus =>
  (RETURN_STATUSES as readonly (string | null)[]).includes(value);

/** '2 units of 1 line' */
function itemsOf(request: DeskReturnRequest) {
  const units = request.lines.reduce((sum, line) => sum + line.quantity, 0);
  const lines = request.lines.length;
  return `${units} ${units === 1 ? 'unit' : 'units'} of ${lines} ${lines === 1 ? 'line' : 'lines'}`;
}

export function ReturnRequestsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const wanted = params.get('status');
  const status = isStatus(wanted) ? wanted : undefined;
  const pages = useKeysetPages('before');
  const requests = useReturnRequests({ status, before: pages.cursor });

  return (
    <>
      <PageHeader
        title="Return requests"
        description="Buyers’ requests to return damaged, defective or wrong items of delivered orders, newest first."
      />
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <label htmlFor="return-status" className="text-sm font-medium text-slate-800">
          Status
        </label>
        <select
          id="return-status"
          value={status ?? ''}
          // A new filter starts from its first page.
          onChange={(event) =>
            void navigate(
              consoleHref.returnRequestsWith(
                event.target.value ? { status: event.target.value } : {},
              ),
            )
          }
          className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          <option value="">Every status</option>
          {RETURN_STATUSES.map((value) => (
            <option key={value} value={value}>
              {RETURN_DESK_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      {requests.isPending ? (
        <Loading what="return requests" />
      ) : requests.isError ? (
        <QueryError error={requests.error} what="the return requests" />
      ) : requests.data.items.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
          {status
            ? `No return request is ${RETURN_DESK_LABELS[status].toLowerCase()}.`
            : 'No buyer has asked to return anything yet.'}
        </p>
      ) : (
        <>
          <DataTable caption="Return requests, newest first" captionHidden>
            <thead>
              <tr>
                <Th>Request</Th>
                <Th>Status</Th>
                <Th>Asked</Th>
                <Th>Order</Th>
                <Th>Buyer</Th>
                <Th>Items</Th>
                <Th>Reason</Th>
                <Th className="text-right">Amount</Th>
              </tr>
            </thead>
            <tbody>
              {requests.data.items.map((request) => (
                <tr key={request.id} className="hover:bg-slate-50">
                  <Td className="whitespace-nowrap">
                    <Link
                      to={consoleHref.returnRequest(request.id)}
                      className="font-medium text-blue-700 hover:underline"
                    >
                      Return #{request.id}
                    </Link>
                  </Td>
                  <Td>
                    <ReturnStatusBadge status={request.status} />
                  </Td>
                  <Td className="whitespace-nowrap">{formatDateTime(request.createdAt)}</Td>
                  <Td className="font-mono whitespace-nowrap">
                    <Link
                      to={consoleHref.order(request.mkpOrderId)}
                      className="text-blue-700 hover:underline"
                    >
                      {request.mkpOrderId}
                    </Link>
                  </Td>
                  <Td>
                    <span className="block font-medium">{request.companyName}</span>
                    <span className="block text-slate-500">{request.buyerEmail}</span>
                  </Td>
                  <Td className="whitespace-nowrap">{itemsOf(request)}</Td>
                  <Td>{RETURN_REASON_LABELS[request.reason]}</Td>
                  <Td className="text-right whitespace-nowrap">
                    {formatRupees(request.amountPaise)}
                  </Td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <KeysetPager
            label="Return requests pages"
            pageNumber={pages.pageNumber}
            hasPrevious={pages.hasPrevious}
            next={requests.data.next === null ? null : String(requests.data.next)}
            onPrevious={pages.previous}
            onNext={pages.next}
          />
        </>
      )}
    </>
  );
}
