import { SLIDESHOW_DEFAULT_DELAY_MS } from '@eh/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import type { Slide } from './slides-model.ts';
import { Slideshow } from './slideshow.tsx';

const TITLE = 'AAPL Q4 2025 slides';
const SLIDES: Slide[] = [
  { kind: 'title', id: 'title', title: 'Apple Inc.', subtitle: 'Q4 2025', note: 'Reported Oct 30, 2025' },
  { kind: 'points', id: 'eps', title: 'Earnings per share', points: ['$1.85 reported', '$1.77 expected'] },
  { kind: 'points', id: 'revenue', title: 'Revenue', points: ['$102.5B reported', '$102.2B expected'] },
];
const HOUR = 60 * 60 * 1000;

/** Which slide of how many shows, as the slideshow says under it. */
const position = () => screen.getByTestId('slide-position').textContent;
/** Lets the page's clock run on by `ms` (the fake one: nothing else moves it). */
const pass = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the slideshow', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  // fireEvent, not user-event: Testing Library ends each user-event step on a timer it moves only under Jest's fake
  // timers, so under Vitest's the step never ends; a click and a key press are all this test needs.
  it('paused, it stays on its slide however long passes; the arrow keys still step', () => {
    render(
      <AppProviders store={makeStore()}>
        <Slideshow slides={SLIDES} title={TITLE} />
      </AppProviders>,
    );
    // Playing, it steps once the stored delay (SPEC §9's default) has passed, not before.
    expect(position()).toBe('1 / 3');
    pass(SLIDESHOW_DEFAULT_DELAY_MS - 1);
    expect(position()).toBe('1 / 3');
    pass(1);
    expect(position()).toBe('2 / 3');

    fireEvent.click(screen.getByRole('button', { name: 'Pause the slideshow' }));
    expect(screen.getByRole('button', { name: 'Play the slideshow' })).toBeTruthy();
    pass(HOUR);
    expect(position()).toBe('2 / 3');

    const show = screen.getByRole('region', { name: TITLE });
    fireEvent.keyDown(show, { key: 'ArrowRight' });
    expect(position()).toBe('3 / 3');
    pass(HOUR);
    expect(position()).toBe('3 / 3');
    fireEvent.keyDown(show, { key: 'ArrowLeft' });
    expect(position()).toBe('2 / 3');
    pass(HOUR);
    expect(position()).toBe('2 / 3');
    expect(screen.getByRole('img', { name: 'Slide 2 of 3' }).dataset.slideId).toBe('eps');

    // Played again, it goes on from there after a full delay.
    fireEvent.click(screen.getByRole('button', { name: 'Play the slideshow' }));
    pass(SLIDESHOW_DEFAULT_DELAY_MS - 1);
    expect(position()).toBe('2 / 3');
    pass(1);
    expect(position()).toBe('3 / 3');
  });
});
