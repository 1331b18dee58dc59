import { Box } from '@mui/material';
import {
  measureElement,
  type Rect,
  useWindowVirtualizer,
  type Virtualizer,
  windowScroll,
} from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useRef, useState } from 'react';

export interface VirtualRowsProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** First guess of a row's height; rows are measured once drawn. */
  estimateSize: (row: T) => number;
  renderRow: (row: T, index: number) => ReactNode;
  /** Accessible role of the list and its name. */
  role?: string;
  label: string;
  testId?: string;
  /** A row to bring to the top once drawn (the day of ?selectedDate=), below `stickyOffset` pixels of headers. */
  scrollToKey?: string | null;
  stickyOffset?: number;
}

/**
 * The window's size when it changes. TanStack's own observer also reports it once as the list mounts: a state
 * change inside React's commit, which re-rendered every row synchronously in the commit's task (with all the
 * page's pending effects). The first size is the `initialRect` read as the list is created instead.
 */
function observeWindowResize(instance: Virtualizer<Window, Element>, report: (rect: Rect) => void) {
  const win = instance.scrollElement;
  if (!win) return;
  const onResize = () => report({ width: win.innerWidth, height: win.innerHeight });
  win.addEventListener('resize', onResize, { passive: true });
  return () => win.removeEventListener('resize', onResize);
}

/** Scrolls the window, except to where it already is: TanStack does so as the list mounts, forcing a layout. */
function scrollWindow(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<Window, Element>,
) {
  if (offset + (options.adjustments ?? 0) === instance.scrollOffset) return;
  windowScroll(offset, options, instance);
}

/**
 * A long list drawn a screen at a time against the window's scroll (DESIGN §7: long lists are virtualised): a
 * season week's 1,300+ reports keep a few dozen elements in the page. Rows are measured as they render, so rows
 * of different kinds can have different heights.
 */
export function VirtualRows<T>({
  rows,
  rowKey,
  estimateSize,
  renderRow,
  role = 'list',
  label,
  testId,
  scrollToKey = null,
  stickyOffset = 0,
}: VirtualRowsProps<T>) {
  const listRef = useRef<HTMLDivElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [initialRect] = useState<Rect>(() => ({ width: window.innerWidth, height: window.innerHeight }));

  // Where the list starts on the page, from the resize observer's first report (after the browser's own layout)
  // and each change after it: measured as the list mounted, it forced the layout of the whole new page inside
  // React's commit. Until then the rows are placed from the top, which is where they are drawn anyway.
  useEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const measure = () => setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => {
      const row = rows[index];
      return row === undefined ? 40 : estimateSize(row);
    },
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row);
    },
    overscan: 8,
    initialRect,
    observeElementRect: observeWindowResize,
    scrollToFn: scrollWindow,
    // A row drawn for the first time keeps its estimate until the resize observer reports its size after the
    // browser's own layout: reading its height as it mounts forced the layout of the whole new page inside React's
    // commit (a phone's longest task of the calendar), then re-rendered the list synchronously.
    measureElement: (element, entry, instance) => {
      if (entry) return measureElement(element, entry, instance);
      const index = instance.indexFromElement(element);
      return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
    },
    scrollMargin,
    scrollPaddingStart: stickyOffset,
  });

  // Once per target: bring the chosen row to the top (its key changes when the reader picks another day).
  const scrolledTo = useRef<string | null>(null);
  const targetIndex = scrollToKey ? rows.findIndex((row) => rowKey(row) === scrollToKey) : -1;
  useEffect(() => {
    const target = targetIndex >= 0 ? scrollToKey : null;
    if (target === null || scrolledTo.current === target || scrollMargin === 0) return;
    scrolledTo.current = target;
    virtualizer.scrollToIndex(targetIndex, { align: 'start' });
  }, [scrollToKey, targetIndex, virtualizer, scrollMargin]);
  const items = virtualizer.getVirtualItems();

  return (
    <Box
      ref={listRef}
      role={role}
      aria-label={label}
      data-testid={testId}
      data-total-rows={rows.length}
      sx={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const row = rows[item.index];
        if (row === undefined) return null;
        return (
          <Box
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            role={role === 'list' ? 'listitem' : undefined}
            sx={{ position: 'absolute', top: 0, left: 0, width: '100%' }}
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            {renderRow(row, item.index)}
          </Box>
        );
      })}
    </Box>
  );
}
