/**
 * The order-submitted confirmation (/order-success; spec §2): where the payment gateway sends
 * the browser back. It refreshes the cart on entry and, given ?orderId=, asks the server to
 * check that order's payment with the gateway and shows the status it answers (the return
 * alone never marks an order paid).
 */
import { useQuery } from '@tanstack/react-query';
import { CircleCheckBig, Loader2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { href } from '@storefront/shared/routes';
import { OrderStatusBadge } from '../../../components/order/order-status-badge';
import { buttonClasses } from '../../../components/ui/button';
import { cartQueryOptions } from '../../../lib/api/get-cart';
import { useSession } from '../../../lib/contexts/session';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { usePaymentStatus } from '../api/refresh-payment-status';

export function OrderSuccessPage() {
  useDocumentTitle('Order Submitted');
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('orderId');
  useQuery({ ...cartQueryOptions(), enabled: user !== null, refetchOnMount: 'always' });
  const status = usePaymentStatus(user && orderId ? orderId : null);

  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-lg rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
        <CircleCheckBig aria-hidden="true" className="mx-auto size-14 text-green-600" />
        <h1 className="mt-4 text-2xl font-bold">Order Submitted</h1>
        <p className="mt-3 text-slate-700">
          Thank you for your order. Please check My Orders shortly to verify your payment status.
        </p>
        <p className="mt-2 text-slate-700">
          If your payment succeeded, you will receive a confirmation email.
        </p>
        {orderId && user ? (
          <div
            aria-live="polite"
            className="mt-5 flex items-center justify-center gap-2 text-sm text-slate-700"
          >
            {status.isPending ? (
              <>
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                Checking payment status...
              </>
            ) : status.isError ? (
              'The payment status could not be checked right now.'
            ) : (
              <>
                Payment status: <OrderStatusBadge status={status.data.pStatus} />
              </>
            )}
          </div>
        ) : null}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={href.home()} className={buttonClasses('outline', 'md')}>
            Continue Shopping
          </Link>
          <Link to={href.orders()} className={buttonClasses('primary', 'md')}>
            My Orders
          </Link>
        </div>
      </div>
    </div>
  );
}
