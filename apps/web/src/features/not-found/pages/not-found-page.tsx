import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';

/** Any path the router does not know (spec §2). */
export function NotFoundPage() {
  useDocumentTitle('404 Page Not Found');
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-3 text-slate-600">Did you forget to add the page to the router?</p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Go to Homepage
      </Link>
    </div>
  );
}
