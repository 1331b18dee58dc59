/** The flags feature's public face: what other features use of it. */

export { selectDevMode } from './flags.ts';
export { useFlags } from './flags-api.ts';
export { FlagsTable } from './flags-table.tsx';
