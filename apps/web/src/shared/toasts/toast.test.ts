import { describe, expect, it } from 'vitest';
import { ERROR_TOAST_DURATION_MS, TOAST_DURATION_MS } from '../constants.ts';
import { hideToast, makeToast, showToast, toastDuration } from './toast.ts';
import { dropToastAction, runToastAction } from './toast-actions.ts';
import { toastHidden, toastShown, toastsSlice } from './toasts-slice.ts';

describe(toastDuration.name, () => {
  it('keeps errors 3 s and everything else 5 s by default', () => {
    expect(ERROR_TOAST_DURATION_MS).toBe(3000);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(toastDuration('error')).toBe(3000);
    expect(toastDuration('success')).toBe(5000);
    expect(toastDuration('info')).toBe(5000);
    expect(toastDuration('warning')).toBe(5000);
  });

  it('uses the duration a message asks for', () => {
    expect(toastDuration('error', 8000)).toBe(8000);
    expect(toastDuration('success', 1200)).toBe(1200);
  });

  it('ignores nonsense durations', () => {
    expect(toastDuration('error', 0)).toBe(3000);
    expect(toastDuration('info', Number.NaN)).toBe(5000);
    expect(toastDuration('info', -1)).toBe(5000);
  });
});

describe('one toast at a time', () => {
  const first = makeToast('a', { message: 'Added default alerts for AAPL', severity: 'success' });
  const second = makeToast('b', { message: 'Please sign in to subscribe to alerts.', severity: 'error' });

  it('replaces the current toast with a new one', () => {
    expect(showToast(first, second)).toBe(second);
    expect(showToast(null, first)).toBe(first);
  });

  it('hides only the toast it was asked to hide', () => {
    expect(hideToast(second, 'a')).toBe(second);
    expect(hideToast(second, 'b')).toBeNull();
    expect(hideToast(null, 'b')).toBeNull();
  });

  it('defaults severity to info', () => {
    expect(makeToast('c', { message: 'Saved' })).toEqual({
      id: 'c',
      message: 'Saved',
      severity: 'info',
      durationMs: 5000,
    });
  });

  it('holds one toast in the slice', () => {
    let state = toastsSlice.reducer(undefined, toastShown({ message: 'one' }));
    state = toastsSlice.reducer(state, toastShown({ message: 'two', severity: 'error' }));
    expect(state.current?.message).toBe('two');
    expect(state.current?.durationMs).toBe(3000);
    const id = state.current?.id ?? '';
    state = toastsSlice.reducer(state, toastHidden(id));
    expect(state.current).toBeNull();
  });
});

describe('a toast with an action', () => {
  it('keeps only the label in the state; its button runs the callback once', () => {
    const runs: string[] = [];
    const shown = toastShown({
      message: 'Removed alerts for AAPL',
      action: { label: 'Undo', onClick: () => runs.push('undo') },
    });
    const state = toastsSlice.reducer(undefined, shown);
    expect(state.current?.action).toEqual({ label: 'Undo' });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    runToastAction(shown.payload.id);
    runToastAction(shown.payload.id);
    expect(runs).toEqual(['undo']);
  });

  it('runs nothing once the toast is closed or a newer action replaced it', () => {
    const runs: string[] = [];
    const first = toastShown({ message: 'one', action: { label: 'Undo', onClick: () => runs.push('one') } });
    const second = toastShown({ message: 'two', action: { label: 'Undo', onClick: () => runs.push('two') } });
    runToastAction(first.payload.id);
    dropToastAction(second.payload.id);
    runToastAction(second.payload.id);
    expect(runs).toEqual([]);
  });
});
