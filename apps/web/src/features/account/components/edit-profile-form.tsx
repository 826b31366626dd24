/**
 * The Profile tab's edit form (decisions 058, 067): contact and company details under the shared
 * ProfileForm rules. The state is chosen from the GST list of states (the checkout's), and the
 * GSTIN's state (its first two digits) must be it, here and on the server, whose field messages
 * land under their fields. Only the fields the buyer changed are sent; the email has its own form.
 */
import type { ProfileForm, ProfileUpdateBodyInput } from '@storefront/shared/accounts';
import { SIGNUP_PLACEHOLDER } from '@storefront/shared/constants';
import { findIndianState } from '@storefront/shared/gst';
import { normaliseGstin } from '@storefront/shared/gstin';
import { IndianStateSelect } from '../../../components/address/indian-state-select';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api/api-client';
import { describeError } from '../../../lib/api/error-message';
import type { SessionUser } from '../../../lib/contexts/session';
import { formRules, useForm } from '../../../lib/form';
import { useUpdateProfile } from '../api/update-profile';

const profileRules = formRules(() =>
  import('@storefront/shared/accounts').then((module) => module.ProfileForm),
);

type Values = Record<keyof ProfileForm, string>;

const FIELDS: readonly {
  name: keyof Values;
  label: string;
  autoComplete: string;
  indianState?: true;
}[] = [
  { name: 'full_name', label: 'Full Name', autoComplete: 'name' },
  { name: 'phone_number', label: 'Phone', autoComplete: 'tel' },
  { name: 'company_name', label: 'Company', autoComplete: 'organization' },
  { name: 'gst_number', label: 'GST Number', autoComplete: 'off' },
  { name: 'business_street', label: 'Street', autoComplete: 'street-address' },
  { name: 'business_city', label: 'City', autoComplete: 'address-level2' },
  { name: 'business_state', label: 'State', autoComplete: 'address-level1', indianState: true },
  { name: 'pincode', label: 'PIN code', autoComplete: 'postal-code' },
];

/** The form's starting values: the account's, its state as the list names it ('' if none). */
export function profileFormValues(user: SessionUser): Values {
  return {
    full_name: user.name,
    phone_number: user.phone,
    company_name: user.companyName,
    gst_number: user.gstNumber,
    business_street: user.businessStreet,
    business_city: user.city,
    business_state: findIndianState(user.businessState)?.name ?? '',
    pincode: user.pincode,
  };
}

/** How a stored value compares with the form's checked one. */
const comparable = (name: keyof Values, value: string) =>
  name === 'gst_number'
    ? normaliseGstin(value)
    : name === 'business_street' && value.trim() === ''
      ? SIGNUP_PLACEHOLDER
      : value.trim();

/** The fields whose checked value differs from where the form started: all PATCH sends. */
export function changedFields(start: Values, checked: ProfileForm): ProfileUpdateBodyInput {
  const changes: ProfileUpdateBodyInput = {};
  for (const { name } of FIELDS) {
    if (comparable(name, checked[name]) !== comparable(name, start[name]))
      changes[name] = checked[name];
  }
  return changes;
}

export function EditProfileForm({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const update = useUpdateProfile();
  const start = profileFormValues(user);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ rules: profileRules, defaultValues: start });

  const onSubmit = handleSubmit(async (values) => {
    const changes = changedFields(start, values);
    if (Object.keys(changes).length === 0) {
      toast({ title: 'Nothing to save', description: 'No detail was changed.' });
      onDone();
      return;
    }
    try {
      await update.mutateAsync(changes);
      toast({ title: 'Profile updated' });
      onDone();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Profile not updated',
        description: describeError(error) ?? 'Please try again.',
      });
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (FIELDS.some((f) => f.name === field)) setError(field as keyof Values, { message });
        }
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Edit profile">
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, label, autoComplete, indianState }) => (
          <FormField
            key={name}
            label={label}
            autoComplete={autoComplete}
            error={errors[name]?.message}
            hint={name === 'gst_number' ? 'Its first two digits are its state’s code.' : undefined}
            {...register(name)}
            control={
              indianState
                ? (props) => (
                    <IndianStateSelect
                      {...props}
                      {...register(name)}
                      placeholder="Choose your business's state"
                    />
                  )
                : undefined
            }
          />
        ))}
      </div>
      <div className="flex gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save changes'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
