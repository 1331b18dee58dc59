/** The notification jobs' names on the Postgres queue (the worker's notifications lane runs them: roles/worker.ts). */
export const NOTIFICATION_TRIGGERS_JOB = 'notifications-triggers';
export const NOTIFICATION_DELIVER_JOB = 'notifications-deliver';
