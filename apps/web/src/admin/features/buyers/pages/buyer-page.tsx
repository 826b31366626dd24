/**
 * A buyer: their company and GSTIN, their orders, their signed-in sessions, and disable or
 * enable (a disabled buyer cannot sign in; the server ends their sessions).
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatRupees } from '@storefront/shared/money';
import { OrderStatusBadge } from '../../../../components/order/order-status-badge';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/use-toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Facts, Panel } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { DataTable, Td, Th } from '../../../components/table';
import { formatDateTime, formatDay } from '../../../lib/dates';
import { consoleHref } from '../../../paths';
import { useBuyer } from '../api/get-buyer';
import { useSetBuyerAccess } from '../api/set-buyer-access';

export function BuyerPage() {
  const { id = '' } = useParams();
  const detail = useBuyer(id);
  const access = useSetBuyerAccess(id);
  const [confirming, setConfirming] = useState(false);
  const buyer = detail.data?.buyer;

  return (
    <>
      <PageHeader
        title={buyer ? buyer.companyName : 'Buyer'}
        description={buyer ? buyer.email : undefined}
        actions={
          buyer ? (
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
                ['GSTIN', detail.data.buyer.gstin],
                ['Email verified', detail.data.buyer.verified ? 'Yes' : 'No'],
                ['Status', detail.data.buyer.disabled ? 'Disabled' : 'Active'],
                ['Joined', formatDay(detail.data.buyer.createdAt)],
              ]}
            />
          </Panel>
          <section aria-labelledby="buyer-orders" className="grid gap-2">
            <h2 id="buyer-orders" className="text-lg font-semibold">
              Orders
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
                        <OrderStatusBadge status={order.pStatus} />
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
                  </tr>
                </thead>
                <tbody>
                  {detail.data.sessions.map((session) => (
                    <tr key={session.id}>
                      <Td>{formatDateTime(session.createdAt)}</Td>
                      <Td>{session.lastUsedAt ? formatDateTime(session.lastUsedAt) : '—'}</Td>
                      <Td>{formatDateTime(session.expiresAt)}</Td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            )}
          </section>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={buyer?.disabled ? 'Enable buyer' : 'Disable buyer'}
        description={
          buyer?.disabled
            ? 'The buyer can sign in and order again.'
            : 'The buyer is signed out everywhere and cannot sign in until enabled again.'
        }
        confirmLabel={buyer?.disabled ? 'Enable' : 'Disable'}
        variant={buyer?.disabled ? 'primary' : 'destructive'}
        onConfirm={async () => {
          const action = buyer?.disabled ? 'enable' : 'disable';
          await access.mutateAsync(action);
          toast({ title: action === 'disable' ? 'Buyer disabled' : 'Buyer enabled' });
        }}
      />
    </>
  );
}
