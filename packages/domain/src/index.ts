export * from './calendar.ts';
export * from './market-hours.ts';
export * from './time.ts';
