/**
 * GET /api/user/address-book (issue 22, decision 066): the buyer's saved shipping addresses and
 * billing entities, defaults first. The checkout offers them; the account's Addresses tab edits
 * them, and every change answers the whole book, cached in place under this key.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressBook, AddressBookResponse } from '@storefront/shared/address-book';
import { authRequest } from './auth-client';
import { useSession } from '../contexts/session';

export const ADDRESS_BOOK_KEY = ['address-book'] as const;

export function getAddressBook(signal?: AbortSignal): Promise<AddressBook> {
  return authRequest<AddressBookResponse>('/api/user/address-book', { signal }).then(
    (body) => body.payload,
  );
}

export const addressBookQueryOptions = () =>
  queryOptions({ queryKey: ADDRESS_BOOK_KEY, queryFn: ({ signal }) => getAddressBook(signal) });

/** The signed-in buyer's book; nothing is fetched for a visitor. */
export function useAddressBook() {
  const { user } = useSession();
  return useQuery({ ...addressBookQueryOptions(), enabled: user !== null });
}
