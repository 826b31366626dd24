/**
 * The Profile tab's edit form (decision 058): contact and company details under the sign-up
 * rules (the shared ProfileUpdateBody); a changed GSTIN is checked again there and on the
 * server, whose field messages land under their fields. The email is not edited here.
 */
import type { ProfileUpdateBodyInput } from '@storefront/shared/accounts';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api/api-client';
import { describeError } from '../../../lib/api/error-message';
import type { SessionUser } from '../../../lib/contexts/session';
import { formRules, useForm } from '../../../lib/form';
import { useUpdateProfile } from '../api/update-profile';

const profileRules = formRules(() =>
  import('@storefront/shared/accounts').then((module) => module.ProfileUpdateBody),
);

type Values = Required<Omit<ProfileUpdateBodyInput, 'business_type'>>;

const FIELDS: readonly { name: keyof Values; label: string; autoComplete: string }[] = [
  { name: 'full_name', label: 'Full Name', autoComplete: 'name' },
  { name: 'phone_number', label: 'Phone', autoComplete: 'tel' },
  { name: 'company_name', label: 'Company', autoComplete: 'organization' },
  { name: 'gst_number', label: 'GST Number', autoComplete: 'off' },
  { name: 'business_street', label: 'Street', autoComplete: 'street-address' },
  { name: 'business_city', label: 'City', autoComplete: 'address-level2' },
  { name: 'business_state', label: 'State', autoComplete: 'address-level1' },
  { name: 'pincode', label: 'PIN code', autoComplete: 'postal-code' },
];

export function EditProfileForm({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    rules: profileRules,
    defaultValues: {
      full_name: user.name,
      phone_number: user.phone,
      company_name: user.companyName,
      gst_number: user.gstNumber,
      business_street: user.businessStreet,
      business_city: user.city,
      business_state: user.businessState,
      pincode: user.pincode,
    } satisfies Values,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
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
        {FIELDS.map(({ name, label, autoComplete }) => (
          <FormField
            key={name}
            label={label}
            autoComplete={autoComplete}
            error={errors[name]?.message}
            {...register(name)}
          />
        ))}
      </div>
      <div className="flex gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save changes'}
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
