import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, ButtonBase, type SxProps, type Theme } from '@mui/material';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';

export interface TabBarItem<Key extends string> {
  key: Key;
  label: ReactNode;
  /** A tab that is a link: choosing it navigates there. */
  to?: string;
  id?: string;
  testId?: string;
}

interface TabBarProps<Key extends string> {
  items: readonly TabBarItem<Key>[];
  value: Key;
  onChange?: (key: Key) => void;
  'aria-label': string;
  /** Arrows over the ends of the bar while there is more to scroll to that side. */
  scrollButtons?: boolean;
  sx?: SxProps<Theme>;
}

/** Overflow of the scroller past each end, in pixels (rounding leaves a pixel or so at an end). */
const EDGE_PX = 2;
/** How far an arrow scrolls: most of the visible bar, so a tab half in view stays in view. */
const ARROW_SCROLL_SHARE = 0.8;

const tabSx: SxProps<Theme> = (theme) => ({
  ...theme.typography.button,
  position: 'relative',
  flexShrink: 0,
  minWidth: 'auto',
  minHeight: 48,
  px: 2,
  py: 1.5,
  lineHeight: 1.25,
  whiteSpace: 'nowrap',
  color: 'text.secondary',
  '&[aria-selected="true"]': { color: 'primary.main' },
  '&[aria-selected="true"]::after': {
    content: '""',
    position: 'absolute',
    left: 0,
    right: 0,
    bottom: 0,
    height: 2,
    bgcolor: 'primary.main',
  },
  '&:hover': { color: 'text.primary' },
  '&[aria-selected="true"]:hover': { color: 'primary.main' },
  // Inset: the scroller clips an outset ring.
  '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -3 },
});

const arrowSx = (side: 'left' | 'right'): SxProps<Theme> => ({
  position: 'absolute',
  top: 0,
  bottom: 0,
  [side]: 0,
  width: 40,
  zIndex: 1,
  color: 'text.secondary',
  background: (theme) =>
    `linear-gradient(to ${side === 'left' ? 'right' : 'left'}, ${theme.palette.background.default} 60%, transparent)`,
});

/**
 * A row of tabs (WAI-ARIA tabs: arrow keys, Home and End move between them; Enter or Space chooses) with its
 * selection marked by an underline drawn in CSS, scrolling sideways when it does not fit. Material's Tabs measure
 * every tab after each render to place a sliding indicator and decide on scroll buttons, and set state from
 * those measures: on a phone that was a forced layout and a second render inside the first screens' longest
 * task. Here nothing is measured as React commits; the arrows follow scroll and resize events.
 */
export function TabBar<Key extends string>({
  items,
  value,
  onChange,
  'aria-label': label,
  scrollButtons = false,
  sx,
}: TabBarProps<Key>) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState({ start: false, end: false });

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || !scrollButtons) return;
    const measure = () => {
      const start = scroller.scrollLeft > EDGE_PX;
      const end = scroller.scrollWidth - scroller.clientWidth - scroller.scrollLeft > EDGE_PX;
      setOverflow((now) => (now.start === start && now.end === end ? now : { start, end }));
    };
    // Observers report after the browser's own layout, so reading sizes there forces none.
    const resize = new ResizeObserver(measure);
    resize.observe(scroller);
    scroller.addEventListener('scroll', measure, { passive: true });
    return () => {
      resize.disconnect();
      scroller.removeEventListener('scroll', measure);
    };
  }, [scrollButtons]);

  // The chosen tab in view (a phone opened on /price sees "Price"), once the frame is laid out.
  const selectedIndex = items.findIndex((item) => item.key === value);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const scroller = scrollerRef.current;
      const tab = scroller?.children.item(selectedIndex);
      if (!scroller || !(tab instanceof HTMLElement)) return;
      const left = tab.offsetLeft - (scroller.clientWidth - tab.offsetWidth) / 2;
      if (Math.abs(scroller.scrollLeft - left) > EDGE_PX) scroller.scrollTo({ left: Math.max(0, left) });
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedIndex]);

  const scrollBy = (direction: 1 | -1) => {
    const scroller = scrollerRef.current;
    if (scroller)
      scroller.scrollBy({ left: direction * scroller.clientWidth * ARROW_SCROLL_SHARE, behavior: 'smooth' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]'));
    const at = tabs.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    tabs[next]?.focus();
  };

  return (
    <Box sx={[{ position: 'relative', minHeight: 48 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {scrollButtons && overflow.start ? (
        <ButtonBase aria-hidden tabIndex={-1} sx={arrowSx('left')} onClick={() => scrollBy(-1)}>
          <ChevronLeftIcon fontSize="small" />
        </ButtonBase>
      ) : null}
      <Box
        ref={scrollerRef}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        sx={{
          display: 'flex',
          overflowX: 'auto',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
        }}
      >
        {items.map((item) => {
          const selected = item.key === value;
          const common = {
            role: 'tab',
            'aria-selected': selected,
            tabIndex: selected ? 0 : -1,
            id: item.id,
            'data-testid': item.testId,
            sx: tabSx,
            onClick: onChange ? () => onChange(item.key) : undefined,
          };
          return item.to ? (
            <ButtonBase key={item.key} component={RouterLink} to={item.to} {...common}>
              {item.label}
            </ButtonBase>
          ) : (
            <ButtonBase key={item.key} {...common}>
              {item.label}
            </ButtonBase>
          );
        })}
      </Box>
      {scrollButtons && overflow.end ? (
        <ButtonBase aria-hidden tabIndex={-1} sx={arrowSx('right')} onClick={() => scrollBy(1)}>
          <ChevronRightIcon fontSize="small" />
        </ButtonBase>
      ) : null}
    </Box>
  );
}
