/** Cross-node fan-out (DESIGN §2): in-process when embedded, Redis pub/sub when REDIS_URL is set. */
export type BusHandler = (message: unknown) => void;

export interface MessageBus {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, message: unknown): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
