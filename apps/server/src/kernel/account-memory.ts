/**
 * A node's short memory of what signed-in callers may do: which sessions still stand and each user's plan
 * features. Every signed-in request needs both; on the embedded database each lookup is a query through its one
 * thread (about 0.9 ms, three a request), so without this memory a signed-in page is served six times slower than
 * an anonymous one (decision 0048).
 *
 * What changes them (a sign-out, a plan, a subscription, a team's members, an account deleted) calls
 * `accountsChanged` after its write: this node forgets at once and every other node on the bus message. A node
 * cut off from the others forgets and remembers nothing until it hears them again, and nothing outlives
 * `ACCOUNT_MEMORY_TTL_MS` whatever happens.
 */
import type { FastifyInstance } from 'fastify';
import type { MessageBus } from './bus/index.ts';
import { ACCOUNTS_CHANGED_CHANNEL } from './channels.ts';

/** The longest a remembered answer is used: the bound on a change whose announcement was lost. */
export const ACCOUNT_MEMORY_TTL_MS = 10_000;
/** Past this many entries of one kind the oldest goes first, so a crowd of users costs bounded memory. */
const MAX_ENTRIES = 20_000;

interface Entry {
  value: Promise<unknown>;
  until: number;
}

export interface AccountMemory {
  /** `load()`'s answer for `key` of `kind`, remembered until a change or the TTL; a failed load is not kept. */
  recall<T>(kind: string, key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets everything (a change somewhere, or messages possibly missed). */
  forget(): void;
}

function createAccountMemory(bus: MessageBus): AccountMemory {
  const kinds = new Map<string, Map<string, Entry>>();
  // A load in flight is remembered from its start, so a change that comes before it ends drops it with the rest:
  // an answer read before a change is never kept after it. Until the node listens for changes, and while it cannot
  // hear the other nodes, it remembers nothing.
  let listening = false;
  const forget = () => kinds.clear();
  bus.subscribe(ACCOUNTS_CHANGED_CHANNEL, forget).then(
    () => {
      listening = true;
    },
    () => {},
  );
  bus.onStatus(forget);

  return {
    forget,
    recall<T>(kind: string, key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      let entries = kinds.get(kind);
      const known = entries?.get(key);
      if (known && known.until > now) return known.value as Promise<T>;
      if (!listening || !bus.connected) return load();
      const value = load();
      if (!entries) {
        entries = new Map();
        kinds.set(kind, entries);
      }
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      const entry = { value, until: now + ACCOUNT_MEMORY_TTL_MS };
      entries.set(key, entry);
      value.catch(() => {
        if (kinds.get(kind)?.get(key) === entry) kinds.get(kind)?.delete(key);
      });
      return value;
    },
  };
}

const memories = new WeakMap<MessageBus, AccountMemory>();

/** The node's memory, one per bus (so one per server, however many routes and verifiers share it). */
export function accountMemory(bus: MessageBus): AccountMemory {
  let memory = memories.get(bus);
  if (!memory) {
    memory = createAccountMemory(bus);
    memories.set(bus, memory);
  }
  return memory;
}

/**
 * Tells every node that what a signed-in caller may do changed: call it after the write is committed. This node
 * forgets before the bus's round trip, so the writer's next request already sees the change.
 */
export async function accountsChanged(ctx: { bus: MessageBus }): Promise<void> {
  accountMemory(ctx.bus).forget();
  await ctx.bus.publish(ACCOUNTS_CHANGED_CHANNEL, {});
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * For the routes whose writes change what a signed-in caller may do through many paths (billing and its webhooks,
 * teams): each write is announced before its answer leaves, so the caller's next request already sees it. A
 * refused request (4xx) wrote nothing and is not announced.
 */
export function announcesAccountChanges(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const refused = reply.statusCode >= 400 && reply.statusCode < 500;
    if (!READS.has(request.method) && !refused) await accountsChanged(app.ctx);
    return payload;
  });
}
