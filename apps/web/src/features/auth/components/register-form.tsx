/**
 * The register tab (spec §2 "Auth", §3 registration form and signup payload, §5 register rules,
 * §8): the shared RegisterForm schema is the resolver (one schema, two enforcers) and
 * signupBodyFromRegisterForm builds the payload. Success hands the email to the page, which
 * switches to the login tab; there is no automatic login (spec §4). Failure toasts
 * 'Registration failed' with the server's detail and puts its field messages (a common password,
 * say) under their fields. The business state is chosen from the states and union territories
 * with their GST codes (issue 21: an account's GSTIN makes its business Indian; the same list as
 * every Indian address).
 */
import type {
  RegisterForm as RegisterFormValues,
  RegisterFormInput,
  SignupBodyInput,
} from '@storefront/shared/accounts';
import { GST_LENGTH } from '@storefront/shared/constants';
import { IndianStateSelect } from '../../../components/address/indian-state-select';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api/api-client';
import { formRules, useForm } from '../../../lib/form';
import { useSignUp } from '../api/sign-up';
import { errorDetail, REGISTRATION_FAILED_DEFAULT } from '../lib/error-detail';
import { FormField, type FormFieldProps } from '../../../components/ui/form-field';

/** Which form field each signup payload field came from, for the server's field messages. */
const FORM_FIELD_OF: Partial<Record<keyof SignupBodyInput, keyof RegisterFormInput>> = {
  full_name: 'name',
  company_name: 'companyName',
  business_city: 'city',
  business_state: 'state',
  business_street: 'address',
  gst_number: 'gstNumber',
  email: 'email',
  phone_number: 'phone',
  pincode: 'pincode',
  password: 'password',
};

const registerRules = formRules(() =>
  import('@storefront/shared/accounts').then((module) => module.RegisterForm),
);

const EMPTY: RegisterFormInput = {
  name: '',
  companyName: '',
  city: '',
  gstNumber: '',
  email: '',
  phone: '',
  state: '',
  pincode: '',
  address: '',
  password: '',
  confirmPassword: '',
};

type FieldSpec = Omit<FormFieldProps, 'name'> & {
  name: keyof RegisterFormInput;
  wide?: boolean;
  /** Chosen from the Indian states and union territories rather than typed. */
  indianState?: boolean;
};

/** The form's fields in screen order, grouped in two-column rows (one column on phones). */
const FIELD_GROUPS: FieldSpec[][] = [
  [
    { name: 'name', label: 'Full Name', autoComplete: 'name' },
    { name: 'companyName', label: 'Company Name', autoComplete: 'organization' },
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
    { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
    {
      name: 'gstNumber',
      label: 'GST Number',
      maxLength: GST_LENGTH,
      autoCapitalize: 'characters',
      spellCheck: false,
      placeholder: '27AAPFU0939F1ZV',
      inputClassName: 'uppercase placeholder:normal-case',
    },
    { name: 'city', label: 'City', autoComplete: 'address-level2' },
    { name: 'state', label: 'State (optional)', indianState: true },
    {
      name: 'pincode',
      label: 'Pincode (optional)',
      inputMode: 'numeric',
      autoComplete: 'postal-code',
    },
    { name: 'address', label: 'Address (optional)', autoComplete: 'street-address', wide: true },
  ],
  [
    {
      name: 'password',
      label: 'Password',
      type: 'password',
      autoComplete: 'new-password',
      hint: 'At least 8 characters, with an uppercase and a lowercase letter, a number and a special character.',
    },
    {
      name: 'confirmPassword',
      label: 'Confirm Password',
      type: 'password',
      autoComplete: 'new-password',
    },
  ],
];

export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormInput, RegisterFormValues>({
    rules: registerRules,
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      // Loaded with the resolver, which has just validated the values.
      const { signupBodyFromRegisterForm } = await import('@storefront/shared/accounts');
      await signUp.mutateAsync(signupBodyFromRegisterForm(values));
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Registration failed',
        description: errorDetail(error) ?? REGISTRATION_FAILED_DEFAULT,
      });
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          const formField = FORM_FIELD_OF[field as keyof SignupBodyInput];
          if (formField) setError(formField, { message });
        }
      }
      return;
    }
    toast({
      title: 'Registration successful',
      description: 'Please verify your email to continue',
    });
    onRegistered(values.email);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Register">
      {FIELD_GROUPS.map((group) => (
        <div key={group[0]!.name} className="grid gap-4 sm:grid-cols-2">
          {group.map(({ name, wide, indianState, ...input }) => (
            <FormField
              key={name}
              className={wide ? 'sm:col-span-2' : undefined}
              error={errors[name]?.message}
              {...input}
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
      ))}
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create Business Account'}
      </Button>
    </form>
  );
}
