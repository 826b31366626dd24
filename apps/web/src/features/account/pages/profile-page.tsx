/**
 * /profile (spec §2 "Profile", §6): a left menu (Profile, Orders, and Settings, which has no
 * screen yet), tabs Profile and Recent Orders (product decision #2), and Logout with the spec's
 * toasts (§8, through the session). The Profile tab also offers a password change (decision
 * 029). A visitor is asked to log in.
 */
import { href } from '@storefront/shared/routes';
import { LogOut, Package, Settings, User, FileText } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';
import { LoginPrompt } from '../../../components/account/sign-in-required';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/contexts/session';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { PasswordSection } from '../components/password-section';
import { EditableProfile } from '../components/editable-profile';
import { AddressesLoading, RecentOrdersLoading } from '../components/tab-loading';

// The Recent Orders and Addresses tabs (the address forms, the GST state list) are not the
// first screen: their code loads when the buyer reaches for the tabs (a pointer over them, a
// touch, focus), as the header's menus do (decision 036), not with the page.
const loadRecentOrders = () => import('../components/recent-orders');
const loadAddressBook = () => import('../components/address-book');
const RecentOrders = lazy(() => loadRecentOrders().then((m) => ({ default: m.RecentOrders })));
const AddressBookTab = lazy(() => loadAddressBook().then((m) => ({ default: m.AddressBookTab })));

function loadOtherTabs() {
  void loadRecentOrders();
  void loadAddressBook();
}

const menuItemClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600';

function ProfileMenu() {
  return (
    <nav aria-label="Account">
      <ul className="grid gap-1">
        <li>
          <NavLink
            to={href.profile()}
            end
            className={({ isActive }) => cn(menuItemClass, isActive && 'bg-blue-50 text-blue-700')}
          >
            <User aria-hidden="true" className="size-4" />
            Profile
          </NavLink>
        </li>
        <li>
          <NavLink to={href.orders()} className={menuItemClass}>
            <Package aria-hidden="true" className="size-4" />
            Orders
          </NavLink>
        </li>
        <li>
          <NavLink to={href.quotes()} className={menuItemClass}>
            <FileText aria-hidden="true" className="size-4" />
            My Quotes
          </NavLink>
        </li>
        <li>
          {/* The spec's Settings entry has no screen behind it; it is shown, not offered. */}
          <button
            type="button"
            disabled
            className={cn(menuItemClass, 'cursor-not-allowed opacity-60')}
          >
            <Settings aria-hidden="true" className="size-4" />
            Settings
          </button>
        </li>
      </ul>
    </nav>
  );
}

export function ProfilePage() {
  useDocumentTitle('Your Account');
  const { user, isLoading, signOut } = useSession();

  if (isLoading) {
    return (
      <div
        aria-busy="true"
        aria-label="Loading your account"
        className="mx-auto max-w-6xl px-4 py-8"
      >
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="px-4 py-16">
        <LoginPrompt message="Please login to view your profile" />
      </div>
    );
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 md:grid-cols-[14rem_minmax(0,1fr)]">
      <Card as="aside" flat className="p-3 self-start">
        <ProfileMenu />
      </Card>
      <Card as="section" flat className="p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-4">
          <span
            aria-hidden="true"
            className="flex size-12 items-center justify-center rounded-full bg-blue-600 text-lg font-bold text-white"
          >
            {user.name.charAt(0).toUpperCase()}
          </span>
          {/* Wide enough for a full name: on a phone the Logout button wraps below instead. */}
          <div className="min-w-48 flex-1">
            <h1 className="text-xl font-bold break-words text-slate-900">{user.name}</h1>
            <p className="text-sm break-words text-slate-600">{user.companyName}</p>
          </div>
          <Button variant="outline" onClick={() => void signOut()}>
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </Button>
        </div>
        <Tabs defaultValue="profile" className="mt-6">
          <TabsList
            onPointerOver={loadOtherTabs}
            onTouchStart={loadOtherTabs}
            onFocus={loadOtherTabs}
          >
            <TabsTrigger value="profile">Profile</TabsTrigger>
            <TabsTrigger value="orders">Recent Orders</TabsTrigger>
            <TabsTrigger value="addresses">Addresses</TabsTrigger>
          </TabsList>
          <TabsContent value="profile">
            <EditableProfile user={user} />
            <PasswordSection />
          </TabsContent>
          <TabsContent value="orders">
            <Suspense fallback={<RecentOrdersLoading />}>
              <RecentOrders />
            </Suspense>
          </TabsContent>
          <TabsContent value="addresses">
            <Suspense fallback={<AddressesLoading />}>
              <AddressBookTab />
            </Suspense>
          </TabsContent>
        </Tabs>
      </Card>
    </div>
  );
}
