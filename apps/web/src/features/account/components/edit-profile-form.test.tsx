import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '../../../app/session-provider';
import { Toaster } from '../../../components/ui/toaster';
import { userProfile } from '../../../test/accounts';
import { fakeApi, type FakeAnswer, type FakeRequest } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render';
import { ProfilePage } from '../pages/profile-page';

/** The profile page signed in as `profile`, PATCH answered by `patch`. */
async function openEditor(
  patch: (request: FakeRequest) => FakeAnswer,
  profile = userProfile({ gst_number: GSTIN }),
) {
  localStorage.setItem('access_token', 'access-1');
  localStorage.setItem('refresh_token', 'refresh-1');
  const requests = fakeApi((request) =>
    request.path === '/api/user/me'
      ? request.method === 'PATCH'
        ? patch(request)
        : { body: profile }
      : undefined,
  );
  render(<Toaster />);
  renderRoute(
    <SessionProvider>
      <ProfilePage />
    </SessionProvider>,
    { path: '/profile' },
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
  const form = await screen.findByRole('form', { name: 'Edit profile' });
  const field = (label: string) => within(form).getByLabelText(label);
  const save = () => user.click(within(form).getByRole('button', { name: 'Save changes' }));
  const patches = () => requests.filter((r) => r.method === 'PATCH');
  return { user, form, field, save, patches };
}

/** A Maharashtra GSTIN whose check digit holds (the fixture's does not). */
const GSTIN = '27AABCM1234F1ZX';

beforeEach(() => localStorage.clear());

describe('the profile form (decision 067)', () => {
  it('sends only the fields that changed', { timeout: 20_000 }, async () => {
    const { user, field, save, patches } = await openEditor(() => ({
      body: userProfile({ phone_number: '9822099999' }),
    }));
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '9822099999');
    // Typed back as it was, in another case: not a change.
    await user.clear(field('GST Number'));
    await user.type(field('GST Number'), '27aabcm1234f1zx');
    await save();
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(patches().map((p) => p.body)).toEqual([{ phone_number: '9822099999' }]);
  });

  it('sends nothing when nothing changed', async () => {
    const { save, patches } = await openEditor(() => undefined);
    await save();
    expect(await screen.findByText('Nothing to save')).toBeInTheDocument();
    expect(patches()).toEqual([]);
    expect(screen.queryByRole('form', { name: 'Edit profile' })).toBeNull();
  });

  it('offers the GST list of states with their codes, the account’s chosen', async () => {
    const { field } = await openEditor(() => undefined);
    const state = field('State') as HTMLSelectElement;
    expect(state.tagName).toBe('SELECT');
    expect(state.value).toBe('Maharashtra');
    expect(within(state).getByRole('option', { name: 'Karnataka (29)' })).toHaveValue('Karnataka');
  });

  it(
    'holds the GSTIN’s state to the business state before sending',
    { timeout: 20_000 },
    async () => {
      const { user, form, field, save, patches } = await openEditor(() => ({
        body: userProfile({ business_state: 'Tamil Nadu' }),
      }));
      await user.selectOptions(field('State'), 'Tamil Nadu');
      await save();
      expect(
        await within(form).findByText("The business state must be the GSTIN's state (Maharashtra)"),
      ).toBeInTheDocument();
      expect(patches()).toEqual([]);
      // A Tamil Nadu GSTIN with it is taken, and both are sent.
      await user.clear(field('GST Number'));
      await user.type(field('GST Number'), '33AABCM1234F1Z4');
      await save();
      await screen.findByText('Profile updated');
      expect(patches().map((p) => p.body)).toEqual([
        { gst_number: '33AABCM1234F1Z4', business_state: 'Tamil Nadu' },
      ]);
    },
  );

  it('asks a state of an account that has none', async () => {
    const { user, form, field, save, patches } = await openEditor(
      () => undefined,
      userProfile({ gst_number: GSTIN, business_state: 'string' }),
    );
    expect((field('State') as HTMLSelectElement).value).toBe('');
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '9822099999');
    await save();
    expect(
      await within(form).findByText('Choose a state or union territory from the list'),
    ).toBeInTheDocument();
    expect(patches()).toEqual([]);
  });

  it("shows the server's gstin_state_mismatch under the state", async () => {
    const message = "The business state must be the GSTIN's state (Maharashtra)";
    const { user, form, field, save } = await openEditor(() => ({
      status: 400,
      body: { detail: message, code: 'gstin_state_mismatch', fields: { business_state: message } },
    }));
    await user.clear(field('City'));
    await user.type(field('City'), 'Pune');
    await save();
    expect(await screen.findByText('Profile not updated')).toBeInTheDocument();
    expect(within(form).getByText(message, { selector: 'p' })).toBeInTheDocument();
  });
});
