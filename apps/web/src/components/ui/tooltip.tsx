import {
  cloneElement,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';

/** How long the pointer rests on the trigger before the tooltip opens (ms). */
const HOVER_DELAY = 200;
/** The least gap between the tooltip and the edges of the viewport (px). */
const VIEWPORT_MARGIN = 8;

/**
 * A tooltip above its trigger that opens on hover and keyboard focus, and that a click or a tap
 * also opens and closes: a touch screen has no hover. Escape, moving focus away and, for one
 * opened by a click or a tap, a press outside close it. It is shifted sideways to stay inside
 * the viewport. Our own rather than Radix's, whose floating-ui positioning cost the product page
 * ~15 KB gzipped (decision 035). The trigger must be a focusable element (a button), so the
 * keyboard reaches it and Enter or Space clicks it; its press, focus, click and blur are the
 * tooltip's.
 */
export function Tooltip({
  trigger,
  children,
}: {
  trigger: ReactElement<Record<string, unknown>>;
  children: ReactNode;
}) {
  // Hover or keyboard focus, and whether a click or tap pinned the tooltip open.
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = useState(false);
  const open = hovered || pinned;
  const id = useId();
  const anchorRef = useRef<HTMLDivElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const arrowRef = useRef<HTMLSpanElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Focus that comes from a press is the click's, not the keyboard's.
  const pressing = useRef(false);

  const close = () => {
    clearTimeout(hoverTimer.current);
    setHovered(false);
    setPinned(false);
  };

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onPressOutside = (event: PointerEvent) => {
      if (!anchorRef.current?.contains(event.target as Node)) setPinned(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPressOutside);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPressOutside);
    };
  }, [open]);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  // Centred above the trigger, then moved sideways as far as needed to stay on screen; the
  // arrow moves back by as much, so it still points at the trigger.
  useLayoutEffect(() => {
    const tip = tipRef.current;
    if (!open || !tip) return;
    const { left, right } = tip.getBoundingClientRect();
    const viewportWidth = document.documentElement.clientWidth;
    const shift =
      left < VIEWPORT_MARGIN
        ? VIEWPORT_MARGIN - left
        : right > viewportWidth - VIEWPORT_MARGIN
          ? viewportWidth - VIEWPORT_MARGIN - right
          : 0;
    tip.style.marginLeft = `${shift}px`;
    if (arrowRef.current) arrowRef.current.style.marginLeft = `${-shift}px`;
  }, [open]);

  return (
    <div
      ref={anchorRef}
      className="relative inline-flex"
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        clearTimeout(hoverTimer.current);
        hoverTimer.current = setTimeout(() => setHovered(true), HOVER_DELAY);
      }}
      onPointerLeave={() => {
        clearTimeout(hoverTimer.current);
        setHovered(false);
      }}
    >
      <Trigger
        element={trigger}
        aria-describedby={open ? id : undefined}
        onPointerDown={() => {
          pressing.current = true;
        }}
        onFocus={() => {
          if (!pressing.current) setHovered(true);
        }}
        onClick={() => {
          pressing.current = false;
          setPinned((isPinned) => !isPinned);
        }}
        onBlur={close}
      />
      {open ? (
        <div
          ref={tipRef}
          id={id}
          role="tooltip"
          className="absolute bottom-full left-1/2 z-50 mb-2 w-max max-w-xs -translate-x-1/2 rounded-md bg-slate-900 px-3 py-2 text-xs leading-relaxed text-white shadow-lg"
        >
          {children}
          <span
            ref={arrowRef}
            aria-hidden="true"
            className="absolute top-full left-1/2 -translate-x-1/2 border-x-[6px] border-t-[6px] border-x-transparent border-t-slate-900"
          />
        </div>
      ) : null}
    </div>
  );
}

/** The caller's trigger element with the tooltip's attributes and handlers. */
function Trigger({
  element,
  ...props
}: { element: ReactElement<Record<string, unknown>> } & Record<string, unknown>) {
  return cloneElement(element, props);
}
