/**
 * An order as staff see it: what was bought, by whom (company and GSTIN), where it goes, what
 * was paid, refunded and is left to refund, its refunds, each payment attempt with the
 * gateway's callbacks and evidence, the status history and the emails sent. A member whose
 * role moves orders (fulfilment, owner) marks a paid order shipped and a shipped one delivered,
 * and cancels one before it ships (a paid one's full refund starts with it); finance and the
 * owner refund, retry a failed refund or settle it by hand (decision 044). The server checks
 * the role and the status again.
 */
import { Ban, PackageCheck, Truck, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { formatRupees } from '@storefront/shared/money';
import { canCancel, PAID_STATUSES } from '@storefront/shared/order-status';
import { roleAllows } from '@storefront/shared/staff';
import {
  ResolvePaymentBody,
  type DeskOrderDetail,
  type DeskRefund,
} from '@storefront/shared/order-desk';
import type { TaxSummary } from '@storefront/shared/tax-summary';
import { OrderStatusBadge } from '../../../../components/order/order-status-badge';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/use-toast';
import { formatRupeeAmount } from '../../../../lib/format';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Facts, Panel, RawJson } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { DataTable, Td, Th } from '../../../components/table';
import { TextDialog } from '../../../components/text-dialog';
import { formatDateTime } from '../../../lib/dates';
import { useRetryRefund, useSettleByHand } from '../../../lib/money-actions';
import { useStaffMember } from '../../../lib/session';
import { useDeliverOrder } from '../api/deliver-order';
import { useOrder } from '../api/get-order';
import { CancelDialog } from '../components/cancel-dialog';
import { RefundDialog } from '../components/refund-dialog';
import { RefundsTable } from '../components/refunds-table';
import { ShipDialog } from '../components/ship-dialog';
import { countryName } from '@storefront/shared/countries';

/** Refunded once paid, shipped or delivered (decision 044: the server's rule). */
const REFUNDABLE: readonly string[] = PAID_STATUSES;

const EMAIL_STATES: Record<DeskOrderDetail['emails'][number]['state'], string> = {
  pending: 'Waiting to send',
  sent: 'Sent',
  given_up: 'Not sent (gave up)',
};

export function OrderPage() {
  const { mkpOrderId = '' } = useParams();
  const order = useOrder(mkpOrderId);
  const member = useStaffMember();
  const deliver = useDeliverOrder(mkpOrderId);
  const [shipping, setShipping] = useState(false);
  const [delivering, setDelivering] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const movesOrders = roleAllows(member.role, ['fulfilment']);
  const handlesRefunds = roleAllows(member.role, ['finance']);
  const status = order.data?.pStatus;
  // Cancelled before it ships (decision 044: the server's rule).
  const mayCancel = movesOrders && canCancel(status);
  const mayRefund =
    handlesRefunds &&
    status !== undefined &&
    REFUNDABLE.includes(status) &&
    (order.data?.refundablePaise ?? 0) > 0;

  return (
    <>
      <PageHeader
        title={`Order ${mkpOrderId}`}
        description={
          order.data ? (
            <span className="flex flex-wrap items-center gap-2">
              Placed {formatDateTime(order.data.createdAt)} ·{' '}
              <OrderStatusBadge status={order.data.pStatus} />
            </span>
          ) : undefined
        }
        actions={
          <>
            {movesOrders && status === 'PD' ? (
              <Button onClick={() => setShipping(true)}>
                <Truck aria-hidden="true" className="size-4" />
                Mark shipped
              </Button>
            ) : null}
            {movesOrders && status === 'SHIPPED' ? (
              <Button onClick={() => setDelivering(true)}>
                <PackageCheck aria-hidden="true" className="size-4" />
                Mark delivered
              </Button>
            ) : null}
            {mayRefund ? (
              <Button variant="outline" onClick={() => setRefunding(true)}>
                <Undo2 aria-hidden="true" className="size-4" />
                Refund
              </Button>
            ) : null}
            {mayCancel ? (
              <Button variant="destructive" onClick={() => setCancelling(true)}>
                <Ban aria-hidden="true" className="size-4" />
                Cancel order
              </Button>
            ) : null}
          </>
        }
      />
      {order.isPending ? (
        <Loading what="the order" />
      ) : order.isError ? (
        <QueryError error={order.error} what="this order" />
      ) : (
        <OrderDetails order={order.data} handlesRefunds={handlesRefunds} />
      )}
      <ShipDialog mkpOrderId={mkpOrderId} open={shipping} onOpenChange={setShipping} />
      {order.data ? (
        <>
          <CancelDialog order={order.data} open={cancelling} onOpenChange={setCancelling} />
          <RefundDialog order={order.data} open={refunding} onOpenChange={setRefunding} />
        </>
      ) : null}
      <ConfirmDialog
        open={delivering}
        onOpenChange={setDelivering}
        title="Mark delivered"
        description={`Mark ${mkpOrderId} as delivered to the buyer? The buyer will see it as delivered.`}
        confirmLabel="Mark delivered"
        onConfirm={async () => {
          await deliver.mutateAsync();
          toast({ title: 'Order delivered', description: `${mkpOrderId} is marked delivered.` });
        }}
      />
    </>
  );
}

/** A line's GST: its rate and amount, and the amount in each head below. */
function LineTax({
  gst,
  heads,
}: {
  gst: DeskOrderDetail['lines'][number]['gst'];
  heads: string[];
}) {
  if (!gst) return <>—</>;
  const amounts = heads.includes('IGST') ? [gst.igst] : [gst.cgst, gst.sgst];
  return (
    <>
      <span className="block">
        {gst.rate}% · {formatRupeeAmount(gst.tax)}
      </span>
      <span className="block text-xs text-slate-500">
        {heads.map((head, i) => `${head} ${formatRupeeAmount(amounts[i] ?? 0)}`).join(' + ')}
      </span>
    </>
  );
}

/** The order's taxable value, each head and the total, under the lines. */
function TaxTotals({ tax, total }: { tax: TaxSummary; total: number }) {
  const heads: [string, number][] = tax.heads.includes('IGST')
    ? [['IGST', tax.igst]]
    : [
        [tax.heads[0] ?? 'CGST', tax.cgst],
        [tax.heads[1] ?? 'SGST', tax.sgst],
      ];
  const rows: [string, number][] = [['Taxable value', tax.taxable], ...heads];
  return (
    <tfoot>
      {rows.map(([label, amount]) => (
        <tr key={label}>
          <Td colSpan={8} className="text-right text-slate-600">
            {label}
          </Td>
          <Td className="text-right whitespace-nowrap">{formatRupeeAmount(amount)}</Td>
        </tr>
      ))}
      <tr>
        <Td colSpan={8} className="text-right font-semibold">
          Total (GST included)
        </Td>
        <Td className="text-right font-semibold whitespace-nowrap">{formatRupeeAmount(total)}</Td>
      </tr>
    </tfoot>
  );
}

const SUPPLY_LABELS: Record<NonNullable<TaxSummary['supplyType']>, string> = {
  intra: 'Within the state: CGST + SGST',
  'intra-ut': 'Within the union territory: CGST + UTGST',
  inter: 'Inter-state: IGST',
};

/** Whom the tax invoice is made out to, and where the supply is (issue 21). */
function BillingAndSupply({ order }: { order: DeskOrderDetail }) {
  if (!order.billing || !order.tax)
    return (
      <Panel title="Billing and tax">
        <p className="text-sm text-slate-600">
          Placed before billing details were recorded: the buyer's company above is all there is.
        </p>
      </Panel>
    );
  const { billing, tax } = order;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Panel title="Billed to (tax invoice)">
        <address className="text-sm not-italic">
          <span className="block font-medium">{billing.legalName}</span>
          <span className="block font-mono">GSTIN {billing.gstin}</span>
          {[billing.address1, billing.address2].filter(Boolean).map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
          <span className="block">
            {billing.city}, {billing.state} ({billing.stateCode}) {billing.postalCode}
          </span>
        </address>
      </Panel>
      <Panel title="Place of supply">
        <Facts
          items={[
            [
              'Place of supply',
              tax.placeOfSupply ? `${tax.placeOfSupply.name} (${tax.placeOfSupply.code})` : '—',
            ],
            ['Supply', tax.supplyType ? SUPPLY_LABELS[tax.supplyType] : '—'],
            ['Taxable value', formatRupeeAmount(tax.taxable)],
            ...(tax.heads.includes('IGST')
              ? [['IGST', formatRupeeAmount(tax.igst)] as [string, string]]
              : [
                  [tax.heads[0] ?? 'CGST', formatRupeeAmount(tax.cgst)] as [string, string],
                  [tax.heads[1] ?? 'SGST', formatRupeeAmount(tax.sgst)] as [string, string],
                ]),
            ['GST in total', formatRupeeAmount(tax.tax)],
          ]}
        />
      </Panel>
    </div>
  );
}

function OrderDetails({
  order,
  handlesRefunds,
}: {
  order: DeskOrderDetail;
  handlesRefunds: boolean;
}) {
  const lineTitle = (position: number) =>
    order.lines.find((line) => line.position === position)?.title ?? `Line ${position + 1}`;
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 md:grid-cols-3">
        <Panel title="Summary">
          <Facts
            items={[
              ['Total', formatRupees(order.totalPaise)],
              ['Paid', formatRupees(order.paidPaise)],
              ['Refunded', formatRupees(order.refundedPaise)],
              ['Refundable', formatRupees(order.refundablePaise)],
              ['Status', order.statusLabel],
              ['Carrier', order.carrier ?? '—'],
              [
                'Tracking',
                order.trackingUrl ? (
                  <a
                    href={order.trackingUrl}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="text-blue-700 hover:underline"
                  >
                    {order.trackingNumber ?? 'Tracking page'}
                  </a>
                ) : (
                  (order.trackingNumber ?? '—')
                ),
              ],
            ]}
          />
        </Panel>
        <Panel title="Buyer and company">
          <Facts
            items={[
              ['Name', order.buyer.fullName],
              ['Email', order.buyer.email],
              ['Phone', order.buyer.phoneNumber],
              ['Company', order.buyer.companyName],
              ['GSTIN', <span className="font-mono">{order.buyer.gstNumber}</span>],
              ['Address', order.buyer.businessAddress],
            ]}
          />
        </Panel>
        <Panel title="Shipping address">
          <address className="text-sm not-italic">
            <span className="block font-medium">{order.shipping.recipientName}</span>
            {order.shipping.address.map((line, index, lines) => (
              <span key={line} className="block">
                {/* The country comes last, as the checkout stored it (a code or a name). */}
                {index === lines.length - 1 ? countryName(line) : line}
              </span>
            ))}
            <span className="block">Phone: {order.shipping.phoneNumber}</span>
          </address>
        </Panel>
      </div>
      <BillingAndSupply order={order} />

      <section aria-labelledby="lines-heading" className="grid gap-2">
        <h2 id="lines-heading" className="text-lg font-semibold">
          Lines
        </h2>
        <DataTable caption="What was ordered" captionHidden>
          <thead>
            <tr>
              <Th>Item</Th>
              <Th>Source</Th>
              <Th className="text-right">Quantity</Th>
              <Th className="text-right">Refunded</Th>
              <Th className="text-right">Unit price</Th>
              <Th>HSN</Th>
              <Th className="text-right">Taxable value</Th>
              <Th className="text-right">GST</Th>
              <Th className="text-right">Line total</Th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.position}>
                <Td>
                  <span className="block font-medium">{line.title}</span>
                  <span className="block font-mono text-xs text-slate-500">
                    SKU {line.sku}
                    {line.sellerSku ? ` · seller SKU ${line.sellerSku}` : ''}
                  </span>
                </Td>
                <Td>{line.source}</Td>
                <Td className="text-right">{line.quantity}</Td>
                <Td className="text-right">{line.refundedQuantity}</Td>
                <Td className="text-right whitespace-nowrap">
                  {formatRupeeAmount(line.unitPrice)}
                </Td>
                <Td className="font-mono text-xs">{line.gst?.hsn ?? '—'}</Td>
                <Td className="text-right whitespace-nowrap">
                  {line.gst ? formatRupeeAmount(line.gst.taxable) : '—'}
                </Td>
                <Td className="text-right whitespace-nowrap">
                  <LineTax gst={line.gst} heads={order.tax?.heads ?? []} />
                </Td>
                <Td className="text-right whitespace-nowrap">
                  {formatRupeeAmount(line.lineTotal)}
                </Td>
              </tr>
            ))}
          </tbody>
          {order.tax ? <TaxTotals tax={order.tax} total={order.total} /> : null}
        </DataTable>
        {order.tax ? null : (
          <p className="text-sm text-slate-600">
            Placed before GST was recorded line by line: this order has no tax breakdown.
          </p>
        )}
      </section>

      <section aria-labelledby="refunds-heading" className="grid gap-2">
        <h2 id="refunds-heading" className="text-lg font-semibold">
          Refunds
        </h2>
        {order.refunds.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing has been refunded.</p>
        ) : (
          <OrderRefunds order={order} lineTitle={lineTitle} handlesRefunds={handlesRefunds} />
        )}
      </section>

      <section aria-labelledby="payments-heading" className="grid gap-2">
        <h2 id="payments-heading" className="text-lg font-semibold">
          Payment attempts
        </h2>
        {order.payments.length === 0 ? (
          <p className="text-sm text-slate-600">No payment was started for this order.</p>
        ) : (
          <ul className="grid gap-2">
            {order.payments.map((payment) => (
              <li key={payment.id}>
                <details className="rounded-lg border border-slate-200 bg-white">
                  <summary className="flex cursor-pointer flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
                    <span className="font-medium">{payment.provider}</span>
                    <span className="font-mono text-xs">{payment.merchantTransactionId}</span>
                    <span>Status: {payment.status}</span>
                    <span>{formatRupeeAmount(payment.amount)}</span>
                    <span className="text-slate-500">{formatDateTime(payment.createdAt)}</span>
                    {payment.flagged ? (
                      <span className="font-semibold text-red-700">Flagged: {payment.flagged}</span>
                    ) : null}
                  </summary>
                  <div className="grid gap-3 border-t border-slate-200 p-4">
                    {payment.callbacks.length === 0 ? (
                      <p className="text-sm text-slate-600">The gateway has not called back.</p>
                    ) : (
                      <DataTable caption={`Gateway callbacks of ${payment.merchantTransactionId}`}>
                        <thead>
                          <tr>
                            <Th>Event</Th>
                            <Th>Received</Th>
                            <Th>Payload</Th>
                          </tr>
                        </thead>
                        <tbody>
                          {payment.callbacks.map((callback) => (
                            <tr key={callback.eventId}>
                              <Td className="font-mono text-xs">{callback.eventId}</Td>
                              <Td className="whitespace-nowrap">
                                {formatDateTime(callback.receivedAt)}
                              </Td>
                              <Td className="min-w-48">
                                <JsonDetails summary="Show payload" value={callback.payload} />
                              </Td>
                            </tr>
                          ))}
                        </tbody>
                      </DataTable>
                    )}
                    {payment.resolution ? (
                      <p className="text-sm">
                        Settled by hand by {payment.resolution.email}: {payment.resolution.note}
                      </p>
                    ) : null}
                    <JsonDetails
                      summary="The gateway's last answer (evidence)"
                      value={payment.evidence}
                    />
                  </div>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="history-heading" className="grid content-start gap-2">
          <h2 id="history-heading" className="text-lg font-semibold">
            Status history
          </h2>
          <DataTable caption="Status changes, oldest first" captionHidden>
            <thead>
              <tr>
                <Th>When</Th>
                <Th>Change</Th>
                <Th>Cause</Th>
              </tr>
            </thead>
            <tbody>
              {order.history.map((entry, index) => (
                <tr key={`${entry.at}-${index}`}>
                  <Td className="whitespace-nowrap">{formatDateTime(entry.at)}</Td>
                  <Td className="whitespace-nowrap">
                    {entry.from ?? 'new'} → {entry.to}
                  </Td>
                  <Td>
                    {entry.cause}
                    {entry.detail ? (
                      <details className="mt-1">
                        <summary className="cursor-pointer text-xs text-slate-600">Details</summary>
                        <RawJson value={entry.detail} />
                      </details>
                    ) : null}
                  </Td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </section>
        <section aria-labelledby="emails-heading" className="grid content-start gap-2">
          <h2 id="emails-heading" className="text-lg font-semibold">
            Emails
          </h2>
          {order.emails.length === 0 ? (
            <p className="text-sm text-slate-600">No email about this order yet.</p>
          ) : (
            <DataTable caption="Emails about this order" captionHidden>
              <thead>
                <tr>
                  <Th>When</Th>
                  <Th>Subject</Th>
                  <Th>To</Th>
                  <Th>State</Th>
                </tr>
              </thead>
              <tbody>
                {order.emails.map((email, index) => (
                  <tr key={`${email.at}-${index}`}>
                    <Td className="whitespace-nowrap">{formatDateTime(email.at)}</Td>
                    <Td>{email.subject}</Td>
                    <Td>{email.to}</Td>
                    <Td>{EMAIL_STATES[email.state]}</Td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
        </section>
      </div>
    </div>
  );
}

/**
 * A JSON value behind a disclosure. The server leaves out evidence and payloads (null) for
 * roles that may not read them; that is said rather than shown as "null".
 */
function JsonDetails({ summary, value }: { summary: string; value: unknown }) {
  if (value === null || value === undefined)
    return <p className="text-sm text-slate-600">{summary}: not shown to your role.</p>;
  return (
    <details>
      <summary className="cursor-pointer text-sm text-blue-700">{summary}</summary>
      <RawJson value={value} />
    </details>
  );
}

/** The refunds table with its Retry and Settle by hand dialogs (finance, owner). */
function OrderRefunds({
  order,
  lineTitle,
  handlesRefunds,
}: {
  order: DeskOrderDetail;
  lineTitle: (position: number) => string;
  handlesRefunds: boolean;
}) {
  const retry = useRetryRefund();
  const settle = useSettleByHand();
  const [retrying, setRetrying] = useState<DeskRefund | null>(null);
  const [settling, setSettling] = useState<DeskRefund | null>(null);
  return (
    <>
      <RefundsTable
        refunds={order.refunds}
        lineTitle={lineTitle}
        handlesRefunds={handlesRefunds}
        onRetry={setRetrying}
        onSettle={setSettling}
      />
      <ConfirmDialog
        open={retrying !== null}
        onOpenChange={(next) => !next && setRetrying(null)}
        title="Retry the refund"
        description={
          retrying
            ? `Ask the gateway again for ${formatRupees(retrying.amountPaise)}, as a new refund of refund #${retrying.id}.`
            : ''
        }
        confirmLabel="Retry"
        onConfirm={async () => {
          if (!retrying) return;
          const result = await retry.mutateAsync(retrying.id);
          toast({
            title: 'Refund retried',
            description: `Refund #${result.refund.id} of ${formatRupees(result.refund.amountPaise)} started.`,
          });
        }}
      />
      <TextDialog
        open={settling !== null}
        onOpenChange={(next) => !next && setSettling(null)}
        title="Settle by hand"
        description={
          settling
            ? `Say how refund #${settling.id} of ${formatRupees(settling.amountPaise)} was settled (paid back outside the gateway). The note is kept in the audit log.`
            : undefined
        }
        label="Note"
        field="note"
        schema={ResolvePaymentBody}
        confirmLabel="Settle"
        onSubmit={async (body) => {
          if (!settling) return;
          await settle.mutateAsync({ what: 'refund', id: settling.id, note: body.note });
          toast({ title: 'Refund settled by hand', description: `Refund #${settling.id}.` });
        }}
      />
    </>
  );
}
