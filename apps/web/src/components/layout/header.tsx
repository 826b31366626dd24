/**
 * Site header (spec §2): logo, search, greeting and Account & Lists, Returns & Orders, FAQ,
 * cart, the category strip with its 'Shop By Category' drawer, and on phones the menu button
 * and the mobile search. Signed-in parts read lib/contexts/session, so accounts plug in there.
 *
 * The drawer, the mobile menu and the account dropdown (Radix Dialog and Dropdown Menu) are
 * loaded after the first paint, so they stay out of the initial JavaScript.
 */
import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { href } from '@storefront/shared/routes';
import { useSession } from '../../lib/contexts/session';
import { ACCOUNT_TRIGGER_CLASS, AccountLabel } from './account-label';
import { CartLink } from './cart-link';
import { CategoryStrip } from './category-strip';
import { MobileSearch } from './mobile-search';
import { SearchBox } from './search-box';

const loadDrawer = () => import('./category-drawer');
const loadMobileMenu = () => import('./mobile-menu');
const loadAccountMenu = () => import('./account-menu');
const CategoryDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.CategoryDrawer })));
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));
const AccountMenu = lazy(() => loadAccountMenu().then((m) => ({ default: m.AccountMenu })));

const navLinkClass =
  'flex flex-col rounded px-2 py-1 leading-tight hover:outline hover:outline-1 hover:outline-white focus-visible:outline-2 focus-visible:outline-amber-400';

/**
 * The menus' code loads when the buyer reaches for the header (a pointer over it, a touch,
 * focus), not with the page: on the first load it would compete with the page's own code and
 * data (decision 036). Each menu is drawn on its first use.
 */
let menusRequested = false;
function loadMenus() {
  if (menusRequested) return;
  menusRequested = true;
  void loadAccountMenu();
  void loadDrawer();
  void loadMobileMenu();
}

export function Header() {
  const { user } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  // The account button is a plain one until its first click, which brings in the menu, open.
  const [accountWanted, setAccountWanted] = useState(false);
  const accountButton = (
    <button
      type="button"
      aria-haspopup="menu"
      className={ACCOUNT_TRIGGER_CLASS}
      onClick={() => setAccountWanted(true)}
    >
      <AccountLabel name={user?.name} />
    </button>
  );

  const openDrawer = () => {
    setDrawerUsed(true);
    setDrawerOpen(true);
  };

  return (
    <header
      className="bg-slate-900 text-white"
      onPointerOver={loadMenus}
      onTouchStart={loadMenus}
      onFocus={loadMenus}
    >
      <div className="mx-auto flex max-w-screen-2xl items-center gap-2 px-2 py-2 sm:gap-4 sm:px-4">
        <button
          type="button"
          onClick={() => {
            setMenuUsed(true);
            setMenuOpen(true);
          }}
          aria-label="Open menu"
          aria-haspopup="dialog"
          className="rounded p-2 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-amber-400 md:hidden"
        >
          <Menu aria-hidden="true" className="size-6" />
        </button>
        {/* Named by its visible wordmark (WCAG 2.5.3, label in name), then where it goes. */}
        <Link
          to={href.home()}
          className="flex shrink-0 items-center gap-2 rounded px-1 py-1 focus-visible:outline-2 focus-visible:outline-amber-400"
        >
          <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
          <span className="text-lg font-extrabold tracking-tight">
            B2B<span className="text-amber-400">Store</span>
          </span>
          <span className="sr-only"> home</span>
        </Link>
        <div className="hidden flex-1 md:flex">
          <SearchBox />
        </div>
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <div className="hidden md:block">
            {accountWanted ? (
              <Suspense fallback={accountButton}>
                <AccountMenu />
              </Suspense>
            ) : (
              accountButton
            )}
          </div>
          {user ? (
            <Link to={href.quickOrder()} className={`${navLinkClass} hidden lg:flex`}>
              <span className="max-w-20 text-sm font-bold">Quick Order</span>
            </Link>
          ) : null}
          <Link
            to={user ? href.orders() : href.auth()}
            className={`${navLinkClass} hidden lg:flex`}
          >
            <span className="max-w-20 text-sm font-bold">Returns &amp; Orders</span>
          </Link>
          <Link to={href.faq()} className={`${navLinkClass} hidden text-sm font-bold md:flex`}>
            FAQ
          </Link>
          <CartLink />
        </div>
      </div>
      <div className="px-2 pb-2 md:hidden">
        <MobileSearch />
      </div>
      <CategoryStrip onOpenAll={openDrawer} />
      <Suspense fallback={null}>
        {drawerUsed ? <CategoryDrawer open={drawerOpen} onOpenChange={setDrawerOpen} /> : null}
        {menuUsed ? (
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} onOpenCategories={openDrawer} />
        ) : null}
      </Suspense>
    </header>
  );
}
