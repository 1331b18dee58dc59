import { ERROR_TOAST_DURATION_MS, TOAST_DURATION_MS } from '../constants.ts';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface ToastRequest {
  message: string;
  severity?: ToastSeverity;
  /** How long it stays, in ms; by severity when omitted. */
  durationMs?: number;
  /** A button in the toast (Undo); clicking it runs onClick and hides the toast. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface Toast {
  id: string;
  message: string;
  severity: ToastSeverity;
  durationMs: number;
  /** The action's label only: the state stays serialisable, the callback waits in toast-actions.ts. */
  action?: { label: string };
}

/** SPEC §8: error toasts stay 3 s, the others 5 s, unless the message says otherwise. */
export function toastDuration(severity: ToastSeverity, requested?: number): number {
  if (requested !== undefined && Number.isFinite(requested) && requested > 0) return requested;
  return severity === 'error' ? ERROR_TOAST_DURATION_MS : TOAST_DURATION_MS;
}

export function makeToast(id: string, request: ToastRequest): Toast {
  const severity = request.severity ?? 'info';
  const toast: Toast = {
    id,
    message: request.message,
    severity,
    durationMs: toastDuration(severity, request.durationMs),
  };
  if (request.action) toast.action = { label: request.action.label };
  return toast;
}

/** One toast at a time (SPEC §2): a new toast replaces the current one. */
export function showToast(_current: Toast | null, next: Toast): Toast {
  return next;
}

/** Hides the toast with this id; a newer toast that already replaced it stays. */
export function hideToast(current: Toast | null, id: string): Toast | null {
  return current?.id === id ? null : current;
}
