import { type LiveDataMessage, LiveDataMessage as LiveDataMessageSchema, readLiveDataMessage } from '@eh/contracts';
import type { MessageBus } from './bus/index.ts';
import { LIVE_CHANNEL } from './channels.ts';
import type { AppContext } from './context.ts';

/**
 * Sends a data message (SPEC §7 incoming types) to the live clients that follow it, on every node: through Redis
 * when REDIS_URL is set, in-process otherwise. Validated here, so nothing malformed reaches the bus. Events and
 * files are published as a caller with every feature sees them; each client is sent what its plan shows. Quotes
 * are coalesced per client into one `quotes` message a second. While Redis is unreachable the message reaches this
 * node's clients only (the bus's rule); it never fails for an outage.
 */
export async function publishLive(target: Pick<AppContext, 'bus'> | MessageBus, message: LiveDataMessage) {
  const bus = 'bus' in target ? target.bus : target;
  // A feed's quote batches are checked by hand (exactly what the schema takes unchanged); anything else, or a batch
  // the hand check does not take, goes through the schema (which throws on what it refuses).
  const fast = message.type === 'quotes' ? readLiveDataMessage(message) : null;
  await bus.publish(LIVE_CHANNEL, fast?.success ? fast.data : LiveDataMessageSchema.parse(message));
}
