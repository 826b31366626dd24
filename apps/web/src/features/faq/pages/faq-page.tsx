import { FaqList } from '../../../components/faq/faq-list';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';

/** The FAQ page (spec §2): the five single-open items. */
export function FaqPage() {
  useDocumentTitle('Frequently Asked Questions');
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'FAQ' }]} />
      <h1 className="mt-4 mb-6 text-3xl font-bold">Frequently Asked Questions</h1>
      <FaqList />
    </div>
  );
}
