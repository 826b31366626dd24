import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { fakeApi, type FakeAnswer, type FakeRequest } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render';
import { EmailSection } from './email-section';

async function openForm(answer: (request: FakeRequest) => FakeAnswer) {
  localStorage.setItem('access_token', 'access-1');
  const requests = fakeApi(answer);
  render(<Toaster />);
  renderRoute(<EmailSection email="asha@example.com" />, { path: '/profile' });
  const user = userEvent.setup();
  expect(screen.getByText('asha@example.com')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Change email' }));
  const form = await screen.findByRole('form', { name: 'Change email' });
  const fill = async (email: string, password: string) => {
    await user.type(within(form).getByLabelText('New email'), email);
    await user.type(within(form).getByLabelText('Current password'), password);
    await user.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
  };
  return { form, fill, requests };
}

beforeEach(() => localStorage.clear());

describe('changing the email (decision 067)', () => {
  it('sends the new address and the password, then says where the link went', async () => {
    const msg = 'We sent a link to asha.new@example.com. Your email changes when you open it.';
    const { fill, requests } = await openForm((request) =>
      request.path === '/api/user/change-email' ? { status: 202, body: { msg } } : undefined,
    );
    await fill('Asha.New@example.com', 'Ledger&Lantern-42');
    expect(await screen.findByRole('status')).toHaveTextContent(msg);
    const call = requests.find((r) => r.path === '/api/user/change-email');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('authorization')).toBe('Bearer access-1');
    expect(call?.body).toEqual({
      new_email: 'asha.new@example.com',
      current_password: 'Ledger&Lantern-42',
    });
    expect(screen.queryByRole('form', { name: 'Change email' })).toBeNull();
    // The address shown is still the current one: nothing changes before the link is used.
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
  });

  it('checks the address before sending anything', async () => {
    const { form, fill, requests } = await openForm(() => undefined);
    await fill('not-an-email', 'x');
    expect(await within(form).findByText('Valid email address is required')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it("puts the server's wrong-password refusal under its field", async () => {
    const { form, fill } = await openForm(() => ({
      status: 400,
      body: {
        detail: 'Current password is incorrect',
        code: 'wrong_password',
        fields: { current_password: 'Current password is incorrect' },
      },
    }));
    await fill('asha.new@example.com', 'Wrong&Guess-1');
    expect(await screen.findByText('Email not changed')).toBeInTheDocument();
    expect(
      within(form).getByText('Current password is incorrect', { selector: 'p' }),
    ).toBeInTheDocument();
  });
});
