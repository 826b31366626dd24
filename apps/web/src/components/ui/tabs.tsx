/**
 * Tabs with the WAI-ARIA tabs pattern: a tablist whose tabs take arrow keys, Home and End
 * (automatic activation, one tab in the tab order), each controlling its tabpanel; only the
 * active panel is mounted. Our own rather than Radix's: Radix Tabs and its shared primitives
 * cost ~10 KB gzipped on the pages that open with tabs (decision 035).
 */
import {
  createContext,
  useContext,
  useId,
  useState,
  type ComponentProps,
  type KeyboardEvent,
} from 'react';
import { cn } from '../../lib/cn';

interface TabsState {
  value: string;
  select: (value: string) => void;
  idOf: (part: 'tab' | 'panel', value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue'> &
  (
    | { value: string; onValueChange: (value: string) => void; defaultValue?: never }
    | { defaultValue: string; value?: never; onValueChange?: never }
  );

export function Tabs({ value, onValueChange, defaultValue, ...props }: TabsProps) {
  const [ownValue, setOwnValue] = useState(defaultValue ?? '');
  const baseId = useId();
  const state: TabsState = {
    value: value ?? ownValue,
    select: onValueChange ?? setOwnValue,
    idOf: (part, tab) => `${baseId}-${part}-${tab}`,
  };
  return (
    <TabsContext.Provider value={state}>
      <div {...props} />
    </TabsContext.Provider>
  );
}

const NEXT_TAB_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * Arrow keys, Home and End move focus along the tabs and select the one they land on. Each tab
 * takes the keys itself: focus is on a tab, never on the tablist.
 */
function moveAlongTabs(event: KeyboardEvent<HTMLButtonElement>) {
  const next = NEXT_TAB_KEYS[event.key];
  const tablist = event.currentTarget.closest('[role="tablist"]');
  if (!next || !tablist) return;
  const tabs = [...tablist.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const index = tabs.indexOf(event.currentTarget);
  event.preventDefault();
  const target = tabs[next(index, tabs.length)]!;
  target.focus();
  target.click();
}

export function TabsList({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn(
        'flex w-full overflow-x-auto border-b border-slate-200 [scrollbar-width:thin]',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf('tab', value)}
      aria-selected={selected}
      aria-controls={tabs.idOf('panel', value)}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={selected ? 0 : -1}
      onClick={() => tabs.select(value)}
      onKeyDown={moveAlongTabs}
      className={cn(
        '-mb-px shrink-0 border-b-2 border-transparent px-4 py-3 text-sm font-medium whitespace-nowrap text-slate-600',
        'hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600',
        'data-[state=active]:border-blue-600 data-[state=active]:text-blue-700',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({
  value,
  className,
  ...props
}: Omit<ComponentProps<'div'>, 'value'> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.idOf('panel', value)}
      aria-labelledby={tabs.idOf('tab', value)}
      tabIndex={0}
      className={cn('py-6 focus-visible:outline-2 focus-visible:outline-blue-600', className)}
      {...props}
    />
  );
}
