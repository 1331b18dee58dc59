import { clampSidePanelWidth, SIDE_PANEL_KEY_STEP, SIDE_PANEL_MAX_WIDTH, SIDE_PANEL_MIN_WIDTH } from '@eh/domain';
import KeyboardDoubleArrowLeftIcon from '@mui/icons-material/KeyboardDoubleArrowLeft';
import KeyboardDoubleArrowRightIcon from '@mui/icons-material/KeyboardDoubleArrowRight';
import { Box, IconButton, Tooltip, useMediaQuery, useTheme } from '@mui/material';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useRef, useState } from 'react';
import { usePreference } from '../settings-sync/live-preferences.ts';

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
  const widthAt = (clientX: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return stored;
    return clampSidePanelWidth(((rect.right - clientX) / rect.width) * 100);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(widthAt(event.clientX));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging !== null) setDragging(widthAt(event.clientX));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging === null) return;
    event.currentTarget.releasePointerCapture(event.pointerId);
    setStored(widthAt(event.clientX));
    setDragging(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = widthForKey(stored, event.key);
    if (next === null) return;
    event.preventDefault();
    if (next !== stored) setStored(next);
  };

  const toggle = (
    <Tooltip title={collapsed ? `Show ${sideLabel.toLowerCase()}` : `Hide ${sideLabel.toLowerCase()}`}>
      <IconButton
        size="small"
        onClick={() => setCollapsed(!collapsed)}
        aria-expanded={!collapsed}
        aria-controls="event-side-panel"
        aria-label={collapsed ? `Show ${sideLabel.toLowerCase()}` : `Hide ${sideLabel.toLowerCase()}`}
        data-testid="side-panel-toggle"
      >
        {collapsed === wide ? <KeyboardDoubleArrowLeftIcon /> : <KeyboardDoubleArrowRightIcon />}
      </IconButton>
    </Tooltip>
  );

  if (!wide) {
    return (
      <Box ref={box} data-testid="side-panel-layout" data-wide="false">
        {main}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>{toggle}</Box>
        {collapsed ? null : (
          <Box id="event-side-panel" component="aside" aria-label={sideLabel} data-testid="side-panel" sx={{ mt: 1 }}>
            {side}
          </Box>
        )}
      </Box>
    );
  }
  return (
    <Box
      ref={box}
      data-testid="side-panel-layout"
      data-wide="true"
      sx={{ display: 'flex', alignItems: 'stretch', minWidth: 0, userSelect: dragging === null ? 'auto' : 'none' }}
    >
      <Box sx={{ flex: '1 1 0', minWidth: 0 }}>{main}</Box>
      {collapsed ? (
        <Box sx={{ pl: 1 }}>{toggle}</Box>
      ) : (
        <>
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
            onPointerCancel={() => setDragging(null)}
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
          <Box
            id="event-side-panel"
            component="aside"
            aria-label={sideLabel}
            data-testid="side-panel"
            data-width={width}
            sx={{ flex: `0 0 ${width}%`, minWidth: 0, maxWidth: `${width}%` }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 0.5 }}>{toggle}</Box>
            {side}
          </Box>
        </>
      )}
    </Box>
  );
}
