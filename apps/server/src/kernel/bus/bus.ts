/** Cross-node fan-out (DESIGN §2): in-process when embedded, Redis pub/sub when REDIS_URL is set. */
export type BusHandler = (message: unknown) => void;

/** A change of the bus's link to other nodes: lost (with the error that showed it) or back after `downForMs`. */
export type BusStatus = { connected: false; error: unknown } | { connected: true; downForMs: number };

export interface MessageBus {
  readonly kind: 'memory' | 'redis';
  /** False while Redis is unreachable: publishes then reach this node's handlers only. */
  readonly connected: boolean;
  /**
   * Never fails for an outage: it waits a bounded time for Redis and otherwise delivers to this node's handlers,
   * so a change that is already stored is not answered as a failure.
   */
  publish(channel: string, message: unknown): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  /**
   * Told once when the link is lost and once when it is back. Messages other nodes sent in between were missed,
   * so a subscriber that keeps state from them refreshes it when `connected` turns true. Returns the function that
   * stops listening.
   */
  onStatus(listener: (status: BusStatus) => void): () => void;
  close(): Promise<void>;
}
