import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { useRef, useState, type ReactNode } from 'react';

/**
 * A tooltip on hover and keyboard focus that a click or a tap also opens and closes: Radix's
 * tooltip alone never opens on a touch screen, where there is no hover and a tap closes it.
 * Focus, Escape and leaving work as before; a tap outside, Escape or moving focus away closes
 * one opened by a tap. The trigger must be focusable. It carries its own provider, so pages
 * without tooltips do not load the tooltip code.
 */
export function Tooltip({ trigger, children }: { trigger: ReactNode; children: ReactNode }) {
  // Radix's own state (hover and focus), and whether a click or tap pinned the tooltip open.
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <TooltipPrimitive.Provider delayDuration={200}>
      <TooltipPrimitive.Root open={hovered || pinned} onOpenChange={setHovered}>
        <TooltipPrimitive.Trigger
          asChild
          ref={triggerRef}
          onClick={(event) => {
            // Radix closes the tooltip on a click; a click toggles it here instead.
            event.preventDefault();
            setPinned((open) => !open);
          }}
          onBlur={() => setPinned(false)}
        >
          {trigger}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side="top"
            sideOffset={6}
            collisionPadding={8}
            onEscapeKeyDown={() => setPinned(false)}
            onPointerDownOutside={(event) => {
              // A press on the trigger itself toggles it through the click.
              if (!triggerRef.current?.contains(event.target as Node)) setPinned(false);
            }}
            className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-2 text-xs leading-relaxed text-white shadow-lg"
          >
            {children}
            <TooltipPrimitive.Arrow className="fill-slate-900" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
