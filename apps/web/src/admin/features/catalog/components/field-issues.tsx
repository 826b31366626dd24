import type { ProductIssue } from '@storefront/shared/catalog-product';

/** The messages of the issues a section of the editor has (a table's, a list's), under it. */
export function FieldIssues({ issues, id }: { issues: readonly ProductIssue[]; id?: string }) {
  if (issues.length === 0) return null;
  return (
    <ul id={id} className="grid gap-1 text-sm text-red-600" data-testid="field-issues">
      {issues.map((issue) => (
        <li key={`${issue.path}-${issue.code}-${issue.message}`}>{issue.message}</li>
      ))}
    </ul>
  );
}

/** The messages at a field as one error text (FormField's `error`). */
export const errorText = (issues: readonly ProductIssue[]) =>
  issues.length === 0 ? undefined : issues.map((issue) => issue.message).join(' ');
