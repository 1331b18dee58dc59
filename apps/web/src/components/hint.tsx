import { Tooltip, type TooltipProps } from '@mui/material';
import {
  cloneElement,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type TouchEvent,
  useEffect,
  useRef,
  useState,
} from 'react';

/** Material's own delays: a hover shows the hint after 100 ms; a touch's hint stays 1.5 s after the finger lifts. */
const ENTER_DELAY_MS = 100;
const LEAVE_TOUCH_DELAY_MS = 1500;

interface ChildProps {
  'aria-label'?: string;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onTouchStart?: (event: TouchEvent<HTMLElement>) => void;
  onTouchEnd?: (event: TouchEvent<HTMLElement>) => void;
}

export interface HintProps {
  title: string;
  children: ReactElement<ChildProps>;
  /** Shown at once on a tap (the hint explains something a phone user also needs); otherwise hover and focus only. */
  touch?: boolean;
  arrow?: boolean;
  placement?: TooltipProps['placement'];
}

/**
 * Material's Tooltip, mounted on the first hover, focus or tap. Material's Tooltip stores its child's element in
 * state as it mounts: a state change inside React's commit, which makes React re-render synchronously and run
 * every effect of the page in the same task. A page with a hint on its first screen had its longest task doubled.
 *
 * Until then the child is drawn as it is, named by the title as Material names it (its own `aria-label` wins).
 * Afterwards the child stays the same element; the tooltip is drawn next to it and anchored to it.
 */
export function Hint({ title, children, touch = false, arrow, placement }: HintProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (element: HTMLElement, delay: number) => {
    clearTimeout(timer.current);
    setAnchor(element);
    if (delay === 0) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = (delay = 0) => {
    clearTimeout(timer.current);
    if (delay === 0) setOpen(false);
    else timer.current = setTimeout(() => setOpen(false), delay);
  };

  const own = children.props;
  const child = cloneElement(children, {
    'aria-label': own['aria-label'] ?? title,
    onMouseEnter: (event) => {
      own.onMouseEnter?.(event);
      show(event.currentTarget, ENTER_DELAY_MS);
    },
    onMouseLeave: (event) => {
      own.onMouseLeave?.(event);
      hide();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      if (event.currentTarget.matches(':focus-visible')) show(event.currentTarget, 0);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      hide();
    },
    ...(touch
      ? {
          onTouchStart: (event: TouchEvent<HTMLElement>) => {
            own.onTouchStart?.(event);
            show(event.currentTarget, 0);
          },
          onTouchEnd: (event: TouchEvent<HTMLElement>) => {
            own.onTouchEnd?.(event);
            hide(LEAVE_TOUCH_DELAY_MS);
          },
        }
      : {}),
  });

  return (
    <>
      {child}
      {anchor ? (
        <Tooltip
          title={title}
          open={open}
          onClose={() => hide()}
          arrow={arrow}
          placement={placement}
          disableHoverListener
          disableFocusListener
          disableTouchListener
          slotProps={{ popper: { anchorEl: anchor } }}
        >
          {/* Material wants a child to listen to; the real one above has the listeners and anchors the tooltip. */}
          <span hidden />
        </Tooltip>
      ) : null}
    </>
  );
}
