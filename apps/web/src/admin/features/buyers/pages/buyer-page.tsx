/**
 * A buyer: their company and GSTIN, their latest orders, their sessions, and — for the owner —
 * disable (with a reason for the audit log; the server ends their sessions) or enable.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BuyerDisableBody, type BuyerSession } from '@storefront/shared/buyer-desk';
import { formatRupees, groupIndian } from '@storefront/shared/money';
import { OrderStatusBadge } from '../../../../components/order/order-status-badge';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/use-toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Facts, Panel } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { DataTable, Td, Th } from '../../../components/table';
import { TextDialog } from '../../../components/text-dialog';
import { formatDateTime, formatDay } from '../../../lib/dates';
import { useStaffMember } from '../../../lib/session';
import { consoleHref } from '../../../paths';
import { useBuyer } from '../api/get-buyer';
import { useSetBuyerAccess } from '../api/set-buyer-access';

const SESSION_STATES: Record<BuyerSession['state'], string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Ended',
};

export function BuyerPage() {
  const { id = '' } = useParams();
  const detail = useBuyer(id);
  const access = useSetBuyerAccess(id);
  const [confirming, setConfirming] = useState(false);
  const buyer = detail.data?.buyer;
  // The server lets only the owner disable or enable an account (decision 046).
  const mayChangeAccess = useStaffMember().role === 'owner';

  return (
    <>
      <PageHeader
        title={buyer ? buyer.companyName : 'Buyer'}
        description={buyer ? buyer.email : undefined}
        actions={
          buyer && mayChangeAccess ? (
            <Button
              variant={buyer.disabled ? 'primary' : 'outline'}
              onClick={() => setConfirming(true)}
            >
              {buyer.disabled ? 'Enable buyer' : 'Disable buyer'}
            </Button>
          ) : undefined
        }
      />
      {detail.isPending ? (
        <Loading what="the buyer" />
      ) : detail.isError ? (
        <QueryError error={detail.error} what="this buyer" />
      ) : (
        <div className="grid gap-6">
          <Panel title="Account">
            <Facts
              items={[
                ['Contact', detail.data.buyer.contactName],
                ['Email', detail.data.buyer.email],
                ['Phone', detail.data.buyer.phoneNumber],
                ['GSTIN', <span className="font-mono">{detail.data.buyer.gstin}</span>],
                ['Business type', detail.data.buyer.businessType],
                [
                  'Address',
                  [
                    detail.data.buyer.businessStreet,
                    detail.data.buyer.businessCity,
                    detail.data.buyer.businessState,
                    detail.data.buyer.pincode,
                    detail.data.buyer.businessCountry,
                  ]
                    .filter(Boolean)
                    .join(', '),
                ],
                [
                  'Email verified',
                  detail.data.buyer.verifiedAt
                    ? `Yes, ${formatDay(detail.data.buyer.verifiedAt)}`
                    : detail.data.buyer.verified
                      ? 'Yes'
                      : 'No',
                ],
                [
                  'Status',
                  detail.data.buyer.disabled
                    ? `Disabled${detail.data.buyer.disabledAt ? ` since ${formatDateTime(detail.data.buyer.disabledAt)}` : ''}`
                    : 'Active',
                ],
                ['Joined', formatDay(detail.data.buyer.createdAt)],
              ]}
            />
          </Panel>
          <section aria-labelledby="buyer-orders" className="grid gap-2">
            <h2 id="buyer-orders" className="text-lg font-semibold">
              Orders{' '}
              <span className="text-sm font-normal text-slate-600">
                ({groupIndian(detail.data.orderCount)} in all
                {detail.data.orderCount > detail.data.orders.length
                  ? `, the latest ${detail.data.orders.length} shown`
                  : ''}
                )
              </span>
            </h2>
            {detail.data.orders.length === 0 ? (
              <p className="text-sm text-slate-600">No orders yet.</p>
            ) : (
              <DataTable caption="The buyer's orders, newest first" captionHidden>
                <thead>
                  <tr>
                    <Th>Order</Th>
                    <Th>Placed</Th>
                    <Th className="text-right">Total</Th>
                    <Th>Status</Th>
                  </tr>
                </thead>
                <tbody>
                  {detail.data.orders.map((order) => (
                    <tr key={order.mkpOrderId}>
                      <Td className="font-mono">
                        <Link
                          to={consoleHref.order(order.mkpOrderId)}
                          className="text-blue-700 hover:underline"
                        >
                          {order.mkpOrderId}
                        </Link>
                      </Td>
                      <Td className="whitespace-nowrap">{formatDateTime(order.createdAt)}</Td>
                      <Td className="text-right">{formatRupees(order.totalPaise)}</Td>
                      <Td>
                        <OrderStatusBadge status={order.status} />
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            )}
          </section>
          <section aria-labelledby="buyer-sessions" className="grid gap-2">
            <h2 id="buyer-sessions" className="text-lg font-semibold">
              Signed-in sessions
            </h2>
            {detail.data.sessions.length === 0 ? (
              <p className="text-sm text-slate-600">Not signed in anywhere.</p>
            ) : (
              <DataTable caption="The buyer's sessions" captionHidden>
                <thead>
                  <tr>
                    <Th>Started</Th>
                    <Th>Last used</Th>
                    <Th>Ends</Th>
                    <Th>State</Th>
                  </tr>
                </thead>
                <tbody>
                  {detail.data.sessions.map((session) => (
                    <tr key={session.id}>
                      <Td>{formatDateTime(session.startedAt)}</Td>
                      <Td>{session.lastUsedAt ? formatDateTime(session.lastUsedAt) : '—'}</Td>
                      <Td>{formatDateTime(session.revokedAt ?? session.expiresAt)}</Td>
                      <Td>{SESSION_STATES[session.state]}</Td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            )}
          </section>
        </div>
      )}
      <ConfirmDialog
        open={confirming && buyer?.disabled === true}
        onOpenChange={setConfirming}
        title="Enable buyer"
        description="The buyer can sign in and order again."
        confirmLabel="Enable"
        onConfirm={async () => {
          await access.mutateAsync({ action: 'enable' });
          toast({ title: 'Buyer enabled' });
        }}
      />
      <TextDialog
        open={confirming && buyer?.disabled === false}
        onOpenChange={setConfirming}
        title="Disable buyer"
        description="The buyer is signed out everywhere and cannot sign in until enabled again."
        label="Reason (for the audit log; the buyer is not shown it)"
        field="reason"
        schema={BuyerDisableBody}
        confirmLabel="Disable"
        variant="destructive"
        onSubmit={async (body) => {
          const result = await access.mutateAsync({ action: 'disable', body });
          toast({
            title: 'Buyer disabled',
            description: `${result.sessionsRevoked} ${result.sessionsRevoked === 1 ? 'session' : 'sessions'} ended.`,
          });
        }}
      />
    </>
  );
}
