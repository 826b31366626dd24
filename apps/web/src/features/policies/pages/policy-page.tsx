import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { POLICIES, type PolicyId } from '../data/policies';

/** One static policy page with its last-updated text (spec §2). */
export function PolicyPage({ policy }: { policy: PolicyId }) {
  const { title, lastUpdated, intro, sections } = POLICIES[policy];
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: title }]} />
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-1 text-sm text-slate-500">Last updated: {lastUpdated}</p>
      <p className="mt-6 text-slate-700">{intro}</p>
      {sections.map((section) => (
        <section key={section.heading} className="mt-6">
          <h2 className="text-xl font-semibold">{section.heading}</h2>
          <div className="mt-2 leading-7 text-slate-700">{section.body}</div>
        </section>
      ))}
    </article>
  );
}
