/**
 * The categories context (spec §4): categories are null until loaded, with a loading flag and
 * an error; outside its provider the hook throws the spec's message (spec §8).
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Category } from '@storefront/shared/catalog';
import { useCategoriesQuery } from '../api/get-categories';

export interface CategoryState {
  categories: Category[] | null;
  isLoading: boolean;
  error: Error | null;
}

const CategoryContext = createContext<CategoryState | undefined>(undefined);

export function CategoryProvider({ children }: { children: ReactNode }) {
  const query = useCategoriesQuery();
  const value = useMemo<CategoryState>(
    () => ({ categories: query.data ?? null, isLoading: query.isLoading, error: query.error }),
    [query.data, query.isLoading, query.error],
  );
  return <CategoryContext value={value}>{children}</CategoryContext>;
}

export function useCategories(): CategoryState {
  const context = useContext(CategoryContext);
  if (context === undefined) {
    throw new Error('useCategories must be used within a CategoryProvider');
  }
  return context;
}
