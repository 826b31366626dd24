/**
 * The console's routes (paths.ts). Sign-in and setup stand alone; every other page is inside
 * the frame, which signs the member in, and behind its section's roles. Each page is its own
 * chunk, loaded when first opened.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { consolePaths, sectionAllows, type SectionKey } from '../paths';
import { Loading } from '../components/loading';
import { PageHeader } from '../components/page-header';
import { useStaffMember } from '../lib/session';
import { ConsoleLayout } from './console-layout';

function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
}

const LoginPage = page(() => import('../features/auth/pages/login-page'), 'LoginPage');
const SetupPage = page(() => import('../features/auth/pages/setup-page'), 'SetupPage');
const DashboardPage = page(
  () => import('../features/dashboard/pages/dashboard-page'),
  'DashboardPage',
);
const OrdersPage = page(() => import('../features/orders/pages/orders-page'), 'OrdersPage');
const OrderPage = page(() => import('../features/orders/pages/order-page'), 'OrderPage');
const ReturnRequestsPage = page(
  () => import('../features/return-requests/pages/return-requests-page'),
  'ReturnRequestsPage',
);
const ReturnRequestPage = page(
  () => import('../features/return-requests/pages/return-request-page'),
  'ReturnRequestPage',
);
const PaymentsPage = page(() => import('../features/payments/pages/payments-page'), 'PaymentsPage');
const QuotesPage = page(() => import('../features/quotes/pages/quotes-page'), 'QuotesPage');
const QuotePage = page(() => import('../features/quotes/pages/quote-page'), 'QuotePage');
const BuyersPage = page(() => import('../features/buyers/pages/buyers-page'), 'BuyersPage');
const BuyerPage = page(() => import('../features/buyers/pages/buyer-page'), 'BuyerPage');
const ProductsPage = page(() => import('../features/catalog/pages/products-page'), 'ProductsPage');
const ProductPage = page(() => import('../features/catalog/pages/product-page'), 'ProductPage');
const TaxonomyPage = page(() => import('../features/catalog/pages/taxonomy-page'), 'TaxonomyPage');
const StaffPage = page(() => import('../features/staff/pages/staff-page'), 'StaffPage');
const AuditPage = page(() => import('../features/audit/pages/audit-page'), 'AuditPage');
const SettingsPage = page(() => import('../features/settings/pages/settings-page'), 'SettingsPage');
const TaxRatesPage = page(
  () => import('../features/settings/pages/tax-rates-page'),
  'TaxRatesPage',
);
const TaxDocumentsPage = page(
  () => import('../features/gst-returns/pages/tax-documents-page'),
  'TaxDocumentsPage',
);
const CatalogTransferPage = page(
  () => import('../features/catalog/pages/import-export-page'),
  'ImportExportPage',
);

/** A section's page, or a plain refusal for a role that may not use it. */
function Section({ name, children }: { name: SectionKey; children: ReactNode }) {
  const member = useStaffMember();
  if (sectionAllows(name, member.role)) return children;
  return (
    <PageHeader
      title="Not available to your role"
      description="Ask the store's owner if you need this part of the console."
    />
  );
}

function NotFound() {
  return (
    <PageHeader title="Page not found" description="No page of the console has this address." />
  );
}

export function ConsoleRoutes() {
  return (
    <Suspense
      fallback={
        <div className="mx-auto max-w-md p-8">
          <Loading what="the page" rows={3} />
        </div>
      }
    >
      <Routes>
        <Route path={consolePaths.login} element={<LoginPage />} />
        <Route path={consolePaths.setup} element={<SetupPage />} />
        <Route element={<ConsoleLayout />}>
          <Route
            path={consolePaths.dashboard}
            element={
              <Section name="dashboard">
                <DashboardPage />
              </Section>
            }
          />
          <Route
            path={consolePaths.orders}
            element={
              <Section name="orders">
                <OrdersPage />
              </Section>
            }
          />
          <Route
            path={consolePaths.order}
            element={
              <Section name="orders">
                <OrderPage />
              </Section>
            }
          />
          <Route
            path={consolePaths.returnRequests}
            element={
              <Section name="returnRequests">
                <ReturnRequestsPage />
              </Section>
            }
          />
          <Route
            path={consolePaths.returnRequest}
            element={
              <Section name="returnRequests">
                <ReturnRequestPage />
              </Section>
            }
          />
          <Route
            path={consolePaths.payments}
            element={
              <Section name="payments">
                <PaymentsPage />
              </Section>
            }
          />
          <Route
            path={consolePaths.quotes}
            element={
              <Section name="quotes">
                <QuotesPage />
              </Section>
            }
          />
          <Route
            path={consolePaths.quote}
            element={
              <Section name="quotes">
                <QuotePage />
              </Section>
            }
          />
          <Route
            path={consolePaths.buyers}
            element={
              <Section name="buyers">
                <BuyersPage />
              </Section>
            }
          />
          <Route
            path={consolePaths.buyer}
            element={
              <Section name="buyers">
                <BuyerPage />
              </Section>
            }
          />
          <Route
            path={consolePaths.catalog}
            element={
              <Section name="catalog">
                <ProductsPage />
              </Section>
            }
          />
          <Route
            path={consolePaths.catalogNew}
            element={
              <Section name="catalog">
                <ProductPage />
              </Section>
            }
          />
          <Route
            path={consolePaths.catalogProduct}
            element={
              <Section name="catalog">
                <ProductPage />
              </Section>
            }
          />
          <Route
            path={consolePaths.taxonomy}
            element={
              <Section name="taxonomy">
                <TaxonomyPage />
              </Section>
            }
          />
          <Route
            path={consolePaths.staff}
            element={
              <Section name="staff">
                <StaffPage />
              </Section>
            }
          />
          <Route
            path={consolePaths.audit}
            element={
              <Section name="audit">
                <AuditPage />
              </Section>
            }
          />
          <Route
            path={consolePaths.catalogTransfer}
            element={
              <Section name="catalogTransfer">
                <CatalogTransferPage />
              </Section>
            }
          />
          <Route
            path={consolePaths.taxRates}
            element={
              <Section name="taxRates">
                <TaxRatesPage />
              </Section>
            }
          />
          <Route
            path={consolePaths.settings}
            element={
              <Section name="settings">
                <SettingsPage />
              </Section>
            }
          />
          <Route
            path={consolePaths.taxDocuments}
            element={
              <Section name="taxDocuments">
                <TaxDocumentsPage />
              </Section>
            }
          />
          <Route path="/admin/*" element={<NotFound />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
