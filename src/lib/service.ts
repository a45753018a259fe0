// What every long-running part of the appliance is to the runtime (src/runtime.ts).
export interface Service {
  readonly name: string;
  start(): void | Promise<void>;
  /** Finishes or hands back the work in flight within `timeoutMs`. */
  stop(timeoutMs: number): Promise<void>;
}
