import { ERROR_TOAST_DURATION_MS, TOAST_DURATION_MS } from '../../app/constants.ts';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface ToastRequest {
  message: string;
  severity?: ToastSeverity;
  /** How long it stays, in ms; by severity when omitted. */
  durationMs?: number;
}

export interface Toast {
  id: string;
  message: string;
  severity: ToastSeverity;
  durationMs: number;
}

/** SPEC §8: error toasts stay 3 s, the others 5 s, unless the message says otherwise. */
export function toastDuration(severity: ToastSeverity, requested?: number): number {
  if (requested !== undefined && Number.isFinite(requested) && requested > 0) return requested;
  return severity === 'error' ? ERROR_TOAST_DURATION_MS : TOAST_DURATION_MS;
}

export function makeToast(id: string, request: ToastRequest): Toast {
  const severity = request.severity ?? 'info';
  return { id, message: request.message, severity, durationMs: toastDuration(severity, request.durationMs) };
}

/** One toast at a time (SPEC §2): a new toast replaces the current one. */
export function showToast(_current: Toast | null, next: Toast): Toast {
  return next;
}

/** Hides the toast with this id; a newer toast that already replaced it stays. */
export function hideToast(current: Toast | null, id: string): Toast | null {
  return current?.id === id ? null : current;
}
