// The V8 heap limits the production server runs with (`npm start`, the benchmarks; decision
// 034). Left alone, V8 lets the old generation grow to hundreds of MB of garbage under load
// before it collects (RSS ~400 MB in the bench); the live heap is the response cache (64 MB at
// most) and the requests in flight, so a 192 MB old generation and small semi-spaces keep RSS
// near 150–200 MB at the same throughput. PGlite's WASM memory is outside this limit.
export const SERVER_NODE_FLAGS = ['--max-old-space-size=192', '--max-semi-space-size=4'];
