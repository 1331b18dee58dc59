/** The window's size a fresh happy-dom window starts with. */
export const DEFAULT_VIEWPORT = { width: 1024, height: 768 } as const;

/** happy-dom's own handle on the window: the width media queries read. */
export function viewport(width: number, height: number): void {
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height });
}
