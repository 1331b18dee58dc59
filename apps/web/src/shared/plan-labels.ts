/** How each plan of SPEC §1 is named on screen (one list, shared with the server's messages). */
export { PLAN_NAMES as PLAN_LABELS } from '@eh/domain';
