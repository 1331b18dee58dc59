/**
 * Giving a heavy job's garbage back at once. V8 collects the old generation when it nears a limit it set while the
 * job ran: after the market history's fill, several hundred megabytes of garbage stayed resident at rest for
 * minutes. One major collection, started when such a job ends, returns them; it runs incrementally and
 * concurrently, so requests and quotes go on while it works.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'major'; execution: 'async' }) => Promise<void>;
let collect: Collect | undefined;

export function collectGarbageSoon(): Promise<void> {
  if (collect === undefined) {
    // The collector is reachable only with --expose-gc; a new context made after setting it has `gc`.
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
  }
  return collect({ type: 'major', execution: 'async' });
}
