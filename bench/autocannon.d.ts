/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  type Result = { latency: { p99: number; p50: number }; requests: { average: number }; non2xx: number; errors: number };
  type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string> };
  export default function autocannon(opts: Options, done: (err: Error | null, result: Result) => void): unknown;
}
