// The V8 heap limits the production server runs with (`npm start`, the benchmarks; decision
// 034). Left alone, V8 lets the old generation grow to hundreds of MB of garbage under load
// before it collects (RSS ~400 MB in the bench); the live heap is the code, the caches' keys
// (their answers are buffers outside it, RESPONSE_CACHE_MB) and the requests in flight, so a
// 192 MB old generation and small semi-spaces keep RSS near 150–200 MB at the same throughput.
// PGlite's WASM memory is outside this limit (its shared buffers are set in db/connect.ts).
// Tried and not kept on PGlite, 100,000 products: --max-old-space-size=160 (peak 241 MB, but
// throughput could not be shown unchanged on this shared machine) and --v8-pool-size=2 with
// UV_THREADPOOL_SIZE=2 (276 vs 277 MB, noise).
//
// No allocation-site pretenuring (decision 093): V8 decides while the server starts (~120 sites)
// to allocate some sites' objects straight in the old generation; a process where a per-request
// site was among them spent ~60 µs of CPU per cached answer instead of ~37 for its whole life,
// in full collections.
export const SERVER_NODE_FLAGS = [
  '--max-old-space-size=192',
  '--max-semi-space-size=4',
  '--no-allocation-site-pretenuring',
];

// What the C library reads at the process's start (decisions 040, 089): glibc's malloc gives each
// thread that allocates at once an arena of its own (up to 8 per core), and the memory freed in
// one arena is reused by that arena only; libvips's threads, brotli and the password hash's pool
// threads left the soak's RSS ~46 MB higher than with two arenas, and the second of two held
// 32-38 MB that PGlite's thread had freed (its compile at start) where the main thread could not
// reuse it. One arena: no cost measured in CPU per request (threads take small blocks from a
// cache of their own, glibc's tcache, without the arena's lock).
// A fixed mmap threshold (decisions 078, 090): a block of 32 KiB or more gets pages of its own,
// given back when freed. glibc's default raises the threshold to the largest block freed (up to
// 32 MiB), after which such blocks come from the arena, whose free middle stays resident (glibc
// gives back only its top). V8's compiler takes its memory in blocks that grow to 32 KiB (PGlite's
// largest function ~600 MB of them, seconds after start), and a file read arrives in 64 KiB:
// at 128 KiB these went to the arena, which under the PGlite import held 52 MB, half of it free.
// The operator's own value wins.
export const SERVER_ENV = { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '32768' };
