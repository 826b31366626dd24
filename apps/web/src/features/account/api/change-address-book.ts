/**
 * The address book's changes (issue 22, decision 066): save or edit a shipping address or a
 * billing entity, delete one, make one the default. Each answers the whole book, which
 * replaces the cached one.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddressBook,
  AddressBookResponse,
  BillingEntityInput,
  ShippingAddressInput,
} from '@storefront/shared/address-book';
import { authRequest } from '../../../lib/api/auth-client';
import { ADDRESS_BOOK_KEY } from '../../../lib/api/get-address-book';

export type EntryKind = 'address' | 'billing';

const base = (kind: EntryKind) =>
  kind === 'address' ? '/api/user/addresses' : '/api/user/billing-entities';

export type AddressBookChange =
  | { action: 'save'; kind: 'address'; id?: string; body: ShippingAddressInput }
  | { action: 'save'; kind: 'billing'; id?: string; body: BillingEntityInput }
  | { action: 'delete' | 'default'; kind: EntryKind; id: string };

export function changeAddressBook(change: AddressBookChange): Promise<AddressBook> {
  const entry = (id: string) => `${base(change.kind)}/${encodeURIComponent(id)}`;
  const request =
    change.action === 'save'
      ? authRequest<AddressBookResponse>(change.id ? entry(change.id) : base(change.kind), {
          method: change.id ? 'PUT' : 'POST',
          body: change.body,
        })
      : change.action === 'delete'
        ? authRequest<AddressBookResponse>(entry(change.id), { method: 'DELETE' })
        : authRequest<AddressBookResponse>(`${entry(change.id)}/default`, {
            method: 'POST',
            body: {},
          });
  return request.then((answer) => answer.payload);
}

export function useChangeAddressBook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeAddressBook,
    onSuccess: (book) => client.setQueryData(ADDRESS_BOOK_KEY, book),
  });
}
