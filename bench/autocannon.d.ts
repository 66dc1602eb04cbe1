// The part of autocannon's programmatic API the benchmarks use (it ships no types).
declare module "autocannon" {
  interface AutocannonOptions {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }
  interface AutocannonResult {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
}
