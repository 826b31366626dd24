/**
 * /auth (spec §2 "Auth"): login and register tabs with the marketing panel beside. A signed-in
 * user (also one who just logged in here) goes to returnUrl or / (product decision #4: a product
 * page's returnUrl carries its chosen quantity, options and source). After a forced logout the
 * page arrives with ?sessionExpired=true and says so. Header and footer are hidden here.
 */
import { href } from '@storefront/shared/routes';
import { Clock } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useSession } from '../../../lib/contexts/session';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { LoginForm } from '../components/login-form';
import { MarketingPanel } from '../components/marketing-panel';
import { RegisterForm } from '../components/register-form';
import { safeReturnUrl } from '../lib/return-url';

type AuthTab = 'login' | 'register';

export function AuthPage() {
  useDocumentTitle('Login or Register');
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const sessionExpired = params.get('sessionExpired') === 'true';
  const { user, isLoading } = useSession();
  const [tab, setTab] = useState<AuthTab>('login');
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [forgotPassword, setForgotPassword] = useState(false);

  if (user) return <Navigate to={returnUrl} replace />;
  if (isLoading) return <div aria-busy="true" className="min-h-screen" />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <Link
        to={href.home()}
        className="inline-flex items-center gap-2 rounded px-1 py-1 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
        <span className="text-lg font-extrabold tracking-tight text-slate-900">
          B2B<span className="text-amber-500">Store</span>
        </span>
      </Link>
      <div className="mt-6 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900">Your business account</h1>
          <p className="mt-1 text-sm text-slate-600">
            Log in to order at business prices, or register your company with its GST number.
          </p>
          {sessionExpired ? (
            <div
              role="status"
              className="mt-4 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
            >
              <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <p>
                <span className="font-semibold">Your session has expired.</span> Please log in again
                to continue.
              </p>
            </div>
          ) : null}
          <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)} className="mt-4">
            <TabsList aria-label="Login or register">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
            </TabsList>
            <TabsContent value="login" className="grid gap-4">
              {registeredEmail ? (
                <p
                  role="status"
                  className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900"
                >
                  We sent a verification link to {registeredEmail}. Open it to verify your email,
                  then log in here.
                </p>
              ) : null}
              {forgotPassword ? (
                <ForgotPasswordForm
                  defaultEmail={registeredEmail ?? ''}
                  onCancel={() => setForgotPassword(false)}
                />
              ) : (
                <>
                  <LoginForm key={registeredEmail ?? ''} defaultEmail={registeredEmail ?? ''} />
                  <button
                    type="button"
                    className="justify-self-start rounded text-sm font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
                    onClick={() => setForgotPassword(true)}
                  >
                    Forgot password?
                  </button>
                </>
              )}
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm
                onRegistered={(email) => {
                  setRegisteredEmail(email);
                  setTab('login');
                }}
              />
            </TabsContent>
          </Tabs>
        </section>
        <MarketingPanel />
      </div>
    </div>
  );
}
