/**
 * Greeting and 'Account & Lists' (spec §2): Your Account, Your Orders, My Quotes (issue 22)
 * and Sign Out when signed in; Sign In (/auth) when logged out. The session comes from
 * lib/contexts/session. The header draws it on the first click of its plain account button,
 * so it opens at once.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { href } from '@storefront/shared/routes';
import { useSession } from '../../lib/contexts/session';
import { ACCOUNT_TRIGGER_CLASS, AccountLabel } from './account-label';

const itemClass =
  'block rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100';

export function AccountMenu() {
  const { user, signOut } = useSession();
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger className={ACCOUNT_TRIGGER_CLASS}>
        <AccountLabel name={user?.name} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          {user ? (
            <>
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to={href.profile()}>Your Account</Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to={href.orders()}>Your Orders</Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to={href.quotes()}>My Quotes</Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to={href.quickOrder()}>Quick Order</Link>
              </DropdownMenu.Item>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              <DropdownMenu.Item className={itemClass} onSelect={() => void signOut()}>
                Sign Out
              </DropdownMenu.Item>
            </>
          ) : (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={href.auth()}>Sign In</Link>
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
