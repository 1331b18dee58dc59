/**
 * The native push prompt's open question (SPEC §4), between the login check (app/app-host-start.ts) that asks it and
 * the dialog (push-prompt-dialog.tsx) that shows it. A tiny store of its own: no slice in the web's first load.
 */
import { useSyncExternalStore } from 'react';

export type PushPromptAnswer = 'ok' | 'notNow';

let pending: ((answer: PushPromptAnswer) => void) | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Shows the prompt and waits for the answer. */
export function askPushPrompt(): Promise<PushPromptAnswer> {
  return new Promise((resolve) => {
    pending?.('notNow');
    pending = resolve;
    emit();
  });
}

export function answerPushPrompt(answer: PushPromptAnswer): void {
  const resolve = pending;
  pending = null;
  emit();
  resolve?.(answer);
}

export function isPushPromptOpen(): boolean {
  return pending !== null;
}

export function usePushPromptOpen(): boolean {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, isPushPromptOpen);
}
