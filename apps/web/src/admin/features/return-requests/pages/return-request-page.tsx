/**
 * One return request (issue 22, decision 061): what the buyer asks back and why, their photos,
 * the buyer and the order, and the desk's steps — accept (with a note to the buyer) or refuse
 * (saying why) a waiting request, mark an accepted one's goods received, which refunds them
 * through the order desk with its credit note, and (finance) refund a received one whose refund
 * the desk refused. The server checks the role and the state again; its refusal stays in the
 * dialog, and the page shows where the request stands afterwards either way.
 */
import { Check, PackageCheck, Undo2, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatRupees } from '@storefront/shared/money';
import {
  RETURN_REASON_LABELS,
  ReturnAcceptBody,
  ReturnRefuseBody,
  type DeskReturnRequest,
} from '@storefront/shared/return-requests';
import { roleAllows } from '@storefront/shared/staff';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/use-toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Facts, Panel } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { DataTable, Td, Th } from '../../../components/table';
import { TaxDocumentLink } from '../../../components/tax-document-link';
import { TextDialog } from '../../../components/text-dialog';
import { formatDateTime } from '../../../lib/dates';
import { useStaffMember } from '../../../lib/session';
import { consoleHref, consolePaths } from '../../../paths';
import { useAcceptReturn } from '../api/accept-return';
import { useReturnRequest } from '../api/get-return-request';
import { useReceiveReturn } from '../api/receive-return';
import { useRefundReturn } from '../api/refund-return';
import { useRefuseReturn } from '../api/refuse-return';
import { ReturnStatusBadge } from '../components/return-status-badge';

type Step = 'accept' | 'refuse' | 'receive' | 'refund';

const REFUND_STATES: Record<string, string> = {
  REQUESTED: 'Sent to the gateway',
  PENDING: 'Pending at the gateway',
  COMPLETED: 'Completed',
  FAILED: 'Failed at the gateway',
};

export function ReturnRequestPage() {
  const { returnId: raw = '' } = useParams();
  const returnId = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  if (returnId === null)
    return (
      <PageHeader
        title="Return request not found"
        description={
          <Link to={consolePaths.returnRequests} className="text-blue-700 hover:underline">
            All return requests
          </Link>
        }
      />
    );
  return <ReturnRequestView returnId={returnId} />;
}

function ReturnRequestView({ returnId }: { returnId: number }) {
  const request = useReturnRequest(returnId);
  const member = useStaffMember();
  const [step, setStep] = useState<Step | null>(null);
  const handlesRefunds = roleAllows(member.role, ['finance']);
  const status = request.data?.status;

  return (
    <>
      <PageHeader
        title={`Return request #${returnId}`}
        description={
          request.data ? (
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <ReturnStatusBadge status={request.data.status} />
              <span>
                Order{' '}
                <Link
                  to={consoleHref.order(request.data.mkpOrderId)}
                  className="font-mono text-blue-700 hover:underline"
                >
                  {request.data.mkpOrderId}
                </Link>
              </span>
              <span>Asked {formatDateTime(request.data.createdAt)}</span>
            </span>
          ) : undefined
        }
        actions={
          <>
            {status === 'requested' ? (
              <>
                <Button onClick={() => setStep('accept')}>
                  <Check aria-hidden="true" className="size-4" />
                  Accept
                </Button>
                <Button variant="outline" onClick={() => setStep('refuse')}>
                  <X aria-hidden="true" className="size-4" />
                  Refuse
                </Button>
              </>
            ) : null}
            {status === 'accepted' ? (
              <Button onClick={() => setStep('receive')}>
                <PackageCheck aria-hidden="true" className="size-4" />
                Mark received
              </Button>
            ) : null}
            {status === 'received' && handlesRefunds ? (
              <Button onClick={() => setStep('refund')}>
                <Undo2 aria-hidden="true" className="size-4" />
                Refund
              </Button>
            ) : null}
          </>
        }
      />
      {request.isPending ? (
        <Loading what="the return request" />
      ) : request.isError ? (
        <QueryError error={request.error} what="this return request" />
      ) : (
        <>
          <Attention request={request.data} handlesRefunds={handlesRefunds} />
          <RequestDetails request={request.data} />
          <StepDialogs request={request.data} step={step} onClose={() => setStep(null)} />
        </>
      )}
    </>
  );
}

/** What the desk must know before anything else: a refund that did not go through. */
function Attention({
  request,
  handlesRefunds,
}: {
  request: DeskReturnRequest;
  handlesRefunds: boolean;
}) {
  const order = (
    <Link to={consoleHref.order(request.mkpOrderId)} className="font-medium underline">
      the order’s page
    </Link>
  );
  if (request.status === 'received')
    return (
      <div className="mb-6">
        <ErrorAlert title="The goods are back, but not refunded yet">
          The order desk refused the refund when the goods were marked received.{' '}
          {handlesRefunds
            ? 'Refund it again once the reason is settled; '
            : 'Finance can refund it from this page; '}
          see {order} for its payments and refunds.
        </ErrorAlert>
      </div>
    );
  if (request.status === 'refunded' && request.refundStatus === 'FAILED')
    return (
      <div className="mb-6">
        <ErrorAlert title="The gateway refused this refund">
          Retry it or settle it by hand on {order} or under Payments.
        </ErrorAlert>
      </div>
    );
  return null;
}

function RequestDetails({ request }: { request: DeskReturnRequest }) {
  const decided: [string, ReactNode][] = request.decidedAt
    ? [[request.status === 'refused' ? 'Refused' : 'Accepted', formatDateTime(request.decidedAt)]]
    : [];
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 md:grid-cols-3">
        <Panel title="Request">
          <Facts
            items={[
              ['Status', <ReturnStatusBadge status={request.status} />],
              ['Reason', RETURN_REASON_LABELS[request.reason]],
              ['Amount', formatRupees(request.amountPaise)],
              ['Asked', formatDateTime(request.createdAt)],
              ...decided,
              ...(request.receivedAt
                ? [['Received', formatDateTime(request.receivedAt)] as [string, ReactNode]]
                : []),
            ]}
          />
        </Panel>
        <Panel title="Buyer">
          <Facts
            items={[
              ['Company', request.companyName],
              ['Email', request.buyerEmail],
              [
                'Order',
                <Link
                  to={consoleHref.order(request.mkpOrderId)}
                  className="font-mono text-blue-700 hover:underline"
                >
                  {request.mkpOrderId}
                </Link>,
              ],
            ]}
          />
        </Panel>
        <Panel title="Refund">
          {request.refundId === null ? (
            <p className="text-sm text-slate-600">
              {request.status === 'refused'
                ? 'None: the request was refused.'
                : `${formatRupees(request.amountPaise)} is refunded through the order desk once the goods are marked received.`}
            </p>
          ) : (
            <Facts
              items={[
                ['Refund', `#${request.refundId}`],
                ['Amount', formatRupees(request.amountPaise)],
                ['State', REFUND_STATES[request.refundStatus ?? ''] ?? request.refundStatus ?? '—'],
                ...(request.refundedAt
                  ? [['Refunded', formatDateTime(request.refundedAt)] as [string, ReactNode]]
                  : []),
                [
                  'Credit note',
                  request.creditNote ? (
                    <TaxDocumentLink document={request.creditNote} />
                  ) : (
                    'Issued once the money is back with the buyer'
                  ),
                ],
              ]}
            />
          )}
        </Panel>
      </div>

      <Panel title="What the buyer says">
        <p className="text-sm break-words whitespace-pre-line text-slate-900">
          {request.description}
        </p>
        {request.decisionNote ? (
          <p className="rounded-md bg-slate-50 p-3 text-sm break-words text-slate-800">
            <span className="font-medium">
              {request.status === 'refused' ? 'Why it was refused' : 'Our note to the buyer'}:
            </span>{' '}
            {request.decisionNote}
          </p>
        ) : null}
      </Panel>

      <section aria-labelledby="return-lines-heading" className="grid gap-2">
        <h2 id="return-lines-heading" className="text-lg font-semibold">
          Items asked back
        </h2>
        <DataTable caption="Units asked back, at the prices sold" captionHidden>
          <thead>
            <tr>
              <Th>Item</Th>
              <Th className="text-right">Units</Th>
              <Th className="text-right">Unit price</Th>
              <Th className="text-right">Amount</Th>
            </tr>
          </thead>
          <tbody>
            {request.lines.map((line) => (
              <tr key={line.position}>
                <Td className="min-w-48">
                  <span className="block font-medium">{line.title}</span>
                  <span className="block font-mono text-xs text-slate-500">
                    Line {line.position + 1} · SKU {line.sku}
                  </span>
                </Td>
                <Td className="text-right">{line.quantity}</Td>
                <Td className="text-right whitespace-nowrap">
                  {formatRupees(line.unitPricePaise)}
                </Td>
                <Td className="text-right whitespace-nowrap">{formatRupees(line.amountPaise)}</Td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <Td colSpan={3} className="text-right font-semibold">
                To refund (the prices sold at)
              </Td>
              <Td className="text-right font-semibold whitespace-nowrap">
                {formatRupees(request.amountPaise)}
              </Td>
            </tr>
          </tfoot>
        </DataTable>
      </section>

      <section aria-labelledby="return-photos-heading" className="grid gap-2">
        <h2 id="return-photos-heading" className="text-lg font-semibold">
          Photos
        </h2>
        {request.photos.length === 0 ? (
          <p className="text-sm text-slate-600">The buyer added no photos.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {request.photos.map((photo, index) => {
              const src = `/api/staff/return-requests/${request.id}/photos/${photo.id}`;
              return (
                <li key={photo.id}>
                  <a
                    href={src}
                    target="_blank"
                    rel="noreferrer"
                    className="block overflow-hidden rounded-lg border border-slate-200 bg-white"
                  >
                    <img
                      src={src}
                      alt={`Evidence ${index + 1} from the buyer`}
                      width={photo.width}
                      height={photo.height}
                      className="aspect-square w-full object-cover"
                    />
                    <span className="block px-2 py-1 text-xs text-slate-600">
                      {photo.width} × {photo.height} · open full size
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

function StepDialogs({
  request,
  step,
  onClose,
}: {
  request: DeskReturnRequest;
  step: Step | null;
  onClose: () => void;
}) {
  const accept = useAcceptReturn(request.id);
  const refuse = useRefuseReturn(request.id);
  const receive = useReceiveReturn(request.id);
  const refund = useRefundReturn(request.id);
  const amount = formatRupees(request.amountPaise);
  const close = (open: boolean) => {
    if (!open) onClose();
  };
  const refunded = (after: DeskReturnRequest) =>
    after.status === 'refunded'
      ? `${amount} is being refunded to the buyer of ${after.mkpOrderId}.`
      : `Return #${after.id} is ${after.status}.`;
  return (
    <>
      <TextDialog
        open={step === 'accept'}
        onOpenChange={close}
        title="Accept the return"
        description={`The buyer is emailed that the return is accepted and asked to send the items back; ${amount} is refunded once they arrive.`}
        label="Note to the buyer (optional)"
        field="note"
        hint="How to send the items back, for instance. It goes in the email."
        schema={ReturnAcceptBody}
        confirmLabel="Accept return"
        onSubmit={async (body) => {
          await accept.mutateAsync(body);
          toast({ title: 'Return accepted', description: 'The buyer has been emailed.' });
        }}
      />
      <TextDialog
        open={step === 'refuse'}
        onOpenChange={close}
        title="Refuse the return"
        description="The buyer is emailed the reason. A refused request is closed; the buyer may ask again while the return window lasts."
        label="Why is it refused?"
        field="note"
        schema={ReturnRefuseBody}
        confirmLabel="Refuse return"
        variant="destructive"
        onSubmit={async (body) => {
          await refuse.mutateAsync(body);
          toast({ title: 'Return refused', description: 'The buyer has been emailed why.' });
        }}
      />
      <ConfirmDialog
        open={step === 'receive'}
        onOpenChange={close}
        title="Mark the goods received"
        description={`The returned items of ${request.mkpOrderId} are back with us: this refunds ${amount} to the buyer through the order desk, with its credit note.`}
        confirmLabel="Mark received and refund"
        onConfirm={async () => {
          const after = await receive.mutateAsync();
          toast({ title: 'Goods received', description: refunded(after) });
        }}
      />
      <ConfirmDialog
        open={step === 'refund'}
        onOpenChange={close}
        title="Refund the return"
        description={`Ask the order desk again to refund ${amount} to the buyer of ${request.mkpOrderId}, with its credit note.`}
        confirmLabel="Refund"
        onConfirm={async () => {
          const after = await refund.mutateAsync();
          toast({ title: 'Refund started', description: refunded(after) });
        }}
      />
    </>
  );
}
