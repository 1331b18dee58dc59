export { setPlan } from './service.ts';
