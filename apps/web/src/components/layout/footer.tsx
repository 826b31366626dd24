/** Footer (spec §2): the four policy pages, copyright, postal address in India, support email. */
import { Link } from 'react-router';
import { href } from '@storefront/shared/routes';
import { policyLinks } from './policy-links';
import { POSTAL_ADDRESS, SITE_NAME, SUPPORT_EMAIL, SUPPORT_HOURS } from './site-info';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-12 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-screen-2xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-3 lg:px-8">
        <nav aria-label="Policies">
          <h2 className="mb-3 text-sm font-bold tracking-wide text-white uppercase">Policies</h2>
          <ul className="space-y-2 text-sm">
            {policyLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to={href.faq()} className="hover:text-white hover:underline">
                FAQ
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-sm font-bold tracking-wide text-white uppercase">Address</h2>
          <address className="text-sm leading-6 not-italic">
            {POSTAL_ADDRESS.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </div>
        <div>
          <h2 className="mb-3 text-sm font-bold tracking-wide text-white uppercase">Support</h2>
          <p className="text-sm">
            <a href={`mailto:${SUPPORT_EMAIL}`} className="hover:text-white hover:underline">
              {SUPPORT_EMAIL}
            </a>
          </p>
          <p className="mt-1 text-sm">{SUPPORT_HOURS}</p>
        </div>
      </div>
      <div className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        © {year} {SITE_NAME}. All rights reserved.
      </div>
    </footer>
  );
}
