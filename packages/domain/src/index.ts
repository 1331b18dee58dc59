export * from './backoff.ts';
export * from './calendar.ts';
export * from './market.ts';
export * from './market-hours.ts';
export * from './plans.ts';
export * from './random.ts';
export * from './search.ts';
export * from './time.ts';
