/** The notification jobs' names on the Postgres queue (one lane of the worker runs them: jobs/index.ts). */
export const NOTIFICATION_TRIGGERS_JOB = 'notifications-triggers';
export const NOTIFICATION_DELIVER_JOB = 'notifications-deliver';
