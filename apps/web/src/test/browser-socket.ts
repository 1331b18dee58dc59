import { afterAll, beforeAll, vi } from 'vitest';
import { setAuthTokenProvider } from '../shared/api.ts';

/**
 * The browser's WebSocket as far as the app's live socket uses it (live-start.ts): the addresses connected to, the
 * messages sent and whether each was closed; a test opens and answers them by hand. `BrowserSocket.made` lists every
 * socket of the file (the app starts its one socket once per page, so each scenario is a file of its own).
 */
export class BrowserSocket {
  static made: BrowserSocket[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly sent: unknown[] = [];
  closed = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    BrowserSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
}

/**
 * For a file whose page is visible throughout: fake timers, this stand-in as the browser's WebSocket and a page that
 * is never hidden, undone (with any token provider the file set) after the file.
 */
export function visiblePageWithBrowserSocket(): void {
  beforeAll(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', BrowserSocket);
    vi.stubGlobal('document', { hidden: false, addEventListener() {} });
  });
  afterAll(() => {
    setAuthTokenProvider(null);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}
