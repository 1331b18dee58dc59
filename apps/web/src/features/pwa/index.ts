/** The pwa feature's public face: what other features use of it. */
export { registerServiceWorker, SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from './service-worker.ts';
