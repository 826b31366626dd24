import { Info } from 'lucide-react';
import { ErrorAlert } from '../../components/ui/alert';
import { ApiError } from '../../lib/api/api-client';
import { describeError } from '../../lib/api/error-message';

/**
 * Why a page's data did not come: the role does not allow it, the server has no such route yet
 * (a section whose API is still being built answers the JSON 404 `No route for …`), or the
 * server's own detail. A 401 never shows here: the frame returns to the sign-in page.
 */
export function QueryError({ error, what }: { error: unknown; what: string }) {
  if (error instanceof ApiError && error.status === 404 && error.detail?.startsWith('No route'))
    return (
      <div
        role="status"
        className="flex gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700"
      >
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-blue-600" />
        <p>This server does not offer {what} yet. It comes with the next server update.</p>
      </div>
    );
  return (
    <ErrorAlert title={`Could not load ${what}`}>
      {error instanceof ApiError && error.code === 'role_forbidden'
        ? 'Your role does not allow this.'
        : (describeError(error) ?? 'Something went wrong.')}
    </ErrorAlert>
  );
}
