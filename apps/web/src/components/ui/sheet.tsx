/**
 * A side drawer on Radix Dialog: focus trapped, Escape and the overlay close it, and focus goes
 * back to whatever opened it (the opener is not a Radix trigger, so that is done here).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  side?: 'left' | 'right' | 'top';
  children: ReactNode;
  className?: string;
  description?: string;
}

export function Sheet({
  open,
  onOpenChange,
  title,
  side = 'left',
  children,
  className,
  description,
}: SheetProps) {
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            returnFocusTo.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className={cn(
            'fixed z-50 flex flex-col bg-white shadow-xl focus:outline-none',
            side === 'left' && 'inset-y-0 left-0 w-[min(22rem,88vw)]',
            side === 'right' && 'inset-y-0 right-0 w-[min(22rem,88vw)]',
            side === 'top' && 'inset-x-0 top-0 max-h-[90vh]',
            className,
          )}
        >
          <div className="flex items-center justify-between bg-slate-900 px-4 py-3 text-white">
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="rounded-md p-1 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{description ?? title}</Dialog.Description>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
