/**
 * The one list an Indian address's state is chosen from (issue 21): every state and union
 * territory by name, with its GST state code ('Karnataka (29)'), as the shared INDIAN_STATES has
 * them. The value is the state's name, which the server also accepts and stores canonically.
 * The checkout's shipping and billing addresses and the signup's business state use it.
 */
import type { ComponentProps } from 'react';
import { INDIAN_STATES } from '@storefront/shared/gst';

export function IndianStateSelect({
  placeholder = 'Choose a state or union territory',
  ...select
}: ComponentProps<'select'> & {
  /** The empty first option's text. */
  placeholder?: string;
}) {
  return (
    <select autoComplete="address-level1" {...select}>
      <option value="">{placeholder}</option>
      {INDIAN_STATES.map((state) => (
        <option key={state.code} value={state.name}>
          {state.name} ({state.code})
        </option>
      ))}
    </select>
  );
}
