/**
 * The taxonomy's changes (catalog staff, owners), each one call answering 201 {id} or 204:
 * POST …/categories {name}, PATCH …/categories/:id {name}, DELETE …/categories/:id,
 * POST …/categories/order {ids}, POST …/categories/:id/subcategories {name},
 * POST …/categories/:id/subcategories/order {ids}, PATCH …/subcategories/:id {name?, categoryId?},
 * DELETE …/subcategories/:id, POST …/collections {title, subtitle},
 * PATCH …/collections/:id {title?, subtitle?}, DELETE …/collections/:id,
 * POST …/collections/order {ids}. Each refreshes the taxonomy and the product lists.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from '../../../lib/staff-client';
import { catalogKey } from './list-products';

const base = '/api/staff/catalog';
const at = (kind: string, id: string) => `${base}/${kind}/${encodeURIComponent(id)}`;

export type TaxonomyChange =
  | { kind: 'create-category'; name: string }
  | { kind: 'rename-category'; id: string; name: string }
  | { kind: 'delete-category'; id: string }
  | { kind: 'order-categories'; ids: string[] }
  | { kind: 'create-subcategory'; categoryId: string; name: string }
  | { kind: 'order-subcategories'; categoryId: string; ids: string[] }
  | { kind: 'update-subcategory'; id: string; name?: string; categoryId?: string }
  | { kind: 'delete-subcategory'; id: string }
  | { kind: 'create-collection'; title: string; subtitle: string }
  | { kind: 'update-collection'; id: string; title?: string; subtitle?: string }
  | { kind: 'delete-collection'; id: string }
  | { kind: 'order-collections'; ids: string[] };

function request(change: TaxonomyChange): [string, 'POST' | 'PATCH' | 'DELETE', unknown] {
  switch (change.kind) {
    case 'create-category':
      return [`${base}/categories`, 'POST', { name: change.name }];
    case 'rename-category':
      return [at('categories', change.id), 'PATCH', { name: change.name }];
    case 'delete-category':
      return [at('categories', change.id), 'DELETE', undefined];
    case 'order-categories':
      return [`${base}/categories/order`, 'POST', { ids: change.ids }];
    case 'create-subcategory':
      return [
        `${at('categories', change.categoryId)}/subcategories`,
        'POST',
        { name: change.name },
      ];
    case 'order-subcategories':
      return [
        `${at('categories', change.categoryId)}/subcategories/order`,
        'POST',
        { ids: change.ids },
      ];
    case 'update-subcategory':
      return [
        at('subcategories', change.id),
        'PATCH',
        { name: change.name, categoryId: change.categoryId },
      ];
    case 'delete-subcategory':
      return [at('subcategories', change.id), 'DELETE', undefined];
    case 'create-collection':
      return [`${base}/collections`, 'POST', { title: change.title, subtitle: change.subtitle }];
    case 'update-collection':
      return [
        at('collections', change.id),
        'PATCH',
        { title: change.title, subtitle: change.subtitle },
      ];
    case 'delete-collection':
      return [at('collections', change.id), 'DELETE', undefined];
    case 'order-collections':
      return [`${base}/collections/order`, 'POST', { ids: change.ids }];
  }
}

export function useChangeTaxonomy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: TaxonomyChange) => {
      const [path, method, body] = request(change);
      await staffRequest(path, null, { method, ...(body === undefined ? {} : { body }) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKey }),
  });
}
