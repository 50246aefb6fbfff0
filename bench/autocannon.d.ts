/** The part of autocannon's API the benchmarks use (it ships no types). */
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p90: number; p99: number; max: number };
  type Result = { latency: Histogram; requests: Histogram & { total: number }; '2xx': number; non2xx: number; errors: number };
  /** With `workers`, `setupRequest` is the path of a CommonJS file exporting the function. */
  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: string | ((req: Record<string, unknown>) => Record<string, unknown>);
  };
  type Options = { url: string; connections?: number; workers?: number; duration?: number; headers?: Record<string, string>; requests?: Request[] };
  function autocannon(options: Options): Promise<Result>;
  function autocannon(options: Options, done: (err: Error | null, result: Result) => void): unknown;
  export default autocannon;
}
