/**
 * InstantSearch imports `qs` for its history router, which this app never uses: the search
 * page's URL is the app's own (decision 023). vite.config.ts aliases `qs` to this module so
 * that qs and what it pulls in (side-channel, object-inspect, get-intrinsic: ~15 KB gzipped)
 * stay out of the search page. Should routing ever be turned on, it fails loudly here.
 */
function unused(): never {
  throw new Error('InstantSearch routing is not used: the app owns the search URL');
}

export default { parse: unused, stringify: unused };
