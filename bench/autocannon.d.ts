// The part of autocannon's programmatic API the benchmarks use (it ships no types).
declare module "autocannon" {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string | undefined;
    connections?: number;
    duration?: number;
  }
  type Histogram = Record<"p50" | "p99" | "max" | "total", number>;
  type Result = Record<"errors" | "timeouts" | "non2xx", number> &
    Record<"requests" | "latency", Histogram>;
  export default function autocannon(options: Options): Promise<Result>;
}
