import { data } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeErrorText } from './route-error.tsx';

describe(routeErrorText.name, () => {
  it('shows the message of an Error', () => {
    expect(routeErrorText(new Error('Failed to fetch dynamically imported module'))).toBe(
      'Failed to fetch dynamically imported module',
    );
  });

  it('shows plain values', () => {
    expect(routeErrorText('boom')).toBe('boom');
    expect(routeErrorText({ code: 1 })).toBe('{"code":1}');
  });

  it('is defined for route error responses', () => {
    expect(typeof routeErrorText(data('gone', { status: 410 }))).toBe('string');
  });
});
