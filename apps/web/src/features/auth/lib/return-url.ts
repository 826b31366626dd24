/**
 * Where /auth sends the buyer after login (spec §2 "Auth"; product decision #4): the returnUrl
 * query parameter when it is a path of this site, else home. Anything else (another origin,
 * '//host', a 'javascript:' URL) is ignored, so a crafted link cannot bounce a fresh login
 * to a foreign page.
 */
export function safeReturnUrl(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  return raw;
}
