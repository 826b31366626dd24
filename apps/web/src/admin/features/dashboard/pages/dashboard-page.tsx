/**
 * The dashboard: today's, the week's and the month's orders and sales, what waits for someone
 * (orders to ship, payments needing attention), and sales per day over 30 days.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatRupees, groupIndian } from '@storefront/shared/money';
import { Card } from '../../../../components/ui/card';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { useStaffMember } from '../../../lib/session';
import { consoleHref, consolePaths, sectionAllows } from '../../../paths';
import { useDashboard } from '../api/get-dashboard';
import { SalesChart } from '../components/sales-chart';

function Figure({ label, value, detail }: { label: string; value: string; detail?: ReactNode }) {
  return (
    <Card flat className="grid gap-1 p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="text-2xl font-bold text-slate-900">{value}</p>
      {detail ? <div className="text-sm text-slate-600">{detail}</div> : null}
    </Card>
  );
}

const ordersText = (count: number) => `${groupIndian(count)} ${count === 1 ? 'order' : 'orders'}`;

export function DashboardPage() {
  const dashboard = useDashboard();
  const member = useStaffMember();
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome, ${member.fullName}.`} />
      {dashboard.isPending ? (
        <Loading what="the dashboard" />
      ) : dashboard.isError ? (
        <QueryError error={dashboard.error} what="the dashboard" />
      ) : (
        <div className="grid gap-6">
          <section aria-label="Sales" className="grid gap-4 sm:grid-cols-3">
            <Figure
              label="Today"
              value={formatRupees(dashboard.data.revenueTodayPaise)}
              detail={ordersText(dashboard.data.ordersToday)}
            />
            <Figure
              label="Last 7 days"
              value={formatRupees(dashboard.data.revenue7dPaise)}
              detail={ordersText(dashboard.data.orders7d)}
            />
            <Figure
              label="Last 30 days"
              value={formatRupees(dashboard.data.revenue30dPaise)}
              detail={ordersText(dashboard.data.orders30d)}
            />
          </section>
          <section aria-label="Waiting for someone" className="grid gap-4 sm:grid-cols-2">
            <Figure
              label="Paid orders waiting to ship"
              value={groupIndian(dashboard.data.awaitingShipment)}
              detail={
                <Link
                  to={consoleHref.ordersWith({ status: 'PD', sort: 'oldest' })}
                  className="text-blue-700 hover:underline"
                >
                  Show them, oldest first
                </Link>
              }
            />
            <Figure
              label="Payments needing attention"
              value={groupIndian(dashboard.data.paymentsNeedingAttention)}
              detail={
                sectionAllows('payments', member.role) ? (
                  <Link to={consolePaths.payments} className="text-blue-700 hover:underline">
                    Review payments
                  </Link>
                ) : (
                  'Finance reviews these.'
                )
              }
            />
          </section>
          <Panel title="Sales per day, last 30 days">
            <SalesChart days={dashboard.data.daily} />
          </Panel>
        </div>
      )}
    </>
  );
}
