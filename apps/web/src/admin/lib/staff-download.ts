/**
 * A file the server makes on request (a return, an e-invoice), fetched with the session cookie
 * and handed to the browser's downloads under the server's file name. Fetched rather than linked,
 * so a refusal (a registration incomplete, an HSN too short) reaches the page as the server's
 * detail and issues instead of a file holding the error.
 */
import { apiUrl, type QueryValues } from '@storefront/shared/catalog-calls';
import { failureOf } from './staff-client';

/** The file name of a Content-Disposition header ('attachment; filename="x.json"'). */
export function attachmentName(header: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(header ?? '');
  return match?.[1] ?? fallback;
}

/** Downloads the file at `path`; throws the server's ApiError when it refuses. */
export async function staffDownload(
  path: string,
  fallbackName: string,
  query?: QueryValues,
): Promise<string> {
  const response = await fetch(apiUrl(path, query), { credentials: 'same-origin' });
  if (!response.ok) throw failureOf(response, await response.text());
  const name = attachmentName(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Later, not at once: revoking as the click returns can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
