import { clampSidePanelWidth, SIDE_PANEL_KEY_STEP, SIDE_PANEL_MAX_WIDTH, SIDE_PANEL_MIN_WIDTH } from '@eh/domain';
import KeyboardDoubleArrowLeftIcon from '@mui/icons-material/KeyboardDoubleArrowLeft';
import KeyboardDoubleArrowRightIcon from '@mui/icons-material/KeyboardDoubleArrowRight';
import { Box, Button, IconButton, Tooltip, useMediaQuery, useTheme } from '@mui/material';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useRef, useState } from 'react';
import { usePreference } from '../settings-sync/index.ts';

/** The side panel's entry in the collapse states preference (SPEC §3). */
export const SIDE_PANEL_COLLAPSE_ID = 'eventSidePanel';

/** The width the keys give: arrows move the edge by a step (Page keys by ten), Home and End to the bounds. */
export function widthForKey(width: number, key: string): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowUp':
      return clampSidePanelWidth(width + SIDE_PANEL_KEY_STEP);
    case 'ArrowRight':
    case 'ArrowDown':
      return clampSidePanelWidth(width - SIDE_PANEL_KEY_STEP);
    case 'PageUp':
      return clampSidePanelWidth(width + SIDE_PANEL_KEY_STEP * 5);
    case 'PageDown':
      return clampSidePanelWidth(width - SIDE_PANEL_KEY_STEP * 5);
    case 'Home':
      return SIDE_PANEL_MIN_WIDTH;
    case 'End':
      return SIDE_PANEL_MAX_WIDTH;
    default:
      return null;
  }
}

/**
 * The slides beside a side panel of reports. On a wide screen the panel's width (SPEC §9 default 30 %, a synced
 * preference) is set by dragging its edge or with the keys on the edge (a separator); it collapses to a button,
 * and that is remembered (collapse states). On a phone the panel sits under the slides, full width.
 */
export function SidePanelLayout({ main, side, sideLabel }: { main: ReactNode; side: ReactNode; sideLabel: string }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [stored, setStored] = usePreference('sidePanelWidth');
  const [collapseStates, setCollapseStates] = usePreference('collapseStates');
  const collapsed = collapseStates[SIDE_PANEL_COLLAPSE_ID] === true;
  const [dragging, setDragging] = useState<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const width = dragging ?? stored;

  const setCollapsed = (next: boolean) => setCollapseStates({ ...collapseStates, [SIDE_PANEL_COLLAPSE_ID]: next });
  // A drag moves the edge by as much as the pointer moves, from where it was taken (no jump on the first move).
  const start = useRef<{ x: number; width: number } | null>(null);
  const widthAt = (clientX: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (!start.current || !rect || rect.width === 0) return stored;
    return clampSidePanelWidth(start.current.width + ((start.current.x - clientX) / rect.width) * 100);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { x: event.clientX, width: stored };
    setDragging(stored);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging !== null) setDragging(widthAt(event.clientX));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging === null) return;
    event.currentTarget.releasePointerCapture(event.pointerId);
    const next = widthAt(event.clientX);
    start.current = null;
    setDragging(null);
    if (next !== stored) setStored(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = widthForKey(stored, event.key);
    if (next === null) return;
    event.preventDefault();
    if (next !== stored) setStored(next);
  };

  const label = collapsed ? `Show ${sideLabel.toLowerCase()}` : `Hide ${sideLabel.toLowerCase()}`;
  const toggleProps = {
    onClick: () => setCollapsed(!collapsed),
    'aria-expanded': !collapsed,
    'aria-controls': 'event-side-panel',
    'data-testid': 'side-panel-toggle',
  };
  const toggle = wide ? (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} {...toggleProps}>
        {collapsed ? <KeyboardDoubleArrowLeftIcon /> : <KeyboardDoubleArrowRightIcon />}
      </IconButton>
    </Tooltip>
  ) : (
    <Button size="small" {...toggleProps}>
      {label}
    </Button>
  );

  // The slides stay the first child in every layout, so a phone turned (or a collapse) keeps the slideshow's place.
  return (
    <Box
      ref={box}
      data-testid="side-panel-layout"
      data-wide={wide}
      sx={{
        display: wide ? 'flex' : 'block',
        alignItems: 'stretch',
        minWidth: 0,
        userSelect: dragging === null ? 'auto' : 'none',
      }}
    >
      <Box key="main" sx={{ flex: '1 1 0', minWidth: 0 }}>
        {main}
      </Box>
      {wide && !collapsed ? (
        <Box
          role="separator"
          tabIndex={0}
          aria-orientation="vertical"
          aria-label={`Resize ${sideLabel.toLowerCase()}`}
          aria-controls="event-side-panel"
          aria-valuenow={Math.round(width)}
          aria-valuemin={SIDE_PANEL_MIN_WIDTH}
          aria-valuemax={SIDE_PANEL_MAX_WIDTH}
          aria-valuetext={`${Math.round(width)} percent`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            start.current = null;
            setDragging(null);
          }}
          onKeyDown={onKeyDown}
          data-testid="side-panel-handle"
          sx={{
            flex: '0 0 16px',
            cursor: 'col-resize',
            touchAction: 'none',
            display: 'flex',
            justifyContent: 'center',
            outline: 'none',
            '&::after': {
              content: '""',
              width: 4,
              borderRadius: 2,
              bgcolor: dragging === null ? 'divider' : 'primary.main',
              transition: 'background-color 120ms',
            },
            '&:hover::after, &:focus-visible::after': { bgcolor: 'primary.main' },
          }}
        />
      ) : null}
      {collapsed ? (
        <Box sx={wide ? { pl: 1 } : { display: 'flex', justifyContent: 'flex-end', mt: 1 }}>{toggle}</Box>
      ) : (
        <Box
          id="event-side-panel"
          component="aside"
          aria-label={sideLabel}
          data-testid="side-panel"
          data-width={wide ? width : undefined}
          sx={wide ? { flex: `0 0 ${width}%`, minWidth: 0, maxWidth: `${width}%` } : { mt: 2 }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 0.5 }}>{toggle}</Box>
          {side}
        </Box>
      )}
    </Box>
  );
}
