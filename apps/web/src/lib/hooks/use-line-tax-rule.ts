/**
 * The line tax rule (lib/line-tax-rule.ts) once loaded: undefined until then. Loading starts
 * when the first component asking for it mounts, and is shared by all; what the rule prices
 * shows a placeholder meanwhile (a few milliseconds after the page has painted).
 */
import { useEffect, useState } from 'react';
import type { LineTaxRule } from '../line-tax-rule';

let rule: LineTaxRule | undefined;
let loading: Promise<LineTaxRule> | undefined;

export function useLineTaxRule(): LineTaxRule | undefined {
  // A function in state: set through updaters, so React does not call it.
  const [loaded, setLoaded] = useState<LineTaxRule | undefined>(() => rule);
  useEffect(() => {
    if (loaded) return;
    let current = true;
    loading ??= import('../line-tax-rule').then((module) => (rule = module.lineTaxFigures));
    void loading.then((next) => current && setLoaded(() => next));
    return () => {
      current = false;
    };
  }, [loaded]);
  return loaded;
}
