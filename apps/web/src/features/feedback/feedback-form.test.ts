import { FEEDBACK_CATEGORIES as CONTRACT_CATEGORIES, FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGE_MIN } from '@eh/contracts';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_CATEGORIES, toFeedbackBody, validateFeedback } from './feedback-form.ts';

const draft = (over: Partial<{ category: string; message: string; email: string }> = {}) => ({
  category: 'bug',
  message: 'The calendar shows the wrong time.',
  email: '',
  ...over,
});

describe('feedback categories', () => {
  it('are the contract’s categories', () => {
    expect(FEEDBACK_CATEGORIES).toEqual(CONTRACT_CATEGORIES);
  });
});

describe(validateFeedback.name, () => {
  it('accepts a complete draft', () => {
    expect(validateFeedback(draft())).toEqual({});
    expect(validateFeedback(draft({ email: 'trader@example.com' }))).toEqual({});
  });

  it('applies the contract limits to the trimmed message', () => {
    expect(validateFeedback(draft({ message: 'x'.repeat(FEEDBACK_MESSAGE_MIN) }))).toEqual({});
    expect(validateFeedback(draft({ message: `  ${'x'.repeat(FEEDBACK_MESSAGE_MIN - 1)}   ` })).message).toMatch(
      /at least 10/,
    );
    expect(validateFeedback(draft({ message: 'x'.repeat(FEEDBACK_MESSAGE_MAX) }))).toEqual({});
    expect(validateFeedback(draft({ message: 'x'.repeat(FEEDBACK_MESSAGE_MAX + 1) })).message).toMatch(/5,000/);
  });

  it('checks the optional email only when given', () => {
    expect(validateFeedback(draft({ email: '   ' }))).toEqual({});
    expect(validateFeedback(draft({ email: 'not-an-email' })).email).toBeDefined();
    expect(validateFeedback(draft({ email: `${'a'.repeat(320)}@example.com` })).email).toBeDefined();
  });

  it('rejects an unknown category', () => {
    expect(validateFeedback(draft({ category: 'rant' })).category).toBeDefined();
  });
});

describe(toFeedbackBody.name, () => {
  it('trims, drops an empty email and adds the page', () => {
    expect(toFeedbackBody(draft({ message: '  Please add ex-dividend dates.  ', email: ' ' }), '/calendar')).toEqual({
      category: 'bug',
      message: 'Please add ex-dividend dates.',
      page: '/calendar',
    });
    expect(toFeedbackBody(draft({ email: ' me@example.com ' }))).toEqual({
      category: 'bug',
      message: 'The calendar shows the wrong time.',
      email: 'me@example.com',
    });
  });
});
