// The parts of autocannon's API the benchmark uses.
declare module 'autocannon' {
  interface Options { url: string; method?: string; connections?: number; pipelining?: number; duration?: number; headers?: Record<string, string>; body?: string; requests?: { path?: string; method?: string; body?: string; setupRequest?: <R extends { path?: string }>(request: R) => R }[] }
  interface Histogram { average: number; p50: number; p99: number; total: number }
  interface Result { requests: Histogram; latency: Histogram; non2xx: number; errors: number; timeouts: number }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
