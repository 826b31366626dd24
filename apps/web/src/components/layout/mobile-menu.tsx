/** The mobile menu: account, orders, FAQ, cart, categories and policies in a drawer. */
import { Link } from 'react-router';
import { href } from '@storefront/shared/routes';
import { useSession } from '../../lib/contexts/session';
import { Sheet } from '../ui/sheet';
import { greetingFor } from './account-label';
import { policyLinks } from './policy-links';

export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpenCategories: () => void;
}

const linkClass =
  'block px-4 py-3 text-base text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600';

export function MobileMenu({ open, onOpenChange, onOpenCategories }: MobileMenuProps) {
  const { user, signOut } = useSession();
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={greetingFor(user?.name)}>
      <nav aria-label="Mobile menu">
        <ul className="divide-y divide-slate-200">
          <li>
            <Link to={href.home()} onClick={close} className={linkClass}>
              Home
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                close();
                onOpenCategories();
              }}
              className={`${linkClass} w-full text-left`}
            >
              Shop By Category
            </button>
          </li>
          {user ? (
            <>
              <li>
                <Link to={href.profile()} onClick={close} className={linkClass}>
                  Your Account
                </Link>
              </li>
              <li>
                <Link to={href.orders()} onClick={close} className={linkClass}>
                  Your Orders
                </Link>
              </li>
              <li>
                <Link to={href.quotes()} onClick={close} className={linkClass}>
                  My Quotes
                </Link>
              </li>
              <li>
                <Link to={href.quickOrder()} onClick={close} className={linkClass}>
                  Quick Order
                </Link>
              </li>
            </>
          ) : (
            <li>
              <Link to={href.auth()} onClick={close} className={linkClass}>
                Sign In
              </Link>
            </li>
          )}
          <li>
            <Link to={user ? href.orders() : href.auth()} onClick={close} className={linkClass}>
              Returns &amp; Orders
            </Link>
          </li>
          <li>
            <Link to={href.faq()} onClick={close} className={linkClass}>
              FAQ
            </Link>
          </li>
          <li>
            <Link to={href.cart()} onClick={close} className={linkClass}>
              Cart
            </Link>
          </li>
          {policyLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} onClick={close} className={`${linkClass} text-sm text-slate-600`}>
                {link.label}
              </Link>
            </li>
          ))}
          {user ? (
            <li>
              <button
                type="button"
                onClick={() => {
                  close();
                  void signOut();
                }}
                className={`${linkClass} w-full text-left`}
              >
                Sign Out
              </button>
            </li>
          ) : null}
        </ul>
      </nav>
    </Sheet>
  );
}
